import { Logger } from '@nestjs/common';
import nodemailer, { Transporter } from 'nodemailer';
import { Document, DuplicateKeyError, ReadStore } from '../../storage/read-store/read-store.port';
import { OutboxEntryView } from '../contract/outbox.views';
import { EmailMessage, Notifier, OUTBOX_COLLECTION } from './notifier.port';

export type OutboxEntry = Document & Omit<OutboxEntryView, 'id'>;

const HOUR_MS = 60 * 60_000;
const MAX_SUBJECT_LENGTH = 200;

/**
 * A subject is one header line: line breaks and other control characters (from a support case's
 * subject, say) become spaces, so nobody can add a header (Bcc:) through text they typed.
 */
export function oneLineSubject(subject: string): string {
  return subject.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim().slice(0, MAX_SUBJECT_LENGTH);
}

/**
 * Records every message in the outbox (the default: nothing leaves the machine) and,
 * when SMTP_URL is set, delivers it over SMTP. A message already in the outbox is not sent again.
 *
 * Anyone may place a guest order with any e-mail address, so the shop could be made to mail a
 * stranger again and again: at most `mailsPerRecipientPerHour` messages go to one address per hour;
 * the rest are recorded as suppressed, visible to the admin, and not sent. Messages are text only,
 * so what customers typed needs no HTML escaping.
 */
export class OutboxNotifier implements Notifier {
  private readonly logger = new Logger('Notifications');
  private readonly transport: Transporter | null;
  private indexes: Promise<void> | null = null;

  constructor(
    private readonly readStore: ReadStore,
    smtpUrl: string | null,
    private readonly from: string,
    private readonly mailsPerRecipientPerHour: number,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  }

  private get outbox() {
    return this.readStore.collection<OutboxEntry>(OUTBOX_COLLECTION);
  }

  async send({ id, to, subject, text }: EmailMessage): Promise<void> {
    await (this.indexes ??= this.outbox.createIndex({ to: 1, recordedAt: 1 }));
    if (await this.outbox.findOne({ _id: id })) return;
    const now = new Date();
    const recentToAddress = await this.outbox.count({ to, recordedAt: { $gt: new Date(now.getTime() - HOUR_MS).toISOString() }, status: { $ne: 'suppressed' } });
    const suppressed = recentToAddress >= this.mailsPerRecipientPerHour;
    const message = { to, subject: oneLineSubject(subject), text };
    try {
      await this.outbox.insertOne({ _id: id, ...message, status: suppressed ? 'suppressed' : 'recorded', recordedAt: now.toISOString(), sentAt: null, error: null });
    } catch (error) {
      if (error instanceof DuplicateKeyError) return;
      throw error;
    }
    if (suppressed || !this.transport) return;
    try {
      await this.transport.sendMail({ from: this.from, ...message });
      await this.outbox.updateOne({ _id: id }, { $set: { status: 'sent', sentAt: new Date().toISOString() } });
    } catch (error) {
      // A mail server that is down must not stop the shop: the failure stays visible in the outbox.
      this.logger.error(`Could not send "${message.subject}" to ${to}: ${(error as Error).message}`);
      await this.outbox.updateOne({ _id: id }, { $set: { status: 'failed', error: (error as Error).message } });
    }
  }
}
