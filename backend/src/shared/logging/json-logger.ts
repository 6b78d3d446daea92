import { LoggerService, LogLevel } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import pino, { Logger } from 'pino';
import { routePatternOf } from '../http/route-pattern';

/** What every log line written while serving a request carries. */
interface RequestScope {
  correlationId: string;
}

const scope = new AsyncLocalStorage<RequestScope>();

/** A client's X-Request-Id is kept when it looks like one (so a proxy's id follows the request), else a new one is made. */
export function correlationIdOf(request: Request): string {
  const existing = (request as Request & { correlationId?: string }).correlationId;
  if (existing) return existing;
  const header = request.headers['x-request-id'];
  return typeof header === 'string' && /^[\w-]{8,64}$/.test(header) ? header : randomUUID();
}

/**
 * First in the pipeline: gives the request its correlation id (answered as X-Request-Id, written on
 * every log line of the request, and recorded as the correlation id of the events its command appends),
 * and logs the request when answered: method, route pattern, status, duration (at debug below 400).
 */
export function correlateRequests(logger: JsonLogger | null) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const correlationId = correlationIdOf(request);
    (request as Request & { correlationId?: string }).correlationId = correlationId;
    response.setHeader('X-Request-Id', correlationId);
    if (logger) {
      const started = process.hrtime.bigint();
      response.once('finish', () => {
        const route = routePatternOf(request) ?? undefined;
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        logger.request({ correlationId, method: request.method, path: request.path, route, status: response.statusCode, ms: Math.round(ms * 10) / 10 });
      });
    }
    scope.run({ correlationId }, next);
  };
}

const LEVELS: Record<LogLevel, pino.Level> = { fatal: 'fatal', error: 'error', warn: 'warn', log: 'info', debug: 'debug', verbose: 'trace' };

/**
 * Nest's logger as one JSON object per line (pino): time, level, context (the Nest logger's name),
 * message, the request's correlation id when there is one, and the stack of an error. For log
 * collectors (Loki, CloudWatch, Elasticsearch) in production; `LOG_FORMAT=text` keeps Nest's own.
 */
export class JsonLogger implements LoggerService {
  private readonly pino: Logger;

  constructor(level: pino.Level = 'info', destination: pino.DestinationStream = pino.destination(1)) {
    this.pino = pino({ level, base: { service: 'shop' }, timestamp: pino.stdTimeFunctions.isoTime, formatters: { level: (label) => ({ level: label }) } }, destination);
  }

  log(message: unknown, ...rest: unknown[]): void {
    this.write('info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.write('error', message, rest, true);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('trace', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]): void {
    this.write('fatal', message, rest, true);
  }
  setLogLevels(levels: LogLevel[]): void {
    const lowest = (['verbose', 'debug', 'log', 'warn', 'error', 'fatal'] as LogLevel[]).find((level) => levels.includes(level));
    if (lowest) this.pino.level = LEVELS[lowest];
  }

  /** An answered request: info for errors of the server and refusals, debug for the rest (a busy shop's access log is the metrics). */
  request(fields: { correlationId: string; method: string; path: string; route?: string; status: number; ms: number }): void {
    this.pino[fields.status >= 500 ? 'error' : fields.status >= 400 ? 'info' : 'debug']({ ...fields, context: 'Http' }, 'request answered');
  }

  /** Nest passes (message, context) or (message, stack, context); the context is always last. */
  private write(level: pino.Level, message: unknown, rest: unknown[], mayHaveStack = false): void {
    const context = rest.length > 0 && typeof rest[rest.length - 1] === 'string' ? (rest[rest.length - 1] as string) : undefined;
    const stack = mayHaveStack && rest.length > 1 && typeof rest[0] === 'string' ? rest[0] : undefined;
    const correlationId = scope.getStore()?.correlationId;
    const fields: Record<string, unknown> = { context, ...(correlationId ? { correlationId } : {}), ...(stack ? { stack } : {}) };
    if (message instanceof Error) this.pino[level]({ ...fields, err: message }, message.message);
    else if (typeof message === 'object' && message !== null) this.pino[level]({ ...fields, ...message });
    else this.pino[level](fields, String(message));
  }
}
