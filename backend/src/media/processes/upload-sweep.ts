import { Inject, Injectable, Logger } from '@nestjs/common';
import { PendingUploadQueries } from '../../../../projections/media/pending-upload.queries';
import { systemContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { LeaseKeeper } from '../../shared/leases/lease-keeper';
import { SweepingService } from '../../shared/processes/periodic-sweep';
import { OBJECT_STORE, ObjectStore } from '../../storage/object-store/object-store.port';
import { uploadObjectKey } from '../commands/receive-upload.command';
import { uploadStream } from '../contract/media.events';
import { mayDiscard, uploadDecider } from '../domain/upload.decider';

const SWEEP_INTERVAL_MS = 10 * 60_000;
/** An unused upload is kept this long after its link expired (an attachment on its way to a message). */
export const UPLOAD_GRACE_MS = 60 * 60_000;
const BATCH = 200;

/**
 * Deletes what was uploaded and never used: every upload link not made into an image or attached by
 * the time it expired and a grace passed loses its file (if any arrived) and records UploadDiscarded.
 * The file goes first, then the record: a crash in between deletes it again on the next sweep (a
 * missing file is no error). A file a crash left without its UploadReceived is found the same way,
 * since every issued link is listed until its end. Runs at start-up on the embedded store, and every
 * 10 minutes in the instance holding the lease `sweep:UploadSweep`.
 */
@Injectable()
export class UploadSweep extends SweepingService<[number], number> {
  private readonly logger = new Logger('UploadSweep');

  constructor(
    private readonly streams: StreamExecutor,
    @Inject(OBJECT_STORE) private readonly objects: ObjectStore,
    private readonly pending: PendingUploadQueries,
    leases: LeaseKeeper,
  ) {
    super('UploadSweep', SWEEP_INTERVAL_MS, leases, () => [Date.now()]);
  }

  /** Resolves with how many uploads it discarded, as of `now`; waits for a sweep already running. */
  sweep(now = Date.now()): Promise<number> {
    return this.runSweep(now);
  }

  protected async sweepOnce(now: number): Promise<number> {
    const at = new Date(now).toISOString();
    let discarded = 0;
    for (;;) {
      const uploadIds = await this.pending.expiredBefore(new Date(now - UPLOAD_GRACE_MS), BATCH);
      let progressed = 0;
      for (const uploadId of uploadIds) {
        try {
          const { state } = await this.streams.load(uploadStream(uploadId), uploadDecider);
          // Used or attached meanwhile (the read model lags the stream): left alone.
          if (!mayDiscard(state, at, UPLOAD_GRACE_MS)) continue;
          await this.objects.delete(uploadObjectKey(uploadId));
          await this.streams.execute(uploadStream(uploadId), uploadDecider, { kind: 'discard', at, graceMs: UPLOAD_GRACE_MS, hadFile: state.received !== null }, systemContext());
          discarded += 1;
          progressed += 1;
        } catch (error) {
          this.logger.error(`Could not discard upload ${uploadId}; trying again on the next sweep`, (error as Error).stack);
        }
      }
      if (uploadIds.length < BATCH || progressed === 0) break;
    }
    if (discarded > 0) this.logger.log(`Deleted ${discarded} upload(s) not used before their link expired`);
    return discarded;
  }
}
