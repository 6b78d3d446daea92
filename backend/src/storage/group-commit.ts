export type Outcome<Result> = { ok: true; value: Result } | { ok: false; error: unknown };

/**
 * Group commit for the embedded SQLite stores: everything asked for in one turn of the event
 * loop (concurrent requests, every projector applying the same event) is written in one
 * transaction, so it shares one disk flush instead of paying one each. Each request still resolves
 * only once that transaction is durable (`durable`: the flush, made off the event loop), with its own
 * outcome; if the transaction itself fails, every request in it fails.
 */
export class GroupCommit<Item, Result> {
  private items: Item[] = [];
  private waiters: { resolve: (value: Result) => void; reject: (error: unknown) => void }[] = [];
  private scheduled = false;

  constructor(
    private readonly commit: (items: Item[]) => Outcome<Result>[],
    private readonly durable: () => Promise<void> = () => Promise.resolve(),
  ) {}

  enqueue(item: Item): Promise<Result> {
    this.items.push(item);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }));
  }

  /** Writes what is queued now; also called before the store closes. Answers once what it wrote is durable. */
  flush(): Promise<void> {
    const items = this.items;
    const waiters = this.waiters;
    this.items = [];
    this.waiters = [];
    this.scheduled = false;
    if (items.length === 0) return Promise.resolve();
    let outcomes: Outcome<Result>[];
    try {
      outcomes = this.commit(items);
    } catch (error) {
      for (const waiter of waiters) waiter.reject(error);
      return Promise.resolve();
    }
    return this.durable().then(
      () => outcomes.forEach((outcome, index) => (outcome.ok ? waiters[index].resolve(outcome.value) : waiters[index].reject(outcome.error))),
      (error: unknown) => {
        for (const waiter of waiters) waiter.reject(error);
      },
    );
  }
}
