import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ProjectionRunner } from '../../../../projections/runner/projection-runner';
import { APP_CONFIG, AppConfig } from '../../config';
import { LeaseKeeper } from '../../shared/leases/lease-keeper';
import { DiskSpace } from '../disk-space';
import { CREDENTIAL_STORE, CredentialStore } from '../../storage/credential-store/credential-store.port';
import { EVENT_STORE, EventStore } from '../../storage/event-store/event-store.port';
import { Document, READ_STORE, ReadStore } from '../../storage/read-store/read-store.port';
import { isOperator } from './operator-access';

/** A store that does not answer within this is "unreachable" for readiness. */
const STORE_TIMEOUT_MS = 2000;

/**
 * For load balancers and monitoring. Whether this instance can serve is public (the status and its
 * HTTP status); what is behind it (volumes in the log, parked events' errors, leases, disk, store
 * errors) only for the METRICS_TOKEN bearer or an administrator's session.
 */
@Controller('api')
export class HealthController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly projections: ProjectionRunner,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CREDENTIAL_STORE) private readonly credentialStore: CredentialStore,
    private readonly leases: LeaseKeeper,
    private readonly disk: DiskSpace,
  ) {}

  /** Liveness: the process answers. Never touches a store, so a slow database does not get the instance restarted. */
  @Get(['health', 'health/live'])
  live() {
    return { status: 'ok' };
  }

  /**
   * Readiness: 503 until the projectors run or while a store does not answer; then 200, `degraded`
   * while a projector has parked an event (the rest of the shop keeps serving, so the instance stays
   * in rotation and the problem stays visible) or while the disk is short (changes are refused with 507,
   * reads go on). To an operator (`isOperator`) also each store's state, each projector's position and
   * lag in events, the free disk space, the parked events and the leases this instance holds; to
   * anyone else `{ status }` alone.
   */
  @Get(['ready', 'health/ready'])
  async ready(@Req() request: Request, @Res({ passthrough: true }) response: Response) {
    // An operator's answer is not one a cache in between may hand to anyone else.
    response.setHeader('Cache-Control', 'no-store');
    if (!this.projections.isStarted()) {
      response.status(503);
      return { status: 'starting' };
    }
    const operator = isOperator(request, this.config);
    const stores = await this.storesReachable();
    if (Object.values(stores).some((state) => state !== 'ok')) {
      response.status(503);
      return operator ? { status: 'unavailable', stores } : { status: 'unavailable' };
    }
    const parked = await this.projections.parked();
    const disk = this.disk.report();
    const status = parked.length > 0 || disk.status !== 'ok' ? 'degraded' : 'ready';
    if (!operator) return { status };
    const head = (await this.eventStore.headPosition()) ?? 0;
    const checkpoints = this.projections.checkpoints();
    return {
      status,
      stores,
      disk,
      head,
      projectors: checkpoints,
      lag: Object.fromEntries(Object.entries(checkpoints).map(([name, position]) => [name, Math.max(0, head - (position ?? 0))])),
      instance: this.leases.owner,
      leases: this.leases.holdings(),
      parkedEvents: parked.map(({ projector, position, type, streamId, error, parkedAt }) => ({ projector, position, type, streamId, error, parkedAt })),
    };
  }

  private async storesReachable(): Promise<Record<'eventStore' | 'readStore' | 'credentialStore', string>> {
    const [eventStore, readStore, credentialStore] = await Promise.all([
      reachable(() => this.eventStore.headPosition()),
      reachable(() => this.readStore.collection<Document>('projection_checkpoints').findOne({ _id: '-' })),
      reachable(() => this.credentialStore.collection<Document>('settings').findOne({ _id: '-' })),
    ]);
    return { eventStore, readStore, credentialStore };
  }
}

async function reachable(probe: () => Promise<unknown>): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => (timer = setTimeout(() => resolve(`no answer within ${STORE_TIMEOUT_MS} ms`), STORE_TIMEOUT_MS)));
  try {
    return await Promise.race([probe().then(() => 'ok'), timeout]);
  } catch (error) {
    return `unreachable: ${(error as Error).message}`;
  } finally {
    clearTimeout(timer);
  }
}
