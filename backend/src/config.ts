import { resolve } from 'node:path';

export interface AppConfig {
  port: number;
  dataDir: string;
  eventStoreUrl: string | null;
  mongodbUrl: string | null;
  adminEmail: string | null;
  adminPassword: string | null;
  smtpUrl: string | null;
  /** Sender of order e-mails. */
  mailFrom: string;
  /** Secure cookies and HSTS: only behind TLS. */
  production: boolean;
  /** Shared by every instance behind a load balancer; generated and kept in the read store when absent. */
  sessionSecret: string | null;
  /** Whether an empty store is filled with the demo catalogue and demo admin. */
  seedDemoData: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = Number.parseInt(env.PORT ?? '3000', 10);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const adminEmail = blankToNull(env.ADMIN_EMAIL);
  const adminPassword = blankToNull(env.ADMIN_PASSWORD);
  if ((adminEmail === null) !== (adminPassword === null)) {
    throw new Error('ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  return {
    port,
    dataDir: resolve(env.DATA_DIR ?? './data'),
    eventStoreUrl: blankToNull(env.EVENTSTORE_URL),
    mongodbUrl: blankToNull(env.MONGODB_URL),
    adminEmail,
    adminPassword,
    smtpUrl: blankToNull(env.SMTP_URL),
    mailFrom: blankToNull(env.MAIL_FROM) ?? 'Peptide Research Supply <orders@peptide.shop>',
    production: env.NODE_ENV === 'production',
    sessionSecret: blankToNull(env.SESSION_SECRET),
    seedDemoData: env.SEED_DEMO_DATA !== 'false',
  };
}

function blankToNull(value: string | undefined): string | null {
  return value === undefined || value.trim() === '' ? null : value;
}
