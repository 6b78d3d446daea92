/**
 * Bytes by key: uploaded originals and the image variants made from them. Keys are relative
 * paths of plain segments (`images/3f9a…/640.webp`); the object store is not a read model, so
 * nothing here is rebuilt from the log, and the log records what each object is.
 */
export interface StoredObject {
  bytes: Buffer;
  contentType: string;
  size: number;
}

export interface ObjectStore {
  /** Stores the bytes under the key, replacing what was there; durable and whole once it resolves (a reader never sees half an object). */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object, or null when the key holds nothing. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing a key that holds nothing is not an error. */
  delete(key: string): Promise<void>;
}

export const OBJECT_STORE = Symbol('OBJECT_STORE');

export class InvalidObjectKeyError extends Error {
  constructor(key: string) {
    super(`Not a valid object key: ${JSON.stringify(key.slice(0, 100))}`);
    this.name = 'InvalidObjectKeyError';
  }
}

/**
 * Segments of letters, digits, `.`, `_` and `-` that start with a letter or digit, joined by `/`:
 * no `..`, no absolute path, no backslash, no hidden file, so no key can leave the store's folder
 * or collide with an adapter's temporary files.
 */
const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}(\/[A-Za-z0-9][A-Za-z0-9._-]{0,127}){0,7}$/;

export function assertObjectKey(key: string): void {
  if (typeof key !== 'string' || !KEY.test(key)) throw new InvalidObjectKeyError(String(key));
}
