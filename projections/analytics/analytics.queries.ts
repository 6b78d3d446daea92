import { Inject, Injectable } from '@nestjs/common';
import { FunnelView, RealtimeView, TrafficAnalyticsView, TrafficExportRow } from '../../backend/src/analytics/contract/analytics.views';
import { Document, READ_STORE, ReadStore } from '../../backend/src/storage/read-store/read-store.port';
import { ANALYTICS_DAY_ROWS, ANALYTICS_DAYS, ANALYTICS_MINUTES, AnalyticsDayDocument, DayCountersDocument, dayShardId, MinuteDocument, ROW_SHARDS } from './analytics.projector';
import { exportRows, funnelView, periodDays, realtimeView, realtimeWindow, trafficView } from './traffic-report';

/**
 * The analytics answers for the back office, read from the daily documents of the period by id: a
 * 90-day answer reads 90 day documents, whatever the traffic of those days.
 * Nothing is cached: an answer shows every view the projection has reached.
 */
@Injectable()
export class AnalyticsQueries {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  /** `today`: the period's last UTC day (YYYY-MM-DD). */
  async traffic(days: number, today: string): Promise<TrafficAnalyticsView> {
    const period = periodDays(days, today);
    return trafficView(period, await this.byIds<AnalyticsDayDocument>(ANALYTICS_DAYS, period));
  }

  async exportRows(days: number, today: string): Promise<TrafficExportRow[]> {
    const ids = periodDays(days, today).flatMap((day) => Array.from({ length: ROW_SHARDS }, (_, shard) => dayShardId(day, shard)));
    return exportRows(await this.byIds<DayCountersDocument>(ANALYTICS_DAY_ROWS, ids));
  }

  async funnel(days: number, today: string): Promise<FunnelView> {
    const period = periodDays(days, today);
    return funnelView(period, await this.byIds<AnalyticsDayDocument>(ANALYTICS_DAYS, period));
  }

  async realtime(nowMs: number): Promise<RealtimeView> {
    const { since, minutes } = realtimeWindow(nowMs);
    return realtimeView(since, await this.byIds<MinuteDocument>(ANALYTICS_MINUTES, minutes));
  }

  /** The documents with these ids that exist, looked up by _id, which every read store answers without a scan. */
  private async byIds<T extends Document>(collection: string, ids: string[]): Promise<T[]> {
    const found = await Promise.all(ids.map((_id) => this.readStore.collection<T>(collection).findOne({ _id })));
    return found.filter((doc) => doc !== null);
  }
}
