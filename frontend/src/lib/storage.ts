/** Browser storage that never breaks the page: a value that cannot be read is logged and reset (spec §8). */
export function readStored<T>(key: string, parse: (raw: unknown) => T | undefined): T | undefined {
  const raw = window.localStorage.getItem(key);
  if (raw === null) return undefined;
  try {
    const value = parse(JSON.parse(raw));
    if (value === undefined) throw new Error('unexpected shape');
    return value;
  } catch (error) {
    console.warn(`Resetting the saved ${key}:`, error);
    window.localStorage.removeItem(key);
    return undefined;
  }
}

export function writeStored(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch (error) {
    console.warn(`Could not save ${key}:`, error);
  }
}
