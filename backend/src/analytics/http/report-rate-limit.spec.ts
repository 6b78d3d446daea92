import type { AppConfig } from '../../config';
import { TooManyRequestsError } from '../../shared/errors';
import { SqliteReadStore } from '../../storage/read-store/sqlite-read-store';
import type { VisitorSalts } from '../commands/visitor-salts';
import { ReportRateLimit } from './report-rate-limit';

describe('ReportRateLimit', () => {
  const now = Date.parse('2026-03-10T12:00:30Z');
  let store: SqliteReadStore;
  let limit: ReportRateLimit;
  /** Holds the merge at the store's door until released, as a busy store would. */
  let release: () => void = () => undefined;

  beforeEach(() => {
    store = new SqliteReadStore(':memory:', 'full');
    const salts = { visitorOf: async (day: string, client: string) => `${day}:${client}` } as unknown as VisitorSalts;
    limit = new ReportRateLimit({ analyticsReportsPerClientPerMinute: 3 } as AppConfig, { now: () => now }, store, salts);
  });
  afterEach(async () => {
    release();
    await store.close();
  });

  const merge = () => (limit as unknown as { merge(): Promise<void> }).merge();

  it('counts the reports a merge is still writing: a report made meanwhile is refused past the limit', async () => {
    for (let report = 0; report < 3; report += 1) limit.consume('203.0.113.9');
    const gate = new Promise<void>((resolve) => (release = resolve));
    const windows = store.collection('rate_limits');
    const write = windows.findOneAndUpdate.bind(windows);
    jest.spyOn(store, 'collection').mockReturnValue({ ...windows, findOneAndUpdate: async (...args: Parameters<typeof write>) => (await gate, write(...args)) } as typeof windows);
    const merging = merge();
    // The merge has taken the counts and waits for the store.
    await new Promise((resolve) => setImmediate(resolve));
    expect(() => limit.consume('203.0.113.9')).toThrow(TooManyRequestsError);
    release();
    await merging;
    expect(() => limit.consume('203.0.113.9')).toThrow(TooManyRequestsError);
    // Another client is counted on its own.
    expect(() => limit.consume('198.51.100.4')).not.toThrow();
  });

  it('gives a merge that failed its counts back, still counted', async () => {
    for (let report = 0; report < 3; report += 1) limit.consume('203.0.113.9');
    const windows = store.collection('rate_limits');
    jest.spyOn(store, 'collection').mockReturnValue({ ...windows, findOneAndUpdate: async () => Promise.reject(new Error('store away')) } as typeof windows);
    await merge();
    expect(() => limit.consume('203.0.113.9')).toThrow(TooManyRequestsError);
  });
});
