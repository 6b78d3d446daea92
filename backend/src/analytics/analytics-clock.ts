/**
 * The analytics context's time: the day a report belongs to (and so its stream and its visitor salt),
 * when a day's salt is over, the rate-limit window, the period a query covers and the realtime window.
 * One instance per app, so a test replaces `now` of its own app only (`jest.spyOn(clock, 'now')`).
 */
export interface AnalyticsClock {
  /** Milliseconds since the epoch, as Date.now(). */
  now(): number;
}

export const ANALYTICS_CLOCK = Symbol('ANALYTICS_CLOCK');

export const analyticsClockProvider = { provide: ANALYTICS_CLOCK, useFactory: (): AnalyticsClock => ({ now: () => Date.now() }) };
