/** Reading the environment: the same rules for every setting, wherever it is read. */

/** An unset or blank variable is absent. The value is kept as given (a password may have spaces). */
export function blankToNull(value: string | undefined): string | null {
  return value === undefined || value.trim() === '' ? null : value;
}

/** A whole number within bounds, or the fallback when unset; anything else stops the start with the variable named. */
export function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = blankToNull(env[name]);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be a whole number from ${min} to ${max}, got ${raw}`);
  return value;
}
