import { Inject, Injectable } from '@nestjs/common';
import { WrongExpectedRevisionError } from '../../storage/event-store/event-store.port';
import { Document, READ_STORE, ReadStore } from '../../storage/read-store/read-store.port';

export const SEQUENCES_COLLECTION = 'id_sequences';
const MAX_ATTEMPTS = 50;

type Sequence = Document & { value: number };

/**
 * Hands out the small integer ids the storefront shows (product 12, order 1042).
 * The counter is only a hint; the id is really claimed by creating its stream with
 * `no_stream`, so two instances or a counter behind the log can never share an id.
 */
@Injectable()
export class IdAllocator {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async claim<T>(kind: string, create: (id: number) => Promise<T>): Promise<T> {
    const sequences = this.readStore.collection<Sequence>(SEQUENCES_COLLECTION);
    for (let attempt = 1; ; attempt += 1) {
      const sequence = await sequences.findOneAndUpdate({ _id: kind }, { $inc: { value: 1 } }, { upsert: true });
      try {
        return await create(sequence!.value);
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }
}

/** Projectors call this for every id they see, so a rebuilt read store resumes after the highest id in the log. */
export async function recordIdInUse(readStore: ReadStore, kind: string, id: number): Promise<void> {
  await readStore.collection<Sequence>(SEQUENCES_COLLECTION).updateOne({ _id: kind }, { $max: { value: id } }, { upsert: true });
}
