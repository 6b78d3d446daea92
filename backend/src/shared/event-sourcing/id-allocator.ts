import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE, EventStore, WrongExpectedRevisionError } from '../../storage/event-store/event-store.port';
import { Document, READ_STORE, ReadStore } from '../../storage/read-store/read-store.port';

export const SEQUENCES_COLLECTION = 'id_sequences';
const MAX_ATTEMPTS = 50;

type Sequence = Document & { value: number };

/**
 * Hands out the small integer ids the storefront shows (product 12, order 1042).
 * The id is claimed by creating its stream with `no_stream`, so two instances can never share one.
 * The counter in the read store is only a hint: when it is behind the log (a rebuilt or lost read
 * store), the first taken id makes the allocator look for the end of the taken range with a
 * doubling probe and a binary search over stream existence, a few reads however many ids exist.
 */
@Injectable()
export class IdAllocator {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  async claim<T>(kind: string, streamOf: (id: number) => string, create: (id: number) => Promise<T>): Promise<T> {
    const sequences = this.readStore.collection<Sequence>(SEQUENCES_COLLECTION);
    for (let attempt = 1; ; attempt += 1) {
      const sequence = await sequences.findOneAndUpdate({ _id: kind }, { $inc: { value: 1 } }, { upsert: true });
      const id = sequence!.value;
      try {
        return await create(id);
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError) || attempt >= MAX_ATTEMPTS) throw error;
        const firstFree = await this.firstFreeAfter(id, streamOf);
        await sequences.updateOne({ _id: kind }, { $max: { value: firstFree - 1 } });
      }
    }
  }

  /** The smallest id above `taken` whose stream does not exist, assuming ids are taken from 1 upwards without gaps. */
  private async firstFreeAfter(taken: number, streamOf: (id: number) => string): Promise<number> {
    const isTaken = async (id: number) => (await this.eventStore.streamRevision(streamOf(id))) !== null;
    let low = taken;
    let step = 1;
    while (await isTaken(low + step)) {
      low += step;
      step *= 2;
    }
    let high = low + step;
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (await isTaken(middle)) low = middle;
      else high = middle;
    }
    return high;
  }
}
