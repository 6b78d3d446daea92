import { DynamicModule, Global, Module } from '@nestjs/common';
import { join, resolve } from 'node:path';
import { blankToNull, wholeNumber } from './shared/env';
import { DEFAULT_PAYMENT_WINDOW_MINUTES } from './ordering/contract/checkout-rules';
import { DEFAULT_UNPAID_ORDERS_PER_BUYER, DEFAULT_UNPAID_SHARE_PER_BUYER_PERCENT, UnpaidHoldLimits } from './ordering/contract/buyer-holds';
import type { S3Settings } from './storage/object-store/s3-object-store';
import type { PostgresSettings } from './storage/postgres/postgres-database';
import { loadPaymentsConfig, PaymentsConfig } from './payments/payments-config';
import { loadWalletAddresses, WalletAddresses } from './payments/wallets';
import { BusinessIdentity, DEMO_ABN, isValidAbn } from './ordering/contract/tax-invoice';
import { STAFF_TWO_FACTOR_POLICIES, StaffTwoFactorPolicy } from './identity/contract/two-factor';

export const APP_CONFIG = Symbol('APP_CONFIG');

export interface AppConfig {
  port: number;
  dataDir: string;
  /** DATABASE_URL: the event store, read models, credentials and leases in PostgreSQL; null: embedded SQLite in DATA_DIR. */
  postgres: PostgresSettings | null;
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
  /**
   * From this hour of the store's day (Sydney, 0-23) the admin is mailed once a day the active products at the
   * low-stock threshold or under, if any (LOW_STOCK_ALERT_HOUR, 8 by default); null (`off`): never.
   */
  lowStockAlertHour: number | null;
  /** Minutes a staff session may go without a request before it ends (STAFF_IDLE_MINUTES, 30; issue 23). */
  staffIdleMinutes: number;
  /** Orders one client (IP address) may place in ten minutes. */
  ordersPerClientPer10Minutes: number;
  /**
   * Hoarding bounds: one buyer's unpaid orders, and the share of a product's stock they may hold (ordering/contract/buyer-holds.ts).
   * Null (UNPAID_ORDERS_PER_BUYER=off, for load tests from one address): no bound, and no buyer ledger is written.
   */
  unpaidHolds: UnpaidHoldLimits | null;
  /** Images in an S3-compatible bucket; null: files under DATA_DIR/objects. */
  s3: S3Settings | null;
  /** Signs upload URLs; like the session secret, generated and kept in the credential store when absent. */
  uploadSigningSecret: string | null;
  /** How long a signed upload URL may be used. */
  uploadUrlTtlSeconds: number;
  /** Analytics reports (page views and funnel steps) one client (IP address) may send per minute, counted per instance. */
  analyticsReportsPerClientPerMinute: number;
  /**
   * Express's `trust proxy`: whose X-Forwarded-For is believed for the client's address (rate limits,
   * analytics). false (the default): nobody's, the address is the socket's; a number: that many proxy
   * hops in front of the shop; a list: the proxies' addresses or subnets (or `loopback`, `uniquelocal`).
   */
  trustProxy: false | number | string[];
  /**
   * Bearer token for GET /metrics and the details of GET /api/ready; null: metrics are readable only
   * from loopback with no proxy header and TRUST_PROXY unset, and readiness details by administrators only.
   */
  metricsToken: string | null;
  /** `json`: one JSON object per log line (pino), the default in production; `text`: Nest's coloured lines. */
  logFormat: 'json' | 'text';
  /**
   * Where every link the shop mails or renders points (confirmation links, canonical URLs, Open Graph,
   * the sitemap, robots.txt): PUBLIC_URL (`https://shop.example`), else the address the server was
   * started on (`http://localhost:PORT`, for development). Never a request's Host header: a client
   * chooses that, and could have a stranger mailed a link to a host of their own.
   */
  shopOrigin: string;
  /** How long a lease on background work lasts unless renewed (renewed every third of it): another instance takes over that long after a holder dies. */
  leaseTtlSeconds: number;
  /** MAILS_PER_RECIPIENT_PER_HOUR: messages one address may receive in an hour before the rest are suppressed. */
  mailsPerRecipientPerHour: number;
  /** Who issues the invoices: BUSINESS_NAME, BUSINESS_ABN, GST_REGISTERED (issue 22). */
  business: BusinessIdentity;
  /** Payment addresses, rates, quotes and the chain watch (payments-config.ts documents the variables). */
  payments: PaymentsConfig;
  /** Fixed receiving addresses (WALLET_*), used where no extended public key is set, and the PromptPay id (PROMPTPAY_ID; wallets.ts). */
  wallets: WalletAddresses;
  /** ATTACHMENT_QUOTA_MB: the support attachments one account may keep (waiting to be attached, or attached). */
  attachmentQuotaMb: number;
  /** MIN_FREE_DISK_MB: under this much free space on DATA_DIR's disk, changes are refused (507); 0 turns the check off. */
  minFreeDiskMb: number;
  /** BACKUP_DIR: where `npm run backup` writes. */
  backupDir: string;
  /** STATIC_DIR: the built storefront (dist/frontend). */
  staticDir: string;
  /**
   * VERIFY_BEFORE_SHIPPING (true by default, as the shipping page and FAQ say): an order ships only once its buyer's
   * institution verification is approved; false for a shop that does not ask for it.
   */
  verifyBeforeShipping: boolean;
  /** STAFF_2FA (issue 23): `required` (the default in production) keeps staff without two-factor sign-in out of the back office until they enrol; `optional` lets them choose. */
  staffTwoFactor: StaffTwoFactorPolicy;
  /**
   * PASSWORD_HASH_MEMORY_KIB: argon2id's memory per password hash, 65536 (64 MiB, RFC 9106's second option) unless
   * lowered for a test run (the suites hash thousands of passwords); refused below that in production.
   */
  passwordHashMemoryKib: number;
}

/** argon2id's memory per password hash in KiB (64 MiB, RFC 9106's second recommended option). */
export const PRODUCTION_HASH_MEMORY_KIB = 65_536;

/** What a production start must be given: without them it would run with the published demo admin or a secret it made up. */
const REQUIRED_IN_PRODUCTION = ['ADMIN_EMAIL', 'ADMIN_PASSWORD', 'SESSION_SECRET', 'PUBLIC_URL'] as const;

/** Every setting of the shop, read from the environment here and nowhere else. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = Number.parseInt(env.PORT ?? '3000', 10);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const adminEmail = blankToNull(env.ADMIN_EMAIL);
  const adminPassword = blankToNull(env.ADMIN_PASSWORD);
  if ((adminEmail === null) !== (adminPassword === null)) {
    throw new Error('ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  const production = env.NODE_ENV === 'production';
  const missing = REQUIRED_IN_PRODUCTION.filter((variable) => blankToNull(env[variable]) === null);
  if (production && missing.length > 0) {
    throw new Error(
      `NODE_ENV=production needs ${missing.join(', ')}: without ADMIN_EMAIL and ADMIN_PASSWORD the demo admin with its published password would be created, ` +
        'SESSION_SECRET must be one long random value shared by every instance (e.g. `openssl rand -base64 48`), ' +
        'and PUBLIC_URL (e.g. https://shop.example) is where e-mailed links and canonical URLs point, never a Host header a client chose.',
    );
  }
  return {
    port,
    dataDir: resolve(env.DATA_DIR ?? './data'),
    postgres: postgresSettings(env),
    eventStoreUrl: blankToNull(env.EVENTSTORE_URL),
    mongodbUrl: blankToNull(env.MONGODB_URL),
    adminEmail,
    adminPassword,
    smtpUrl: blankToNull(env.SMTP_URL),
    mailFrom: blankToNull(env.MAIL_FROM) ?? 'Peptide Research Supply <orders@peptide.shop>',
    production,
    sessionSecret: blankToNull(env.SESSION_SECRET),
    seedDemoData: env.SEED_DEMO_DATA !== 'false',
    paymentWindowMinutes: wholeNumber(env, 'PAYMENT_WINDOW_MINUTES', DEFAULT_PAYMENT_WINDOW_MINUTES, 1, 7 * 24 * 60),
    lowStockAlertHour: env.LOW_STOCK_ALERT_HOUR?.trim() === 'off' ? null : wholeNumber(env, 'LOW_STOCK_ALERT_HOUR', 8, 0, 23),
    staffIdleMinutes: wholeNumber(env, 'STAFF_IDLE_MINUTES', 30, 1, 24 * 60),
    ordersPerClientPer10Minutes: wholeNumber(env, 'ORDER_RATE_LIMIT', 20, 1, 1_000_000),
    unpaidHolds:
      env.UNPAID_ORDERS_PER_BUYER?.trim() === 'off'
        ? null
        : {
            ordersPerBuyer: wholeNumber(env, 'UNPAID_ORDERS_PER_BUYER', DEFAULT_UNPAID_ORDERS_PER_BUYER, 1, 1_000_000),
            sharePercent: wholeNumber(env, 'UNPAID_SHARE_PER_BUYER_PERCENT', DEFAULT_UNPAID_SHARE_PER_BUYER_PERCENT, 1, 100),
          },
    s3: s3Settings(env),
    uploadSigningSecret: blankToNull(env.UPLOAD_SIGNING_SECRET),
    uploadUrlTtlSeconds: wholeNumber(env, 'UPLOAD_URL_TTL_SECONDS', 300, 10, 24 * 60 * 60),
    analyticsReportsPerClientPerMinute: wholeNumber(env, 'ANALYTICS_RATE_LIMIT', 300, 1, 1_000_000_000),
    trustProxy: trustProxy(env.TRUST_PROXY),
    metricsToken: blankToNull(env.METRICS_TOKEN),
    logFormat: logFormat(env.LOG_FORMAT, production),
    shopOrigin: publicUrl(env.PUBLIC_URL) ?? `http://localhost:${port}`,
    leaseTtlSeconds: wholeNumber(env, 'LEASE_TTL_SECONDS', 10, 2, 300),
    mailsPerRecipientPerHour: wholeNumber(env, 'MAILS_PER_RECIPIENT_PER_HOUR', 10, 1, 10_000),
    business: businessIdentity(env, production),
    payments: loadPaymentsConfig(env),
    wallets: loadWalletAddresses(env),
    minFreeDiskMb: wholeNumber(env, 'MIN_FREE_DISK_MB', 256, 0, 100_000_000),
    attachmentQuotaMb: wholeNumber(env, 'ATTACHMENT_QUOTA_MB', 100, 1, 1_000_000),
    backupDir: resolve(env.BACKUP_DIR ?? join(resolve(env.DATA_DIR ?? './data'), '..', 'backups')),
    staticDir: resolve(env.STATIC_DIR ?? join(process.cwd(), 'dist', 'frontend')),
    verifyBeforeShipping: trueOrFalse(env, 'VERIFY_BEFORE_SHIPPING', true),
    staffTwoFactor: staffTwoFactor(env.STAFF_2FA, production),
    passwordHashMemoryKib: passwordHashMemoryKib(env, production),
  };
}

/** Only tests may lower the hash's memory: a production start with less than the default is refused. */
function passwordHashMemoryKib(env: NodeJS.ProcessEnv, production: boolean): number {
  const kib = wholeNumber(env, 'PASSWORD_HASH_MEMORY_KIB', PRODUCTION_HASH_MEMORY_KIB, 1024, 4 * 1024 * 1024);
  if (production && kib < PRODUCTION_HASH_MEMORY_KIB) throw new Error(`PASSWORD_HASH_MEMORY_KIB must be at least ${PRODUCTION_HASH_MEMORY_KIB} in production, got ${kib}`);
  return kib;
}

/** What a start with these settings leaves closed that an operator probably wants open: said at start-up, not refused. */
export function configurationWarnings(config: AppConfig): string[] {
  const warnings: string[] = [];
  if (config.production && config.trustProxy !== false && config.metricsToken === null) {
    warnings.push(
      'TRUST_PROXY is set and METRICS_TOKEN is not: GET /metrics answers 403 to every request (behind a proxy every client can look local) ' +
        'and GET /api/ready gives its details to administrators only. Set METRICS_TOKEN to a long random value (e.g. `openssl rand -hex 32`) and give it to the scraper.',
    );
  }
  return warnings;
}

/**
 * BUSINESS_NAME and BUSINESS_ABN print on every invoice; GST_REGISTERED (true by default) makes them tax invoices
 * with the GST shown, false plain receipts. A registered shop needs a valid ABN (the ATO's check digits); outside
 * production the ATO's example ABN stands in, so the demo's invoices are complete.
 */
function businessIdentity(env: NodeJS.ProcessEnv, production: boolean): BusinessIdentity {
  const gstRegistered = trueOrFalse(env, 'GST_REGISTERED', true);
  const given = blankToNull(env.BUSINESS_ABN);
  if (given !== null && !isValidAbn(given)) throw new Error(`BUSINESS_ABN must be an Australian Business Number of 11 digits whose check digits hold (e.g. ${DEMO_ABN}), got ${given}`);
  if (given === null && gstRegistered && production) {
    throw new Error('GST_REGISTERED is true (the default), so tax invoices need the shop\'s ABN: set BUSINESS_ABN, or GST_REGISTERED=false to issue receipts without GST');
  }
  const abn = given ?? (gstRegistered ? DEMO_ABN : null);
  return { name: blankToNull(env.BUSINESS_NAME) ?? 'Peptide Research Supply', abn: abn === null ? null : abn.replace(/\s+/g, ''), gstRegistered };
}

/** A true/false setting; blank or unset: the default. */
function trueOrFalse(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const value = blankToNull(env[name]);
  if (value === null) return fallback;
  if (value !== 'true' && value !== 'false') throw new Error(`${name} must be true or false, got ${value}`);
  return value === 'true';
}

/** PUBLIC_URL: an http(s) origin; a trailing slash or path is dropped, so links are built the same way everywhere. */
function publicUrl(value: string | undefined): string | null {
  const setting = blankToNull(value);
  if (setting === null) return null;
  let url: URL;
  try {
    url = new URL(setting);
  } catch {
    throw new Error(`PUBLIC_URL must be the shop's http(s) address, e.g. https://shop.example, got ${setting}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`PUBLIC_URL must be an http(s) address, got ${setting}`);
  return url.origin;
}

function staffTwoFactor(value: string | undefined, production: boolean): StaffTwoFactorPolicy {
  const setting = blankToNull(value);
  if (setting === null) return production ? 'required' : 'optional';
  if (!(STAFF_TWO_FACTOR_POLICIES as readonly string[]).includes(setting)) throw new Error(`STAFF_2FA must be required or optional, got ${setting}`);
  return setting as StaffTwoFactorPolicy;
}

function logFormat(value: string | undefined, production: boolean): AppConfig['logFormat'] {
  const setting = blankToNull(value);
  if (setting === null) return production ? 'json' : 'text';
  if (setting !== 'json' && setting !== 'text') throw new Error(`LOG_FORMAT must be json or text, got ${setting}`);
  return setting;
}

/** TRUST_PROXY: unset or `false`, a hop count (`1`), or comma-separated addresses/subnets; never "trust everyone". */
function trustProxy(value: string | undefined): AppConfig['trustProxy'] {
  const setting = blankToNull(value);
  if (setting === null || setting === 'false' || setting === '0') return false;
  if (/^\d+$/.test(setting)) return Number(setting);
  if (setting === 'true') {
    throw new Error('TRUST_PROXY=true would believe any client\'s X-Forwarded-For; give the number of proxies in front of the shop (e.g. 1) or their addresses');
  }
  const entries = setting.split(',').map((entry) => entry.trim()).filter(Boolean);
  const valid = /^(loopback|linklocal|uniquelocal|[0-9a-fA-F:.]+(\/\d{1,3})?)$/;
  const wrong = entries.find((entry) => !valid.test(entry));
  if (wrong !== undefined) throw new Error(`TRUST_PROXY must be false, a hop count, or addresses/subnets; "${wrong}" is none of these`);
  return entries;
}

/** DATABASE_URL: a postgres:// URL (TLS by its sslmode); DATABASE_POOL_SIZE connections per instance; DATABASE_CA_FILE to trust a private CA. */
function postgresSettings(env: NodeJS.ProcessEnv): PostgresSettings | null {
  const url = blankToNull(env.DATABASE_URL);
  if (url === null) return null;
  if (!/^postgres(ql)?:\/\/[^\s]+$/.test(url)) throw new Error('DATABASE_URL must be a PostgreSQL URL, e.g. postgres://shop:password@db.example:5432/shop');
  return { url, poolSize: wholeNumber(env, 'DATABASE_POOL_SIZE', 10, 1, 1000), caFile: blankToNull(env.DATABASE_CA_FILE) };
}

function s3Settings(env: NodeJS.ProcessEnv): S3Settings | null {
  const endpoint = blankToNull(env.S3_ENDPOINT);
  const bucket = blankToNull(env.S3_BUCKET);
  if (endpoint === null && bucket === null) return null;
  if (endpoint === null || bucket === null) throw new Error('S3_ENDPOINT and S3_BUCKET must be set together');
  if (!/^https?:\/\/[^/\s]+/.test(endpoint)) throw new Error(`S3_ENDPOINT must be an http(s) URL, got ${endpoint}`);
  const accessKeyId = blankToNull(env.S3_ACCESS_KEY_ID);
  const secretAccessKey = blankToNull(env.S3_SECRET_ACCESS_KEY);
  if (accessKeyId === null || secretAccessKey === null) throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set with S3_ENDPOINT');
  return { endpoint, bucket, region: blankToNull(env.S3_REGION) ?? 'us-east-1', accessKeyId, secretAccessKey };
}

/** Makes the configuration injectable everywhere as APP_CONFIG. */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: ConfigModule, providers: [{ provide: APP_CONFIG, useValue: config }], exports: [APP_CONFIG] };
  }
}
