import { Controller, Get, Inject, Query } from '@nestjs/common';
import { findPage } from '../../../../projections/runner/paging';
import { RequirePermission } from '../../shared/http/guards';
import { ZodValidationPipe } from '../../shared/http/zod-validation.pipe';
import { CREDENTIAL_STORE, CredentialStore } from '../../storage/credential-store/credential-store.port';
import { OutboxPageView, outboxPageSchema } from '../contract/outbox.views';
import { OUTBOX_COLLECTION } from '../mail/notifier.port';
import { OutboxEntry } from '../mail/outbox.notifier';

/** The back office reads what the shop mailed (or kept, failed, suppressed), newest first, a page at a time. */
@Controller('api/admin/notifications')
export class OutboxController {
  constructor(@Inject(CREDENTIAL_STORE) private readonly store: CredentialStore) {}

  @Get('outbox')
  @RequirePermission('outbox:read')
  async outbox(@Query(new ZodValidationPipe(outboxPageSchema)) { page, pageSize }: { page: number; pageSize: number }): Promise<OutboxPageView> {
    const found = await findPage(this.store.collection<OutboxEntry>(OUTBOX_COLLECTION), {}, { recordedAt: -1 }, { page, pageSize });
    const entries = found.items.map(({ _id, to, subject, text, status, recordedAt, sentAt, error, attachments }) => ({ id: _id, to, subject, text, status, recordedAt, sentAt, error, ...(attachments ? { attachments } : {}) }));
    return { entries, total: found.total, totalIsLowerBound: found.totalIsLowerBound, page, pageSize };
  }
}
