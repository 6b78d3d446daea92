import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ProjectionRunner } from '../../../../projections/runner/projection-runner';
import { LeaseKeeper } from '../../shared/leases/lease-keeper';
import { DiskSpace } from '../disk-space';
import { CREDENTIAL_STORE, CredentialStore } from '../../storage/credential-store/credential-store.port';
import { EVENT_STORE, EventStore } from '../../storage/event-store/event-store.port';
import { Document, READ_STORE, ReadStore } from '../../storage/read-store/read-store.port';

/** A store that does not answer within this is "unreachable" for readiness. */
const STORE_TIMEOUT_MS = 2000;

/** For load balancers and monitoring: no session, no secrets, only whether this instance can serve and what is parked. */
@Controller('api')
export class HealthController {
  constructor(
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
 * reads go on), with each projector's position and lag in events, the free disk space, and
   * the leases this instance holds (which background work runs here).
   */
  @Get(['ready', 'health/ready'])
  async ready(@Res({ passthrough: true }) response: Response) {
    if (!this.projections.isStarted()) {
      response.status(503);
      return { status: 'starting' };
    }
    const stores = await this.storesReachable();
    if (Object.values(stores).some((state) => state !== 'ok')) {
      response.status(503);
      return { status: 'unavailable', stores };
    }
    const head = (await this.eventStore.headPosition()) ?? 0;
    const parked = await this.projections.parked();
    const checkpoints = this.projections.checkpoints();
    const disk = this.disk.report();
    return {
      status: parked.length > 0 || disk.status !== 'ok' ? 'degraded' : 'ready',
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
