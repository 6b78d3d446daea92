import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { ConflictError, InvalidInputError } from '../../shared/errors';
import { CREDENTIAL_STORE, CredentialStore } from '../../storage/credential-store/credential-store.port';
import { Document, DuplicateKeyError } from '../../storage/read-store/read-store.port';
import { isAuthenticatorCode, TWO_FACTOR_MESSAGES } from '../contract/two-factor';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes';
import { matchingTotpStep, newTotpSecret } from './totp';

/**
 * An account's authenticator: its secret (base32), whether it is on (a setup waits for its first code), and the
 * last 30-second step whose code was accepted: a code is accepted once, and never one of an earlier step.
 */
type Authenticator = Document & { secret: string; enabled: boolean; lastUsedStep: number; createdAt: string };
/** One unused recovery code: `_id` is the account and the code's SHA-256, so using it is deleting it. */
type RecoveryCode = Document & { userId: string };

/** What a code proved: the authenticator's current code, or an unused recovery code (now used). */
export type SecondFactor = 'authenticator' | 'recoveryCode';

/**
 * Two-factor secrets (issue 23) live here, in the credential store beside the password hashes: never in the
 * log (whose events only say that two-factor sign-in was turned on or off, or a recovery code used) and never
 * in a read model. Every acceptance is one conditional write, so two instances given the same code at once
 * accept it once.
 */
@Injectable()
export class TwoFactorCredentials implements OnModuleInit {
  constructor(@Inject(CREDENTIAL_STORE) private readonly store: CredentialStore) {}

  private get authenticators() {
    return this.store.collection<Authenticator>('two_factor');
  }

  private get recoveryCodes() {
    return this.store.collection<RecoveryCode>('two_factor_recovery_codes');
  }

  async onModuleInit(): Promise<void> {
    await this.recoveryCodes.createIndex({ userId: 1 });
  }

  async isEnabled(userId: string): Promise<boolean> {
    return (await this.authenticators.count({ _id: userId, enabled: true })) > 0;
  }

  async recoveryCodesLeft(userId: string): Promise<number> {
    return this.recoveryCodes.count({ userId });
  }

  /** A new secret, waiting for its first code; one waiting before is replaced. 409 while two-factor sign-in is on. */
  async startSetup(userId: string): Promise<string> {
    const secret = newTotpSecret();
    const waiting = { secret, lastUsedStep: -1, createdAt: new Date().toISOString() };
    const replace = async () => (await this.authenticators.updateOne({ _id: userId, enabled: false }, { $set: waiting })).matchedCount === 1;
    if (await replace()) return secret;
    try {
      await this.authenticators.insertOne({ _id: userId, enabled: false, ...waiting });
      return secret;
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
    // Another setup made the record in between: this one replaces its secret, unless it was turned on since.
    if (await replace()) return secret;
    throw new ConflictError(TWO_FACTOR_MESSAGES.alreadyOn);
  }

  /**
   * The waiting secret's first code turns it on: the account's recovery codes are made anew, and returned
   * this once (only their hashes are kept). 400 for a wrong code; 409 when it is on already or no setup waits.
   */
  async enable(userId: string, code: string, at = Date.now()): Promise<string[]> {
    const waiting = await this.authenticators.findOne({ _id: userId });
    if (waiting?.enabled) throw new ConflictError(TWO_FACTOR_MESSAGES.alreadyOn);
    if (!waiting) throw new ConflictError(TWO_FACTOR_MESSAGES.notSetUp);
    const step = isAuthenticatorCode(code) ? matchingTotpStep(waiting.secret, code, at) : null;
    if (step === null) throw new InvalidInputError(TWO_FACTOR_MESSAGES.wrongCode);
    const turnedOn = await this.authenticators.updateOne(
      { _id: userId, enabled: false, secret: waiting.secret, lastUsedStep: { $lt: step } },
      { $set: { enabled: true, lastUsedStep: step } },
    );
    if (turnedOn.matchedCount !== 1) throw new InvalidInputError(TWO_FACTOR_MESSAGES.wrongCode);
    const codes = newRecoveryCodes();
    await this.recoveryCodes.deleteMany({ userId });
    for (const recoveryCode of codes) await this.recoveryCodes.insertOne({ _id: recoveryCodeKey(userId, recoveryCode), userId });
    return codes;
  }

  /**
   * Whether `code` is the account's second factor now: the authenticator's code of the current step (or a
   * neighbour) not accepted before, or an unused recovery code, which this uses up. Null for anything else.
   */
  async verify(userId: string, code: string, at = Date.now()): Promise<SecondFactor | null> {
    if (!isAuthenticatorCode(code)) {
      const used = await this.recoveryCodes.deleteOne({ _id: recoveryCodeKey(userId, code) });
      return used === 1 ? 'recoveryCode' : null;
    }
    const authenticator = await this.authenticators.findOne({ _id: userId, enabled: true });
    const step = authenticator ? matchingTotpStep(authenticator.secret, code, at) : null;
    if (step === null) return null;
    const accepted = await this.authenticators.updateOne({ _id: userId, enabled: true, lastUsedStep: { $lt: step } }, { $set: { lastUsedStep: step } });
    return accepted.matchedCount === 1 ? 'authenticator' : null;
  }

  /** Two-factor sign-in off (or the account erased): the secret and every recovery code are deleted. */
  async remove(userId: string): Promise<void> {
    await this.authenticators.deleteOne({ _id: userId });
    await this.recoveryCodes.deleteMany({ userId });
  }
}

function recoveryCodeKey(userId: string, code: string): string {
  return `${userId}:${recoveryCodeHash(code)}`;
}
