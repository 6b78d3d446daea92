/**
 * One turn at a time per key, in arrival order: `enter` resolves when the caller's turn has come
 * and gives the function that ends it; `run` does both around a piece of work. Keys without waiters take no memory.
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<void>>();

  async enter(key: string): Promise<() => void> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let end!: () => void;
    const turn = new Promise<void>((resolve) => (end = resolve));
    const tail = previous.then(() => turn);
    this.tails.set(key, tail);
    await previous;
    return () => {
      end();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    };
  }

  async run<T>(key: string | number, work: () => Promise<T>): Promise<T> {
    const done = await this.enter(String(key));
    try {
      return await work();
    } finally {
      done();
    }
  }
}
