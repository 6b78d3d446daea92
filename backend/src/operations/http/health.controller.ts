import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ProjectionRunner } from '../../../../projections/runner/projection-runner';
import { EVENT_STORE, EventStore } from '../../storage/event-store/event-store.port';

/** For load balancers and monitoring: no session, no secrets, only whether this instance can serve and what is parked. */
@Controller('api/health')
export class HealthController {
  constructor(
    private readonly projections: ProjectionRunner,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  @Get('live')
  live() {
    return { status: 'ok' };
  }

  /**
   * 503 until the projectors run; then 200, `degraded` while a projector has parked an event (the
   * rest of the shop keeps serving, so the instance stays in rotation and the problem stays visible).
   */
  @Get('ready')
  async ready(@Res({ passthrough: true }) response: Response) {
    if (!this.projections.isStarted()) {
      response.status(503);
      return { status: 'starting' };
    }
    const parked = await this.projections.parked();
    return {
      status: parked.length > 0 ? 'degraded' : 'ready',
      head: await this.eventStore.headPosition(),
      projectors: this.projections.checkpoints(),
      parkedEvents: parked.map(({ projector, position, type, streamId, error, parkedAt }) => ({ projector, position, type, streamId, error, parkedAt })),
    };
  }
}
