import { Inject, Injectable } from '@nestjs/common';
import { ANALYTICS_PERIODS, AnalyticsPeriod, FunnelView, RealtimeView, TrafficAnalyticsView, TrafficExportRow } from '../../backend/src/analytics/contract/analytics.views';
import { Document, READ_STORE, ReadStore } from '../../backend/src/storage/read-store/read-store.port';
import {
  ANALYTICS_DAY_KEYS,
  ANALYTICS_DAYS,
  ANALYTICS_FUNNEL,
  ANALYTICS_META,
  ANALYTICS_MINUTE_PAGES,
  ANALYTICS_MINUTES,
  ANALYTICS_RECENT_VISITORS,
  ANALYTICS_ROWS,
  ANALYTICS_WINDOW_KEYS,
  AnalyticsDayDocument,
  DayKeyDocument,
  FunnelDocument,
  KeyKind,
  MinuteDocument,
  MinutePageDocument,
  RowDocument,
  WindowKeyDocument,
  windowField,
  WindowsDocument,
} from './analytics.projector';
import { exportRows, funnelView, KeyViews, periodDays, realtimeView, realtimeWindow, TOP_LIST_LIMIT, topKeys, trafficView } from './traffic-report';

/**
 * The analytics answers for the back office. A period's answer reads its day documents by id and the
 * top lists the projector keeps for the periods ending with the newest day seen (an index read), so it
 * costs the same for a thousand or ten million page views and pages. Nothing is cached: an answer shows
 * every view the projection has reached.
 */
@Injectable()
export class AnalyticsQueries {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  /** `today`: the period's last UTC day (YYYY-MM-DD). */
  async traffic(days: number, today: string): Promise<TrafficAnalyticsView> {
    const period = periodDays(days, today);
    const [dayDocs, pages, sources] = await Promise.all([this.byIds<AnalyticsDayDocument>(ANALYTICS_DAYS, period), this.top('page', days, period), this.top('source', days, period)]);
    return trafficView(period, dayDocs, pages, sources);
  }

  async exportRows(days: number, today: string): Promise<TrafficExportRow[]> {
    const period = periodDays(days, today);
    const rows = await this.readStore.collection<RowDocument>(ANALYTICS_ROWS).find({ day: { $gte: period[0], $lte: today } }, { sort: { day: 1, views: -1, path: 1, source: 1, device: 1 } });
    return exportRows(rows);
  }

  async funnel(days: number, today: string): Promise<FunnelView> {
    const period = periodDays(days, today);
    return funnelView(period, await this.readStore.collection<FunnelDocument>(ANALYTICS_FUNNEL).find({ day: { $gte: period[0], $lte: today } }));
  }

  async realtime(nowMs: number): Promise<RealtimeView> {
    const { since, minutes } = realtimeWindow(nowMs);
    const [buckets, pages, visitors] = await Promise.all([
      this.byIds<MinuteDocument>(ANALYTICS_MINUTES, minutes),
      this.readStore.collection<MinutePageDocument>(ANALYTICS_MINUTE_PAGES).find({ minute: { $gte: minutes[0] } }),
      this.readStore.collection(ANALYTICS_RECENT_VISITORS).count({ minute: { $gte: minutes[0] } }),
    ]);
    return realtimeView(since, buckets, pages, visitors);
  }

  /**
   * The period's most viewed pages or sources: read from the kept periods when they end today (the
   * usual case, a read of an index), otherwise summed from the period's days (a day without any view yet).
   */
  private async top(kind: KeyKind, days: number, period: string[]): Promise<KeyViews[]> {
    const end = (await this.readStore.collection<WindowsDocument>(ANALYTICS_META).findOne({ _id: 'windows' }))?.end;
    if (end === period[period.length - 1] && isPeriod(days)) {
      const field = windowField(days);
      // Read in the index's order; the pages no longer viewed in the period (0) come last, and are left out.
      const kept = await this.readStore.collection<WindowKeyDocument>(ANALYTICS_WINDOW_KEYS).find({ kind }, { sort: { [field]: -1, key: 1 }, limit: TOP_LIST_LIMIT });
      return kept.map((doc) => ({ key: doc.key, views: doc[field] ?? 0 })).filter((entry) => entry.views > 0);
    }
    const rows = await this.readStore.collection<DayKeyDocument>(ANALYTICS_DAY_KEYS).find({ day: { $gte: period[0], $lte: period[period.length - 1] }, kind });
    return topKeys(rows, TOP_LIST_LIMIT);
  }

  /** The documents with these ids that exist, looked up by _id in one query. */
  private async byIds<T extends Document>(collection: string, ids: string[]): Promise<T[]> {
    return this.readStore.collection<T>(collection).find({ _id: { $in: ids } });
  }
}

function isPeriod(days: number): days is AnalyticsPeriod {
  return (ANALYTICS_PERIODS as readonly number[]).includes(days);
}
