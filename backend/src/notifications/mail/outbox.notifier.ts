import { Logger } from '@nestjs/common';
import nodemailer, { Transporter } from 'nodemailer';
import { Document, DuplicateKeyError, ReadStore } from '../../storage/read-store/read-store.port';
import { EmailMessage, Notifier, OUTBOX_COLLECTION } from './notifier.port';

export type OutboxEntry = Document & Omit<EmailMessage, 'id'> & { status: 'recorded' | 'sent' | 'failed'; recordedAt: string; sentAt: string | null; error: string | null };

/**
 * Records every message in the outbox (the default: nothing leaves the machine) and,
 * when SMTP_URL is set, delivers it over SMTP. A message already in the outbox is not sent again.
 */
export class OutboxNotifier implements Notifier {
  private readonly logger = new Logger('Notifications');
  private readonly transport: Transporter | null;

  constructor(
    private readonly readStore: ReadStore,
    smtpUrl: string | null,
    private readonly from: string,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  }

  async send({ id, ...message }: EmailMessage): Promise<void> {
    const outbox = this.readStore.collection<OutboxEntry>(OUTBOX_COLLECTION);
    try {
      await outbox.insertOne({ _id: id, ...message, status: 'recorded', recordedAt: new Date().toISOString(), sentAt: null, error: null });
    } catch (error) {
      if (error instanceof DuplicateKeyError) return;
      throw error;
    }
    if (!this.transport) return;
    try {
      await this.transport.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text });
      await outbox.updateOne({ _id: id }, { $set: { status: 'sent', sentAt: new Date().toISOString() } });
    } catch (error) {
      // A mail server that is down must not stop the shop: the failure stays visible in the outbox.
      this.logger.error(`Could not send "${message.subject}" to ${message.to}: ${(error as Error).message}`);
      await outbox.updateOne({ _id: id }, { $set: { status: 'failed', error: (error as Error).message } });
    }
  }
}
