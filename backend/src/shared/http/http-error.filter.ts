import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { WrongExpectedRevisionError } from '../../storage/event-store/event-store.port';
import { DomainError, NotYetVisibleError } from '../errors';

/** The one error format: the status code and `{ message }` (with a domain error's flags, if it has any). Anything unexpected is logged and answered 500 without details. */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpError');

  catch(error: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const { status, message } = describeError(error);
    if (status >= 500) this.logger.error(error instanceof Error ? error.stack ?? error.message : String(error));
    if (response.headersSent) return;
    if (error instanceof NotYetVisibleError) response.setHeader('Location', error.location);
    if (status === 503) response.setHeader('Retry-After', String(BUSY_RETRY_AFTER_SECONDS));
    response.status(status).json(error instanceof DomainError ? { ...error.hints, message } : { message });
  }
}

export function describeError(error: unknown): { status: number; message: string } {
  if (error instanceof DomainError || error instanceof NotYetVisibleError) return { status: error.status, message: error.message };
  if (error instanceof WrongExpectedRevisionError) {
    return { status: 409, message: 'The record was changed by someone else at the same time. Please try again.' };
  }
  if (error instanceof HttpException) {
    const body = error.getResponse();
    const message = typeof body === 'string' ? body : messageOf(body) ?? error.message;
    return { status: error.getStatus(), message };
  }
  const bodyParserError = error as { type?: string; status?: number };
  if (bodyParserError.type === 'entity.parse.failed') return { status: 400, message: 'The request body is not valid JSON' };
  if (bodyParserError.type === 'entity.too.large') return { status: 413, message: 'The request body is too large' };
  if (typeof bodyParserError.status === 'number' && bodyParserError.status >= 400 && bodyParserError.status < 500) {
    return { status: bodyParserError.status, message: (error as Error).message };
  }
  if (databaseBusy(error)) return { status: 503, message: DATABASE_BUSY };
  return { status: 500, message: 'Something went wrong on our side. Please try again.' };
}

export const DATABASE_BUSY = 'The shop is very busy right now. Please try again in a moment.';
const BUSY_RETRY_AFTER_SECONDS = 5;
/**
 * The database server turned a connection away or could not give one in time: too many clients (53300), not
 * accepting connections yet (57P03), out of resources (53000), or the pool's wait for a connection ran out. The
 * shop is overloaded, not broken: 503 with Retry-After instead of 500 (still logged). As after a 500, what the request
 * wrote before the refusal stands.
 */
const BUSY_SQLSTATES = new Set(['53300', '57P03', '53000']);

function databaseBusy(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && BUSY_SQLSTATES.has(code)) return true;
  return typeof message === 'string' && /^timeout exceeded when trying to connect$/i.test(message);
}

function messageOf(body: object): string | null {
  const message = (body as { message?: unknown }).message;
  if (typeof message === 'string') return message;
  if (Array.isArray(message) && typeof message[0] === 'string') return message[0];
  return null;
}
