import { INestApplicationContext, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import express, { Express, Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import { describeError } from '../../shared/http/http-error.filter';
import { parseInput } from '../../shared/http/zod-validation.pipe';
import { funnelEventSchema, pageViewSchema } from '../contract/analytics-input';
import { RecordFunnelStep } from '../commands/record-funnel-step.command';
import { RecordPageView } from '../commands/record-page-view.command';
import { ReportingClient } from '../commands/reporting-client';
import { ReportRateLimit } from './report-rate-limit';

export const PAGEVIEW_ROUTE = '/api/analytics/pageview';
export const FUNNEL_EVENT_ROUTE = '/api/analytics/event';
/** A report is a path, a referrer and five UTM values: a few hundred bytes. */
const REPORT_BODY_LIMIT = '8kb';

/**
 * The storefront's traffic reports (issue 11), served ahead of sessions, compression and Nest's
 * pipeline. A report has no session and answers with an empty body, so none of that does anything
 * for it, yet at thousands of reports a second its cost was a tenth of the server's time. The
 * same zod schemas, command handlers, rate limit and `{ message }` errors as every other route.
 *
 * - `POST /api/analytics/pageview`: 202 at once, counted or not (a bot, the back office): the
 *   answer never tells a client how it was classified.
 * - `POST /api/analytics/event`: a funnel step; 202 like a page view, counted or not. An
 *   `order_placed` of an order that was never placed is not recorded, and answered the same as one
 *   that was: a different answer would let anyone find out which order ids exist.
 */
export function mountTrafficBeacons(http: Express, app: INestApplicationContext): void {
  const commands = app.get(CommandBus);
  const rateLimit = app.get(ReportRateLimit);
  const body = express.json({ limit: REPORT_BODY_LIMIT });
  const report =
    <Schema extends z.ZodType>(schema: Schema, record: (input: z.infer<Schema>, client: ReportingClient) => Promise<unknown>): RequestHandler =>
    (request: Request, response: Response) => {
      void (async () => {
        rateLimit.consume(clientAddress(request));
        await record(parseInput(schema, request.body), reportingClient(request));
        response.status(202).json({});
      })().catch((error: unknown) => answer(response, error));
    };
  http.post(PAGEVIEW_ROUTE, body, report(pageViewSchema, (view, client) => commands.execute(new RecordPageView(view, client))));
  http.post(FUNNEL_EVENT_ROUTE, body, report(funnelEventSchema, (step, client) => commands.execute(new RecordFunnelStep(step, client))));
}

function answer(response: Response, error: unknown): void {
  const { status, message } = describeError(error);
  if (status >= 500) new Logger('TrafficBeacons').error(error instanceof Error ? error.stack : String(error));
  if (!response.headersSent) response.status(status).json({ message });
}

/** The client's address as Express sees it (the proxy's client when NODE_ENV=production trusts one hop). */
function clientAddress(request: Request): string {
  return request.ip ?? request.socket.remoteAddress ?? 'unknown';
}

function reportingClient(request: Request): ReportingClient {
  return { ipAddress: clientAddress(request), userAgent: request.headers['user-agent'], host: request.hostname };
}
