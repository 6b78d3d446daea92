import { AnalyticsProjector } from '../../../projections/analytics/analytics.projector';
import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AnalyticsQueries } from '../../../projections/analytics/analytics.queries';
import { analyticsClockProvider } from './analytics-clock';
import { RecordFunnelStepHandler } from './commands/record-funnel-step.command';
import { RecordPageViewHandler } from './commands/record-page-view.command';
import { TrafficLog } from './commands/traffic-log';
import { VisitorSalts } from './commands/visitor-salts';
import { AnalyticsController } from './http/analytics.controller';
import { ReportRateLimit } from './http/report-rate-limit';

/** Cookieless traffic analytics and the sales funnel: reports from the storefront, answers for the back office. */
@Module({
  imports: [CqrsModule],
  controllers: [AnalyticsController],
  providers: [AnalyticsProjector, analyticsClockProvider, VisitorSalts, TrafficLog, RecordPageViewHandler, RecordFunnelStepHandler, ReportRateLimit, AnalyticsQueries],
})
export class AnalyticsModule {}
