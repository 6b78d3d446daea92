import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ANALYTICS_CLOCK, AnalyticsClock } from '../analytics-clock';
import { PageViewInput } from '../contract/analytics-input';
import { isShopPath, normalisePath, sourceOf, utcDay } from '../domain/page-view';
import { ReportingClient, visitorOf } from './reporting-client';
import { TrafficLog } from './traffic-log';
import { VisitorSalts } from './visitor-salts';

/** Resolves with whether the view counts: bots and the back office's own pages do not. */
export class RecordPageView extends Command<{ counted: boolean }> {
  constructor(
    readonly view: PageViewInput,
    readonly client: ReportingClient,
  ) {
    super();
  }
}

/** A route view of the storefront becomes a PageViewed on its day's stream: path, source, device and the day's visitor hash. */
@CommandHandler(RecordPageView)
export class RecordPageViewHandler implements ICommandHandler<RecordPageView> {
  constructor(
    private readonly salts: VisitorSalts,
    private readonly traffic: TrafficLog,
    @Inject(ANALYTICS_CLOCK) private readonly clock: AnalyticsClock,
  ) {}

  async execute({ view, client }: RecordPageView) {
    const path = normalisePath(view.path);
    if (!isShopPath(path)) return { counted: false };
    const now = this.clock.now();
    const day = utcDay(now);
    const visit = await visitorOf(client, day, this.salts);
    if (visit === null) return { counted: false };
    const source = sourceOf(view, client.host);
    this.traffic.record({ type: 'PageViewed', version: 1, data: { day, visitor: visit.visitor, at: new Date(now).toISOString(), path, source, device: visit.device } });
    return { counted: true };
  }
}
