import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { AnalyticsQueries } from '../../../../projections/analytics/analytics.queries';
import { toCsv } from '../../shared/contract/csv';
import { AdminGuard } from '../../shared/http/guards';
import { ZodValidationPipe } from '../../shared/http/zod-validation.pipe';
import { ANALYTICS_CLOCK, AnalyticsClock } from '../analytics-clock';
import { exportQuerySchema, FunnelEventInput, funnelEventSchema, PageViewInput, pageViewSchema, periodQuerySchema } from '../contract/analytics-input';
import { RecordFunnelStep } from '../commands/record-funnel-step.command';
import { RecordPageView } from '../commands/record-page-view.command';
import { ReportingClient } from '../commands/reporting-client';
import { utcDay } from '../domain/page-view';
import { ReportRateLimit } from './report-rate-limit';

const EXPORT_COLUMNS = ['date', 'path', 'source', 'device', 'views', 'visitors'] as const;

/**
 * First-party, cookieless traffic analytics (issue 11; checkout spec §2 Analytics tab, §3, §9). The
 * storefront reports route views and funnel steps without a session; the back office reads the
 * projected traffic, the funnel, the last minutes and an export for spreadsheets and BI tools.
 */
@Controller('api/analytics')
export class AnalyticsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly analytics: AnalyticsQueries,
    private readonly rateLimit: ReportRateLimit,
    @Inject(ANALYTICS_CLOCK) private readonly clock: AnalyticsClock,
  ) {}

  /** 202 at once, counted or not (a bot, the back office): the answer never tells a client how it was classified. */
  @Post('pageview')
  @HttpCode(202)
  async pageView(@Body(new ZodValidationPipe(pageViewSchema)) view: PageViewInput, @Req() request: Request) {
    this.rateLimit.consume(clientAddress(request));
    await this.commands.execute(new RecordPageView(view, reportingClient(request)));
    return {};
  }

  /** 404 for an `order_placed` whose order was never placed; otherwise 202 like a page view. */
  @Post('event')
  @HttpCode(202)
  async funnelEvent(@Body(new ZodValidationPipe(funnelEventSchema)) step: FunnelEventInput, @Req() request: Request) {
    this.rateLimit.consume(clientAddress(request));
    await this.commands.execute(new RecordFunnelStep(step, reportingClient(request)));
    return {};
  }

  @Get('traffic')
  @UseGuards(AdminGuard)
  traffic(@Query(new ZodValidationPipe(periodQuerySchema)) { days }: z.infer<typeof periodQuerySchema>) {
    return this.analytics.traffic(days, this.today());
  }

  /** The period's rows per day, path, source and device, as a CSV or JSON download. */
  @Get('traffic/export')
  @UseGuards(AdminGuard)
  async export(@Query(new ZodValidationPipe(exportQuerySchema)) { days, format }: z.infer<typeof exportQuerySchema>, @Res({ passthrough: true }) response: Response) {
    const today = this.today();
    const rows = await this.analytics.exportRows(days, today);
    response.setHeader('Content-Disposition', `attachment; filename="traffic-${days}-days-to-${today}.${format}"`);
    if (format === 'json') return rows;
    response.setHeader('Content-Type', 'text/csv; charset=utf-8');
    return toCsv([...EXPORT_COLUMNS], rows.map((row) => EXPORT_COLUMNS.map((column) => row[column])));
  }

  @Get('funnel')
  @UseGuards(AdminGuard)
  funnel(@Query(new ZodValidationPipe(periodQuerySchema)) { days }: z.infer<typeof periodQuerySchema>) {
    return this.analytics.funnel(days, this.today());
  }

  @Get('realtime')
  @UseGuards(AdminGuard)
  realtime() {
    return this.analytics.realtime(this.clock.now());
  }

  private today(): string {
    return utcDay(this.clock.now());
  }
}

/** The client's address as Express sees it (the proxy's client when NODE_ENV=production trusts one hop). */
function clientAddress(request: Request): string {
  return request.ip ?? request.socket.remoteAddress ?? 'unknown';
}

function reportingClient(request: Request): ReportingClient {
  return { ipAddress: clientAddress(request), userAgent: request.headers['user-agent'], host: request.hostname };
}
