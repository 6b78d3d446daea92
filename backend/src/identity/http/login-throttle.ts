import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { LeaseKeeper } from '../../shared/leases/lease-keeper';
import type { Request, Response } from 'express';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { APP_CONFIG, AppConfig } from '../../config';
import { TooManyRequestsError } from '../../shared/errors';
import { KeyedQueue } from '../../shared/event-sourcing/keyed-queue';
import { PeriodicSweep } from '../../shared/processes/periodic-sweep';
import { RateLimiter } from '../../shared/http/rate-limiter';
import { CREDENTIAL_STORE, CredentialStore } from '../../storage/credential-store/credential-store.port';
import { storedOnce } from '../../storage/credential-store/stored-once';
import { Document } from '../../storage/read-store/read-store.port';

/** Wrong passwords for an account before each further try has to wait. */
export const FREE_FAILURES = 5;
/** The wait doubles with each failure after those (1 s, 2 s, 4 s …) up to this. */
const MAX_DELAY_MS = 15 * 60 * 1000;
/** An account's failures are forgotten a day after the last one. */
const FAILURES_KEPT_MS = 24 * 60 * 60 * 1000;
/** Wrong passwords from one known browser for its account, per window: its own limit instead of the account's. */
const KNOWN_DEVICE_ATTEMPTS = 10;
const KNOWN_DEVICE_WINDOW_MS = 15 * 60 * 1000;

export const KNOWN_DEVICE_COOKIE = 'known_device';
const KNOWN_DEVICE_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

type AccountFailures = Document & { failures: number; lastFailureAt: number };
type Setting = Document & { value: string };

/**
 * Password guessing is slowed per account, wherever the guesses come from: after FREE_FAILURES wrong
 * passwords, each further try for that account must wait twice as long as the one before, and a try
 * made sooner is refused before any hashing (429). Forged X-Forwarded-For headers change nothing here:
 * the count is the account's. Nor can a flood of wrong guesses lock the owner out: a browser that has
 * signed in to the account before carries a signed `known_device` cookie, and its tries are counted
 * on their own (KNOWN_DEVICE_ATTEMPTS per window), not against the account's delay. The per-address
 * limit of the controller still applies to everyone.
 */
@Injectable()
export class LoginThrottle implements OnModuleInit, OnModuleDestroy {
  private secret: Promise<string> | null = null;
  /** Records of failures a day old are deleted hourly: nothing about a stranger's guesses is kept longer. */
  private readonly purges: PeriodicSweep<[], unknown>;
  /** One check-and-count at a time per account in this process, so a burst of parallel guesses cannot all pass one check. */
  private readonly turns = new KeyedQueue();

  constructor(
    @Inject(CREDENTIAL_STORE) private readonly store: CredentialStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly rateLimiter: RateLimiter,
    @Inject(LeaseKeeper) leases: LeaseKeeper | null,
  ) {
    this.purges = new PeriodicSweep('LoginThrottle', 60 * 60 * 1000, () => this.accounts.deleteMany({ lastFailureAt: { $lt: Date.now() - FAILURES_KEPT_MS } }), leases);
  }

  onModuleInit(): void {
    this.purges.start(() => []);
  }

  async onModuleDestroy(): Promise<void> {
    await this.purges.stop();
  }

  private get accounts() {
    return this.store.collection<AccountFailures>('login_failures');
  }

  /**
   * Throws 429 when this try must wait. A try from an unknown browser is counted as a failure before
   * the password is checked (and forgotten again if it was right), so that parallel guesses see each
   * other. Answers whether the try comes from a browser known to the account.
   */
  async admit(request: Request, email: string, now = Date.now()): Promise<{ knownDevice: boolean }> {
    const device = await this.knownDeviceOf(request, email);
    if (device !== null) {
      await this.rateLimiter.consume(`login-device:${device}`, KNOWN_DEVICE_ATTEMPTS, KNOWN_DEVICE_WINDOW_MS, 'Too many login attempts.');
      return { knownDevice: true };
    }
    const key = accountKey(email);
    await this.turns.run(key, async () => {
      const record = await this.accounts.findOne({ _id: key });
      const failures = record && now - record.lastFailureAt <= FAILURES_KEPT_MS ? record.failures : 0;
      const waitMs = record ? delayAfter(failures) - (now - record.lastFailureAt) : 0;
      if (waitMs > 0) throw new TooManyRequestsError(`Too many login attempts. Please try again in ${describeWait(waitMs)}.`);
      await this.accounts.replaceOne({ _id: key, failures: failures + 1, lastFailureAt: now });
    });
    return { knownDevice: false };
  }

  /**
   * Signed in: the browser becomes known to the account. Only a sign-in that passed the account's
   * delay clears its failures; the owner's known browser leaves them, so a guesser gains nothing.
   */
  async succeeded(response: Response, email: string, knownDevice: boolean): Promise<void> {
    if (!knownDevice) await this.accounts.deleteOne({ _id: accountKey(email) });
    const nonce = randomBytes(16).toString('base64url');
    const value = `${accountTag(email)}.${nonce}`;
    response.cookie(KNOWN_DEVICE_COOKIE, `${value}.${await this.sign(value)}`, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.production,
      maxAge: KNOWN_DEVICE_MAX_AGE_MS,
      path: '/api/auth',
    });
  }

  /** The browser's device id when its cookie is genuine and was issued for this account, else null. */
  private async knownDeviceOf(request: Request, email: string): Promise<string | null> {
    const cookie = readCookie(request, KNOWN_DEVICE_COOKIE);
    const parts = cookie?.split('.');
    if (!parts || parts.length !== 3) return null;
    const [tag, nonce, signature] = parts;
    if (tag !== accountTag(email)) return null;
    const expected = Buffer.from(await this.sign(`${tag}.${nonce}`));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
  }

  private async sign(value: string): Promise<string> {
    this.secret ??= storedOnce(this.store.collection<Setting>('settings'), 'known-device-secret', () => ({ _id: 'known-device-secret', value: randomBytes(48).toString('base64url') })).then(
      (setting) => setting.value,
    );
    return createHmac('sha256', await this.secret).update(value).digest('base64url');
  }
}

/** 0 for the first FREE_FAILURES failures, then 1 s, 2 s, 4 s … up to MAX_DELAY_MS. */
export function delayAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_DELAY_MS, 1000 * 2 ** (failures - FREE_FAILURES));
}

function describeWait(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** Failure records are keyed by a hash: the credential store need not list e-mail addresses tried by strangers. */
function accountKey(email: string): string {
  return `account:${createHash('sha256').update(email).digest('base64url')}`;
}

/** Which account a known-device cookie belongs to, without naming it. */
function accountTag(email: string): string {
  return createHash('sha256').update(`known-device:${email}`).digest('base64url').slice(0, 22);
}

function readCookie(request: Request, name: string): string | undefined {
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = pair.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}
