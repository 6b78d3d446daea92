import { Collection, Document, DuplicateKeyError } from '../read-store/read-store.port';

/**
 * The document kept under `_id`, made now if there is none: race-safe across instances, since the
 * first insert wins and everyone reads the winner. For values every instance must share and nobody
 * may replace (the session and upload secrets, a day's visitor salt).
 */
export async function storedOnce<T extends Document>(collection: Collection<T>, id: string, make: () => T): Promise<T> {
  const existing = await collection.findOne({ _id: id });
  if (existing) return existing;
  const made = make();
  try {
    await collection.insertOne(made);
    return made;
  } catch (error) {
    if (!(error instanceof DuplicateKeyError)) throw error;
    return (await collection.findOne({ _id: id }))!;
  }
}
