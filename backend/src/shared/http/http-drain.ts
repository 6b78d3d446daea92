import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Server } from 'node:http';
import { RequestsInFlight } from './requests-in-flight';

/** How long a stop waits for the answers still being given. */
const DRAIN_MS = 10_000;

/**
 * Provided by the root module, whose destroy hook Nest calls first: the HTTP server is drained
 * (RequestsInFlight.drain) while projections, supervisors and stores still run, so the last answers
 * are whole, and only then does the rest of the shop stop.
 */
@Injectable()
export class HttpDrain implements OnModuleDestroy {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly requests: RequestsInFlight,
  ) {}

  async onModuleDestroy(): Promise<void> {
    const server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
    // An app driven in-process (tests through supertest) never listened.
    if (!server?.listening) return;
    await this.requests.drain(server, DRAIN_MS);
  }
}
