export interface EmailMessage {
  /** Unique per fact that caused it, so a replayed event never mails twice. */
  id: string;
  to: string;
  subject: string;
  text: string;
}

/** Outgoing e-mail. Every adapter records each message in the outbox, sent or not. */
export interface Notifier {
  send(message: EmailMessage): Promise<void>;
}

export const NOTIFIER = Symbol('NOTIFIER');
export const OUTBOX_COLLECTION = 'notification_outbox';
