import { DynamicModule, Global, Module } from '@nestjs/common';
import { resolve } from 'node:path';
import { DEFAULT_PAYMENT_WINDOW_MINUTES } from './ordering/contract/checkout-rules';

export const APP_CONFIG = Symbol('APP_CONFIG');

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
  /** How long an unpaid crypto order holds its stock before it expires. */
  paymentWindowMinutes: number;
  /** Orders one client (IP address) may place in ten minutes. */
  ordersPerClientPer10Minutes: number;
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
    paymentWindowMinutes: wholeNumber(env, 'PAYMENT_WINDOW_MINUTES', DEFAULT_PAYMENT_WINDOW_MINUTES, 1, 7 * 24 * 60),
    ordersPerClientPer10Minutes: wholeNumber(env, 'ORDER_RATE_LIMIT', 20, 1, 1_000_000),
  };
}

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = blankToNull(env[name]);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be a whole number from ${min} to ${max}, got ${raw}`);
  return value;
}

function blankToNull(value: string | undefined): string | null {
  return value === undefined || value.trim() === '' ? null : value;
}

/** Makes the configuration injectable everywhere as APP_CONFIG. */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: ConfigModule, providers: [{ provide: APP_CONFIG, useValue: config }], exports: [APP_CONFIG] };
  }
}
