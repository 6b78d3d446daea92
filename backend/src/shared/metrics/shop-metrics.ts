import { DynamicModule, Global, Module } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { routePatternOf } from '../http/route-pattern';

/**
 * The shop's Prometheus metrics (issue 13), one registry per app (tests run several in a process):
 * request latency per route, event append latency, and (registered by operations) projector
 * positions and lag; plus Node's own (event-loop lag, heap, CPU).
 */
export class ShopMetrics {
  readonly registry = new Registry();
  readonly httpSeconds = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status class',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });
  readonly appendSeconds = new Histogram({
    name: 'event_append_duration_seconds',
    help: 'Time to append events to a stream (until durable), by outcome',
    labelNames: ['outcome'] as const,
    buckets: [0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 1],
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /**
   * Times every request by its route pattern (`/api/products/:id`, never the id itself, so the
   * series stay few); requests no route matched (static files, the SPA page) share one label.
   */
  timeRequests() {
    return (request: Request, response: Response, next: NextFunction) => {
      const end = this.httpSeconds.startTimer();
      response.once('finish', () => {
        const route = routePatternOf(request) ?? (request.path.startsWith('/api/') ? 'unmatched /api' : 'static or page');
        end({ method: request.method, route, status: `${Math.floor(response.statusCode / 100)}xx` });
      });
      next();
    };
  }

  /** The same store, its appends timed. */
  instrument<Store extends { append(...args: never[]): Promise<unknown> }>(store: Store): Store {
    const append = store.append.bind(store) as (...args: Parameters<Store['append']>) => Promise<unknown>;
    store.append = (async (...args: Parameters<Store['append']>) => {
      const end = this.appendSeconds.startTimer();
      try {
        const result = await append(...args);
        end({ outcome: 'appended' });
        return result;
      } catch (error) {
        end({ outcome: 'refused' });
        throw error;
      }
    }) as Store['append'];
    return store;
  }
}

@Global()
@Module({})
export class MetricsModule {
  static forRoot(metrics: ShopMetrics): DynamicModule {
    return { module: MetricsModule, providers: [{ provide: ShopMetrics, useValue: metrics }], exports: [ShopMetrics] };
  }
}
