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
}

/** Outgoing e-mail. Every adapter records each message in the outbox, sent or not. */
export interface Notifier {
  send(message: EmailMessage): Promise<void>;
}

export const NOTIFIER = Symbol('NOTIFIER');
export const OUTBOX_COLLECTION = 'notification_outbox';
