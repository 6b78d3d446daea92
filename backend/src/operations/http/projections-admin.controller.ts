import { Controller, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { z } from 'zod';
import { ProjectionRunner } from '../../../../projections/runner/projection-runner';
import { RequirePermission } from '../../shared/http/guards';
import { idParamSchema } from '../../shared/http/id-param';
import { ZodValidationPipe } from '../../shared/http/zod-validation.pipe';
import { EVENT_STORE, EventStore } from '../../storage/event-store/event-store.port';

const projectorNameSchema = z.string().regex(/^[a-z-]{1,60}$/, 'Unknown projector');

/** The back office's view of the read models: how far each projector is, and the events parked as poison. */
@Controller('api/admin/projections')
export class ProjectionsAdminController {
  constructor(
    private readonly projections: ProjectionRunner,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  @Get()
  @RequirePermission('operations:manage')
  async status() {
    return { head: await this.eventStore.headPosition(), projectors: this.projections.checkpoints(), parkedEvents: await this.projections.parked() };
  }

  /** After the cause is fixed: applies the parked event again; it stays parked, with the new error, if it still fails. */
  @Post(':projector/parked/:position/retry')
  @RequirePermission('operations:manage')
  @HttpCode(200)
  async retry(
    @Param('projector', new ZodValidationPipe(projectorNameSchema)) projector: string,
    @Param('position', new ZodValidationPipe(idParamSchema('Event position'))) position: number,
  ) {
    await this.projections.retryParked(projector, position);
    return { message: 'The event was applied and is no longer parked.' };
  }
}
