import { RecordedEvent } from '../../backend/src/storage/event-store/event-store.port';
import { SqliteReadStore } from '../../backend/src/storage/read-store/sqlite-read-store';
import { FAVORITES_COLLECTION, FavoriteDocument, FavoritesProjector } from './favorites.projector';

describe('FavoritesProjector', () => {
  let readStore: SqliteReadStore;
  let projector: FavoritesProjector;
  let position: number;

  beforeEach(async () => {
    readStore = new SqliteReadStore(':memory:', 'rebuildable');
    projector = new FavoritesProjector(readStore);
    await projector.prepare();
    position = 0;
  });
  afterEach(async () => {
    await readStore.close();
  });

  const recorded = (type: 'FavoriteAdded' | 'FavoriteRemoved', userId: string, productId: number, minute = position): RecordedEvent => {
    position += 1;
    const occurredAt = `2026-03-08T10:${String(minute).padStart(2, '0')}:00.000Z`;
    return { id: `event-${position}`, streamId: `favorites-${userId}`, revision: 0, position, type, version: 1, data: { userId, productId }, metadata: { correlationId: 'c', causationId: null, actorId: userId, occurredAt } };
  };
  const applyAll = async (events: RecordedEvent[]) => {
    for (const event of events) if (projector.canHandle(event)) await projector.apply(event);
  };
  const saved = async (userId: string) =>
    (await readStore.collection<FavoriteDocument>(FAVORITES_COLLECTION).find({ userId, saved: true }, { sort: { productId: 1 } })).map(({ productId, addedAt }) => ({ productId, addedAt }));

  it('keeps each customer\'s saved products apart', async () => {
    await applyAll([recorded('FavoriteAdded', 'ada', 1), recorded('FavoriteAdded', 'bob', 2), recorded('FavoriteAdded', 'ada', 3)]);
    expect((await saved('ada')).map((favorite) => favorite.productId)).toEqual([1, 3]);
    expect((await saved('bob')).map((favorite) => favorite.productId)).toEqual([2]);
  });

  it('forgets a removed product, and remembers when it was saved again', async () => {
    await applyAll([recorded('FavoriteAdded', 'ada', 1), recorded('FavoriteRemoved', 'ada', 1)]);
    expect(await saved('ada')).toEqual([]);
    await applyAll([recorded('FavoriteAdded', 'ada', 1, 30)]);
    expect(await saved('ada')).toEqual([{ productId: 1, addedAt: '2026-03-08T10:30:00.000Z' }]);
  });

  it('does not bring back a removed product when an older event is applied again', async () => {
    const add = recorded('FavoriteAdded', 'ada', 1);
    await applyAll([add, recorded('FavoriteRemoved', 'ada', 1)]);
    await projector.apply(add);
    expect(await saved('ada')).toEqual([]);
  });
});
