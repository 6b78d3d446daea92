import { Inject, Injectable } from '@nestjs/common';
import { READ_STORE, ReadStore } from '../../backend/src/storage/read-store/read-store.port';
import { OPEN_PROCESSES_COLLECTION, OpenProcessDocument, ProcessKind } from './open-processes.projector';

@Injectable()
export class OpenProcessQueries {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  /** Runs of these kinds opened before `before` that have not ended: a settlement while only one of its sides is recorded. */
  async interrupted(kinds: ProcessKind[], before: Date): Promise<OpenProcessDocument[]> {
    const cutoff = before.toISOString();
    return this.readStore.collection<OpenProcessDocument>(OPEN_PROCESSES_COLLECTION).find(
      {
        kind: { $in: kinds },
        openedAt: { $lte: cutoff },
        // A reversing settlement has its order side recorded and its payment side taken back: the reversal finishes it, not the settlement.
        $or: [{ kind: { $ne: 'settlement' } }, { orderRecorded: true, paymentRecorded: { $ne: true }, reversing: { $ne: true } }, { paymentRecorded: true, orderRecorded: { $ne: true } }],
      },
      { sort: { openedAt: 1 } },
    );
  }

  /** Settlements whose payment's confirmation a reorganisation undid while the order still counts it as paid: the order is to record the reversal. */
  async reversals(): Promise<OpenProcessDocument[]> {
    return this.readStore.collection<OpenProcessDocument>(OPEN_PROCESSES_COLLECTION).find({ kind: 'settlement', reversing: true, orderRecorded: true }, { sort: { openedAt: 1 } });
  }
}
