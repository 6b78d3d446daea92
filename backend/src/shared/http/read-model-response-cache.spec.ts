import { AppliedListener, ProjectionRunner } from '../../../../projections/runner/projection-runner';
import { RecordedEvent } from '../../storage/event-store/event-store.port';
import { Invalidation, ReadModelResponseCache, withHeaders } from './read-model-response-cache';

/** A runner that tells its listeners only what the test says was applied. */
class AppliedEvents {
  asRunner(): ProjectionRunner {
    return { onApplied: (listener: AppliedListener, projectors: string[]) => (this.listeners.push({ listener, projectors }), () => undefined) } as unknown as ProjectionRunner;
  }
  private listeners: { listener: AppliedListener; projectors: string[] }[] = [];
  apply(projector: string, type: string, data: Record<string, unknown>): void {
    const event = { type, data, streamId: 'x', id: 'e', position: 1, revision: 0, version: 1, metadata: {} } as unknown as RecordedEvent;
    for (const { listener, projectors } of this.listeners) if (projectors.includes(projector)) listener(projector, event);
  }
}

const byProduct = (_projector: string, event: RecordedEvent): Invalidation => (event.type === 'StockReserved' ? { tags: [`product:${(event.data as { productId: number }).productId}`] } : event.type === 'PageViewed' ? null : 'all');

describe('ReadModelResponseCache', () => {
  let events: AppliedEvents;
  let cache: ReadModelResponseCache;
  let computed: string[];
  const answer = (key: string, products: number[]) => cache.get(key, async () => (computed.push(key), withHeaders({ key, products }, {}, products.map((id) => `product:${id}`))));

  beforeEach(() => {
    events = new AppliedEvents();
    cache = new ReadModelResponseCache(events.asRunner(), ['catalogue'], byProduct);
    computed = [];
  });

  it('drops only the answers that show the product an event changed, and keeps the others', async () => {
    await answer('page-1', [1, 2]);
    await answer('page-2', [3, 4]);
    events.apply('catalogue', 'StockReserved', { productId: 3 });
    await answer('page-1', [1, 2]);
    await answer('page-2', [3, 4]);
    expect(computed).toEqual(['page-1', 'page-2', 'page-2']);
  });

  it('drops everything for an event that may change any answer, and nothing for one of another projector or of no concern', async () => {
    await answer('page-1', [1]);
    events.apply('orders', 'OrderPlaced', {});
    events.apply('catalogue', 'PageViewed', {});
    await answer('page-1', [1]);
    events.apply('catalogue', 'ProductCreated', { productId: 9 });
    await answer('page-1', [1]);
    expect(computed).toEqual(['page-1', 'page-1']);
  });

  it('does not keep an answer computed while an event that concerns it was applied', async () => {
    let release!: () => void;
    const slow = cache.get('page-1', async () => {
      computed.push('page-1');
      await new Promise<void>((resolve) => (release = resolve));
      return withHeaders({}, {}, ['product:1']);
    });
    await new Promise((resolve) => setImmediate(resolve));
    events.apply('catalogue', 'StockReserved', { productId: 1 });
    release();
    await slow;
    await answer('page-1', [1]);
    expect(computed).toEqual(['page-1', 'page-1']);
  });
});
