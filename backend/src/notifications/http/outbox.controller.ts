import { Controller, Get, Inject, Query, UseGuards } from '@nestjs/common';
import { AdminGuard } from '../../shared/http/guards';
import { ZodValidationPipe } from '../../shared/http/zod-validation.pipe';
import { READ_STORE, ReadStore } from '../../storage/read-store/read-store.port';
import { OutboxPageView, outboxPageSchema } from '../contract/outbox.views';
import { OUTBOX_COLLECTION } from '../mail/notifier.port';
import { OutboxEntry } from '../mail/outbox.notifier';

/** The back office reads what the shop mailed (or kept, failed, suppressed), newest first. */
@Controller('api/admin/notifications')
@UseGuards(AdminGuard)
export class OutboxController {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  @Get('outbox')
  async outbox(@Query(new ZodValidationPipe(outboxPageSchema)) { page, pageSize }: { page: number; pageSize: number }): Promise<OutboxPageView> {
    const outbox = this.readStore.collection<OutboxEntry>(OUTBOX_COLLECTION);
    const [docs, total] = await Promise.all([outbox.find({}, { sort: { recordedAt: -1, _id: -1 }, skip: (page - 1) * pageSize, limit: pageSize }), outbox.count({})]);
    const entries = docs.map(({ _id, to, subject, text, status, recordedAt, sentAt, error }) => ({ id: _id, to, subject, text, status, recordedAt, sentAt, error }));
    return { entries, total, page, pageSize };
  }
}
