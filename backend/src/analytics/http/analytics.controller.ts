import { Controller, Get, Inject, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { z } from 'zod';
import { AnalyticsQueries } from '../../../../projections/analytics/analytics.queries';
import { toCsv } from '../../shared/contract/csv';
import { RequirePermission } from '../../shared/http/guards';
import { RequirePermissionOrApiToken } from '../../shared/http/api-token-access';
import { ZodValidationPipe } from '../../shared/http/zod-validation.pipe';
import { ANALYTICS_CLOCK, AnalyticsClock } from '../analytics-clock';
import { exportQuerySchema, periodQuerySchema } from '../contract/analytics-input';
import { utcDay } from '../domain/page-view';

const EXPORT_COLUMNS = ['date', 'path', 'source', 'device', 'views', 'visitors'] as const;

/**
 * First-party, cookieless traffic analytics (issue 11; checkout spec §2 Analytics tab, §3, §9): the
 * back office reads the projected traffic, the funnel, the last minutes and an export for
 * spreadsheets and BI tools. The storefront's reports come in through `traffic-beacons.ts`.
 */
@Controller('api/analytics')
export class AnalyticsController {
  constructor(
    private readonly analytics: AnalyticsQueries,
    @Inject(ANALYTICS_CLOCK) private readonly clock: AnalyticsClock,
  ) {}

  @Get('traffic')
  @RequirePermissionOrApiToken('analytics:read')
  traffic(@Query(new ZodValidationPipe(periodQuerySchema)) { days }: z.infer<typeof periodQuerySchema>) {
    return this.analytics.traffic(days, this.today());
  }

  /** The period's rows per day, path, source and device, as a CSV or JSON download. */
  @Get('traffic/export')
  @RequirePermissionOrApiToken('analytics:read')
  async export(@Query(new ZodValidationPipe(exportQuerySchema)) { days, format }: z.infer<typeof exportQuerySchema>, @Res({ passthrough: true }) response: Response) {
    const today = this.today();
    const rows = await this.analytics.exportRows(days, today);
    response.setHeader('Content-Disposition', `attachment; filename="traffic-${days}-days-to-${today}.${format}"`);
    if (format === 'json') return rows;
    response.setHeader('Content-Type', 'text/csv; charset=utf-8');
    return toCsv([...EXPORT_COLUMNS], rows.map((row) => EXPORT_COLUMNS.map((column) => row[column])));
  }

  @Get('funnel')
  @RequirePermissionOrApiToken('analytics:read')
  funnel(@Query(new ZodValidationPipe(periodQuerySchema)) { days }: z.infer<typeof periodQuerySchema>) {
    return this.analytics.funnel(days, this.today());
  }

  @Get('realtime')
  @RequirePermission('analytics:read')
  realtime() {
    return this.analytics.realtime(this.clock.now());
  }

  private today(): string {
    return utcDay(this.clock.now());
  }
}
