/**
 * A Map of at most `limit` entries, for caches: `set` makes the entry the newest and, past the limit, drops the
 * oldest one. A `set` on every read (see `touch`) keeps it in least-recently-used order.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(readonly limit: number) {
    super();
  }

  override set(key: K, value: V): this {
    super.delete(key);
    super.set(key, value);
    if (this.size > this.limit) super.delete(this.keys().next().value as K);
    return this;
  }

  /** The entry, made the newest: what a least-recently-used cache does on a hit. */
  touch(key: K): V | undefined {
    if (!this.has(key)) return undefined;
    const value = super.get(key) as V;
    this.set(key, value);
    return value;
  }
}
