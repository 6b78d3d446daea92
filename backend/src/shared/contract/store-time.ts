/** The store's day (for "Orders Today") and its clock are Sydney's, wherever the admin or the server is. */
export const STORE_TIME_ZONE = 'Australia/Sydney';

const STORE_TIME = new Intl.DateTimeFormat('en-AU', { timeZone: STORE_TIME_ZONE, day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** An instant as a person in the store reads it, e.g. "24 Nov 2026, 10:41 am Sydney time": for audit sentences. */
export function storeTime(iso: string): string {
  const instant = new Date(iso);
  return Number.isNaN(instant.getTime()) ? iso : `${STORE_TIME.format(instant)} Sydney time`;
}

const WALL_CLOCK = new Intl.DateTimeFormat('en-CA', { timeZone: STORE_TIME_ZONE, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** The store's wall clock at an instant, field by field (year, month, day, hour, minute, second; two digits each but the year). */
function wallClockParts(instant: Date): Record<string, string> {
  return Object.fromEntries(WALL_CLOCK.formatToParts(instant).map((part) => [part.type, part.value]));
}

/** The store's day (YYYY-MM-DD) and hour (0-23) at an instant: when the store's daily jobs are due. */
export function storeDayAndHour(instant: Date): { day: string; hour: number } {
  const parts = wallClockParts(instant);
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

/** How far the store's clock is ahead of UTC at an instant, in ms (10 or 11 hours in Sydney). */
function storeOffsetMs(instant: number): number {
  const parts = wallClockParts(new Date(instant));
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant a store day (YYYY-MM-DD) begins, as ISO 8601 in UTC: the lower bound of a date filter. */
export function storeDayStart(day: string): string {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  // The offset at the guess, then again at the corrected instant (a day on which the clocks change).
  let instant = midnightUtc - storeOffsetMs(midnightUtc);
  instant = midnightUtc - storeOffsetMs(instant);
  return new Date(instant).toISOString();
}

/** The day after a YYYY-MM-DD day. */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
