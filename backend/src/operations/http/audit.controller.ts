import { Controller, Get, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { z } from 'zod';
import { AuditQueries } from '../../../../projections/operations/audit.queries';
import { streamCsv } from '../../shared/http/csv-stream';
import { RequirePermissionOrApiToken } from '../../shared/http/api-token-access';
import { ZodValidationPipe } from '../../shared/http/zod-validation.pipe';
import { AUDIT_PAGE_SIZE } from '../contract/audit.views';

/** Entries read and written per step of an export. */
const EXPORT_BATCH = 1000;

/** A day (YYYY-MM-DD, the whole day in UTC) or an instant. */
const bound = (end: 'start' | 'end') =>
  z
    .string()
    .trim()
    .refine((value) => /^\d{4}-\d{2}-\d{2}(T[\d:.]+Z)?$/.test(value) && !Number.isNaN(Date.parse(value)), 'from and to are dates (YYYY-MM-DD) or ISO instants')
    .transform((value) => (value.length === 10 ? `${value}T${end === 'start' ? '00:00:00.000' : '23:59:59.999'}Z` : value))
    .optional();

const searchSchema = z
  .object({
    stream: z.string().trim().regex(/^[a-z]+(-[a-z]+)*-[A-Za-z0-9@._-]{1,128}$/, 'stream is a stream name such as order-12').optional(),
    actor: z.string().trim().regex(/^[A-Za-z0-9-]{1,64}$/, 'actor is a user id, "guest" or "system"').optional(),
    type: z.string().trim().regex(/^[A-Za-z]{1,60}$/, 'type is an event type such as OrderPlaced').optional(),
    from: bound('start'),
    to: bound('end'),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(AUDIT_PAGE_SIZE),
  })
  .strict();

type Search = z.infer<typeof searchSchema>;

/**
 * The audit trail: every event of the log in a person's words, with who did it and when. One
 * stream's history (an order, a payment, a product) oldest first, or the whole log newest first,
 * filtered by actor, event type and time, a page at a time, or exported as CSV.
 */
@Controller('api/admin/audit')
export class AuditController {
  constructor(private readonly audit: AuditQueries) {}

  @Get()
  @RequirePermissionOrApiToken('audit:read')
  page(@Query(new ZodValidationPipe(searchSchema)) search: Search) {
    return this.audit.page(toSearch(search), search.page, search.pageSize);
  }

  /** Every matching entry, newest first, as CSV streamed a batch at a time: the whole history, whatever its size. */
  @Get('export')
  @RequirePermissionOrApiToken('audit:read')
  async export(@Query(new ZodValidationPipe(searchSchema)) search: Search, @Res() response: Response): Promise<void> {
    response.setHeader('Content-Type', 'text/csv; charset=utf-8');
    response.setHeader('Content-Disposition', 'attachment; filename="audit-log.csv"');
    await streamCsv(response, ['position', 'time', 'stream', 'event', 'actor', 'role', 'what happened', 'correlation id'], this.rows(search));
  }

  private async *rows(search: Search): AsyncGenerator<(string | number | null)[][]> {
    for await (const entries of this.audit.all(toSearch(search), EXPORT_BATCH)) {
      yield entries.map((entry) => [entry.position, entry.occurredAt, entry.streamId, entry.type, entry.actor.name, entry.actor.role, entry.summary, entry.correlationId]);
    }
  }
}

function toSearch({ stream, actor, type, from, to }: Search) {
  return { streamId: stream, actorId: actor, type, from, to };
}
