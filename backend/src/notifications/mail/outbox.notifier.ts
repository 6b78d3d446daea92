import { Logger } from '@nestjs/common';
import type { Transporter } from 'nodemailer';
import { CredentialStore } from '../../storage/credential-store/credential-store.port';
import { Document, DuplicateKeyError, ReadStore } from '../../storage/read-store/read-store.port';
import { KeyedQueue } from '../../shared/event-sourcing/keyed-queue';
import { OutboxEntryView } from '../contract/outbox.views';
import { EmailMessage, Notifier, OUTBOX_COLLECTION } from './notifier.port';

export type OutboxEntry = Document & Omit<OutboxEntryView, 'id'>;
/** When the mails of the last hour to one address (the `_id`) were recorded: at most the hourly limit of them. */
type RecipientWindow = Document & { recordedAt: string[] };

/** Per address, the times of its recent mails: the hourly limit is read from one document, not counted over the outbox. */
export const RECIPIENT_WINDOWS_COLLECTION = 'notification_recipient_windows';

const HOUR_MS = 60 * 60_000;
const MAX_SUBJECT_LENGTH = 200;

/**
 * A confirmation link's token as the outbox kept it before it masked secrets: 43 base64url characters
 * after `token=`. Found at start-up and masked like a new message's secrets.
 */
const TOKEN_IN_CLEAR = /([?&]token=)([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/g;
/** Kept in the credential store's settings once the outbox has no clear token left: later starts skip the scan. */
export const OUTBOX_TOKENS_MASKED = 'outbox-tokens-masked';

/** How the outbox shows a secret: its first characters (at most a quarter, at most four), enough to tell two links apart and of no use to anyone. */
function maskedSecret(secret: string): string {
  return `${secret.slice(0, Math.min(4, Math.floor(secret.length / 4)))}…`;
}

function withSecretsMasked(text: string, secrets: readonly string[]): string {
  return secrets.filter((secret) => secret.length > 0).reduce((masked, secret) => masked.split(secret).join(maskedSecret(secret)), text);
}

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
 * The outbox is kept in the durable store (the credential store's file or database), recorded on disk
 * before a message goes out: the log cannot rebuild what was mailed, and a replay after a crash must
 * find every message it sent.
 *
 * Anyone may place a guest order with any e-mail address, so the shop could be made to mail a
 * stranger again and again: at most `mailsPerRecipientPerHour` messages go to one address per hour;
 * the rest are recorded as suppressed, visible to the admin, and not sent. Messages are text only,
 * so what customers typed needs no HTML escaping.
 *
 * A message's secrets (a confirmation link's token) are masked in the outbox: only the mail sent over
 * SMTP carries them, so the outbox, the back office and backups never hold a working link. A message
 * is never sent again from its outbox copy (a failure stays failed), so the copy need not be sendable.
 */
export class OutboxNotifier implements Notifier {
  private readonly logger = new Logger('Notifications');
  private readonly transport: Transporter | null;
  /** One message per address at a time, so two mails at once cannot both take the last place of the hour. */
  private readonly recipients = new KeyedQueue();

  constructor(
    private readonly store: CredentialStore,
    smtpUrl: string | null,
    private readonly from: string,
    private readonly mailsPerRecipientPerHour: number,
  ) {
    // nodemailer is loaded only where mail is sent (SMTP_URL), not at every start.
    this.transport = smtpUrl ? (require('nodemailer') as typeof import('nodemailer')).createTransport(smtpUrl) : null;
  }

  private get outbox() {
    return this.store.collection<OutboxEntry>(OUTBOX_COLLECTION);
  }

  private get windows() {
    return this.store.collection<RecipientWindow>(RECIPIENT_WINDOWS_COLLECTION);
  }

  async forget(addresses: readonly string[]): Promise<number> {
    const known = addresses.filter((address) => address.includes('@'));
    if (known.length === 0) return 0;
    const naming = known.map((address) => ({ text: { $regex: address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), $options: 'i' } }));
    const deleted = await this.outbox.deleteMany({ $or: [{ to: { $in: known } }, ...naming] });
    await this.windows.deleteMany({ _id: { $in: known } });
    return deleted;
  }

  /**
   * The back office pages the outbox newest first. Data folders from when the outbox lived among the
   * read models have it moved here once (the read models are rebuilt from the log; the outbox is not).
   * Confirmation links recorded in clear before the outbox masked them are masked now.
   */
  async prepare(readModels: ReadStore): Promise<void> {
    await this.outbox.createIndex({ recordedAt: -1 });
    for (const name of [OUTBOX_COLLECTION, RECIPIENT_WINDOWS_COLLECTION]) {
      const old = await readModels.collection(name).find({});
      if (old.length === 0) continue;
      for (const doc of old) await this.store.collection(name).replaceOne(doc);
      await readModels.dropCollection(name);
    }
    // Once per data folder: a regular expression is answered by reading every message, and the outbox grows with the shop.
    const settings = this.store.collection('settings');
    if (await settings.findOne({ _id: OUTBOX_TOKENS_MASKED })) return;
    for (const entry of await this.outbox.find({ text: { $regex: TOKEN_IN_CLEAR.source } })) {
      const text = entry.text.replace(TOKEN_IN_CLEAR, (_, parameter: string, token: string) => `${parameter}${maskedSecret(token)}`);
      await this.outbox.updateOne({ _id: entry._id }, { $set: { text } });
    }
    // Written after the masking: a crash before it scans again next time (masking twice changes nothing).
    await settings.replaceOne({ _id: OUTBOX_TOKENS_MASKED, at: new Date().toISOString() });
  }

  async send(email: EmailMessage): Promise<void> {
    const recorded = await this.recipients.run(email.to, () => this.record(email));
    if (recorded) await this.deliver(recorded, email);
  }

  /**
   * Records the message in the outbox, suppressed when the address had its hourly limit already; null
   * when the outbox holds it from before. The address's window is written after the outbox: a crash in
   * between lets at most one more mail through, never loses one.
   */
  private async record({ id, to, subject, text, secrets = [], attachments = [] }: EmailMessage): Promise<OutboxEntry | null> {
    if (await this.outbox.findOne({ _id: id })) return null;
    const now = new Date();
    const hourAgo = new Date(now.getTime() - HOUR_MS).toISOString();
    const recent = ((await this.windows.findOne({ _id: to }))?.recordedAt ?? []).filter((at) => at > hourAgo);
    const suppressed = recent.length >= this.mailsPerRecipientPerHour;
    const entry: OutboxEntry = { _id: id, to, subject: oneLineSubject(subject), text: withSecretsMasked(text, secrets), status: suppressed ? 'suppressed' : 'recorded', recordedAt: now.toISOString(), sentAt: null, error: null, ...(attachments.length > 0 ? { attachments: attachments.map((file) => file.fileName) } : {}) };
    try {
      await this.outbox.insertOne(entry);
    } catch (error) {
      if (error instanceof DuplicateKeyError) return null;
      throw error;
    }
    if (!suppressed) await this.windows.replaceOne({ _id: to, recordedAt: [...recent, entry.recordedAt] });
    return entry;
  }

  /** Sends the message as written (`text`, its secrets in clear, its files), not the outbox's masked copy. */
  private async deliver({ _id: id, to, subject, status }: OutboxEntry, { text, attachments = [] }: EmailMessage): Promise<void> {
    if (status === 'suppressed' || !this.transport) return;
    const message = { to, subject, text, attachments: attachments.map(({ fileName, contentType, content }) => ({ filename: fileName, contentType, content })) };
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
