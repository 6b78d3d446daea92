export interface EmailMessage {
  /** Unique per fact that caused it, so a replayed event never mails twice. */
  id: string;
  to: string;
  subject: string;
  text: string;
  /**
   * Secrets `text` carries (a confirmation link's token): the mail sent holds them, the outbox keeps the
   * text with each one masked, so neither the back office nor whoever reads the store (or a backup of
   * it) can follow the link.
   */
  secrets?: string[];
  /** Files sent with the mail (the paid mail's tax invoice); the outbox keeps their names only. */
  attachments?: { fileName: string; contentType: string; content: Buffer }[];
}

/** Outgoing e-mail. Every adapter records each message in the outbox, sent or not. */
export interface Notifier {
  send(message: EmailMessage): Promise<void>;
  /**
   * Deletes every kept message to these addresses or naming them, and what the hourly limit remembers of them
   * (a closed account's, issue 22); answers how many messages went. Mails already sent are the recipients'.
   */
  forget(addresses: readonly string[]): Promise<number>;
}

export const NOTIFIER = Symbol('NOTIFIER');
export const OUTBOX_COLLECTION = 'notification_outbox';
