import { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  raw: string;
}

export interface MailCatcher {
  /** SMTP_URL for the shop. */
  url: string;
  mails: CapturedMail[];
  /** The texts (headers and body, decoded) of the mails received for `to`, oldest first. */
  textsTo(to: string): string[];
  close(): Promise<void>;
}

/** A mail's text as written: quoted-printable soft line breaks joined and escapes decoded. */
export const textOf = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * A real SMTP server on loopback that keeps what it receives: the mails as recipients read them, with
 * the secrets (a confirmation link's token) that the outbox masks.
 */
export async function startMailCatcher(): Promise<MailCatcher> {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    textsTo: (to) => mails.filter((mail) => mail.to.includes(to)).map((mail) => textOf(mail.raw)),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** What `pattern` matches (its first group, if it has one) in each mail to `to` that has it, oldest first. */
export function matchesMailedTo(catcher: MailCatcher, to: string, pattern: RegExp): string[] {
  return catcher
    .textsTo(to)
    .map((text) => pattern.exec(text))
    .filter((found) => found !== null)
    .map((found) => found[1] ?? found[0]);
}

/** The newest confirmation link mailed to `to`, as sent (absolute, with its token in clear). */
export function confirmationLinkTo(catcher: MailCatcher, to: string): string {
  const link = matchesMailedTo(catcher, to, /https?:\/\/\S+\/api\/auth\/verify-email\?token=[A-Za-z0-9_-]{43}/).at(-1);
  if (!link) throw new Error(`No confirmation link mailed to ${to}`);
  return link;
}
