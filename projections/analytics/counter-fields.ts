/**
 * Paths and sources come from whoever sends a report, and become field names in the read models'
 * counter maps (`pages.<path>.views`). A field name must never be a dotted path, a `$` operator or
 * an Object.prototype member (`__proto__`), so every key is escaped and prefixed.
 */
export function fieldOf(key: string): string {
  return `k${key.replace(/[%.$]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

export function keyOf(field: string): string {
  return field.slice(1).replace(/%(25|2E|24)/g, (_, code: string) => String.fromCharCode(Number.parseInt(code, 16)));
}

/**
 * Which of `shards` documents holds a key's counters (FNV-1a): a day with thousands of pages or export
 * rows is split over several documents, so counting a view rewrites one small document, not all of them.
 */
export function shardOf(key: string, shards: number): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index += 1) {
    hash ^= key.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % shards;
}
