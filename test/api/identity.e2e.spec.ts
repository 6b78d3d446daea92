import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import request from 'supertest';
import * as argon2 from 'argon2';
import { CREDENTIALS_COLLECTION } from '../../backend/src/identity/commands/credentials.repository';
import { EMAIL_VERIFICATIONS_COLLECTION } from '../../backend/src/identity/commands/email-verification.command';
import { OUTBOX_COLLECTION } from '../../backend/src/notifications/mail/notifier.port';
import { CREDENTIAL_STORE, CredentialStore } from '../../backend/src/storage/credential-store/credential-store.port';
import { EmailKeys } from '../../backend/src/identity/commands/email-key';
import { ABANDONED_CLAIM_AFTER_MS } from '../../backend/src/shared/event-sourcing/unique-keys';
import { EVENT_STORE, EventStore } from '../../backend/src/storage/event-store/event-store.port';
import { filesUnder } from '../support/data-folder';
import { confirmationLinkTo, startMailCatcher } from '../support/mail-catcher';
import { signUp, startTestApp, TestApp } from '../support/test-app';

/** A sign-up whose request names `host` (an attacker's) as its Host. */
async function signUpFrom(agent: request.Agent, host: string) {
  const body = { fullName: 'Ada Lovelace', email: `ada-${randomUUID()}@example.com`, password: 'secret-123' };
  const response = await agent.post('/api/auth/signup').set('Host', host).send(body).expect(201);
  return { ...body, user: response.body as { id: string; email: string; emailVerified: boolean } };
}

describe('Identity API', () => {
  let shop: TestApp;

  beforeAll(async () => {
    // Production's password hashing (64 MiB), which the other suites lower: this suite checks the stored hash's parameters.
    shop = await startTestApp({ env: { PASSWORD_HASH_MEMORY_KIB: '65536' } });
  });
  afterAll(async () => {
    await shop.close();
  });

  it('signs up a customer, starts an httpOnly SameSite session and answers the current user', async () => {
    const browser = shop.agent();
    const response = await browser
      .post('/api/auth/signup')
      .send({ fullName: 'Rosalind Franklin', email: 'Rosalind@Example.com ', password: 'helix-51' })
      .expect(201);
    expect(response.body).toMatchObject({ fullName: 'Rosalind Franklin', firstName: 'Rosalind', email: 'rosalind@example.com', role: 'customer' });
    expect(response.body.passwordHash).toBeUndefined();
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/sid=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const me = await browser.get('/api/auth/user').expect(200);
    expect(me.body).toMatchObject({ email: 'rosalind@example.com', role: 'customer', id: response.body.id });
  });

  it('mails a new account a confirmation link on PUBLIC_URL whatever Host the sign-up named, keeping only the hash of its token', async () => {
    const mail = await startMailCatcher();
    const publicShop = await startTestApp({ env: { PUBLIC_URL: 'https://shop.example/', SMTP_URL: mail.url } });
    try {
      const browser = publicShop.agent();
      const { email, user } = await signUpFrom(browser, 'evil.example');
      expect(user).toMatchObject({ emailVerified: false });
      expect((await browser.get('/api/auth/user').expect(200)).body.emailVerified).toBe(false);
      const link = confirmationLinkTo(mail, email);
      const token = /^https:\/\/shop\.example\/api\/auth\/verify-email\?token=([A-Za-z0-9_-]{43})$/.exec(link)?.[1];
      expect(token).toEqual(expect.any(String));
      expect(mail.textsTo(email).join('\n')).not.toContain('evil.example');
      const stored = await publicShop.app.get<CredentialStore>(CREDENTIAL_STORE).collection(EMAIL_VERIFICATIONS_COLLECTION).find({});
      expect(stored.map((pending) => pending._id)).toEqual([createHash('sha256').update(token!).digest('hex')]);
      expect(JSON.stringify(stored)).not.toContain(token);
    } finally {
      await publicShop.close();
      await mail.close();
    }
  });

  it('without PUBLIC_URL mails links to the address the server was started on, never to a forged Host, and keeps the token nowhere', async () => {
    const mail = await startMailCatcher();
    const local = await startTestApp({ env: { PORT: '4123', SMTP_URL: mail.url } });
    try {
      const browser = local.agent();
      const { email } = await signUpFrom(browser, 'evil.example');
      await browser.post('/api/auth/verify-email/resend').set('Host', 'evil.example:8443').set('X-Forwarded-Host', 'evil.example').expect(200);
      const texts = mail.textsTo(email);
      expect(texts).toHaveLength(2);
      const tokens = texts.map((text) => /^http:\/\/localhost:4123\/api\/auth\/verify-email\?token=([A-Za-z0-9_-]{43})$/m.exec(text)?.[1]);
      expect(tokens).toEqual([expect.any(String), expect.any(String)]);
      expect(texts.join('\n')).not.toContain('evil.example');

      // The mailed link works; the attacker's Host on the click changes nothing.
      const link = new URL(confirmationLinkTo(mail, email));
      expect((await local.agent().get(link.pathname + link.search).set('Host', 'evil.example').expect(302)).headers.location).toBe('/dashboard?emailVerified=1');
      expect((await browser.get('/api/auth/user').expect(200)).body.emailVerified).toBe(true);

      // Neither token is in the log, the read models, the credential store or the outbox, on disk or through the stores.
      const log = JSON.stringify(await local.app.get<EventStore>(EVENT_STORE).readAll(null, 100_000));
      const outbox = JSON.stringify(await local.app.get<CredentialStore>(CREDENTIAL_STORE).collection(OUTBOX_COLLECTION).find({ to: email }));
      expect(outbox).toContain('/api/auth/verify-email?token=');
      await local.stop();
      const files = filesUnder(local.dataDir).map((file) => readFileSync(file));
      for (const token of tokens) {
        expect(log).not.toContain(token);
        expect(outbox).not.toContain(token);
        expect(files.filter((bytes) => bytes.includes(token!))).toHaveLength(0);
      }
    } finally {
      await local.close();
      await mail.close();
    }
  });

  it('answers 401 for the current user when signed out', async () => {
    expect((await shop.agent().get('/api/auth/user').expect(401)).body).toEqual({ message: 'Unauthorized' });
  });

  it('refuses a second account with the same e-mail, whatever its case', async () => {
    const { email } = await signUp(shop.agent());
    const response = await shop.agent().post('/api/auth/signup').send({ fullName: 'Someone Else', email: email.toUpperCase(), password: 'another-1' }).expect(409);
    expect(response.body.message).toMatch(/already exists/);
  });

  it('lets only one of several simultaneous sign-ups with one e-mail succeed', async () => {
    const body = { fullName: 'Racing Shopper', email: 'race@example.com', password: 'secret-123' };
    const statuses = await Promise.all(Array.from({ length: 5 }, () => shop.agent().post('/api/auth/signup').send(body).then((r) => r.status)));
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(4);
  });

  it('reclaims an e-mail whose registration a crash cut short, but never one still being registered', async () => {
    const eventStore = shop.app.get<EventStore>(EVENT_STORE);
    const claimLeftBy = async (email: string, claimedAt: Date) => {
      const metadata = { correlationId: randomUUID(), causationId: null, actorId: null, occurredAt: claimedAt.toISOString() };
      const data = { key: email, ownerId: randomUUID(), claimedAt: claimedAt.toISOString() };
      await eventStore.append(shop.app.get(EmailKeys).of(email).streamId, [{ type: 'UniqueKeyClaimed', version: 1, data, metadata }], 'no_stream');
    };
    const body = (email: string) => ({ fullName: 'Crash Survivor', email, password: 'secret-123' });
    await claimLeftBy('crashed@example.com', new Date(Date.now() - ABANDONED_CLAIM_AFTER_MS - 1000));
    await shop.agent().post('/api/auth/signup').send(body('crashed@example.com')).expect(201);
    await claimLeftBy('in-flight@example.com', new Date());
    await shop.agent().post('/api/auth/signup').send(body('in-flight@example.com')).expect(409);
  });

  it('validates sign-up input with the messages of the spec', async () => {
    const weak = await shop.agent().post('/api/auth/signup').send({ fullName: 'A', email: 'weak@example.com', password: '12345' }).expect(400);
    expect(weak.body.message).toBe('Password must be at least 6 characters long.');
    const badEmail = await shop.agent().post('/api/auth/signup').send({ fullName: 'A', email: 'not-an-email', password: '123456' }).expect(400);
    expect(badEmail.body.message).toMatch(/valid email/);
    const missing = await shop.agent().post('/api/auth/signup').send({ email: 'x@example.com', password: '123456' }).expect(400);
    expect(missing.body.message).toMatch(/Full name is required/);
    const wrongType = await shop.agent().post('/api/auth/signup').send({ fullName: 42, email: 'x@example.com', password: '123456' }).expect(400);
    expect(wrongType.body.message).toEqual(expect.any(String));
  });

  it('logs in with the right password and refuses wrong ones without saying which part was wrong', async () => {
    const { email, password } = await signUp(shop.agent());
    const browser = shop.agent();
    const ok = await browser.post('/api/auth/login').send({ email, password }).expect(200);
    expect(ok.body.email).toBe(email);
    await browser.get('/api/auth/user').expect(200);
    const wrongPassword = await shop.agent().post('/api/auth/login').send({ email, password: 'wrong-password' }).expect(401);
    const wrongEmail = await shop.agent().post('/api/auth/login').send({ email: 'nobody@example.com', password }).expect(401);
    expect(wrongPassword.body).toEqual({ message: 'Invalid email or password.' });
    expect(wrongEmail.body).toEqual(wrongPassword.body);
  });

  it('hashes passwords on one thread and replaces an older four-thread hash at the next sign-in', async () => {
    const { email, password } = await signUp(shop.agent());
    const credentials = shop.app.get<CredentialStore>(CREDENTIAL_STORE).collection<{ _id: string; email: string; passwordHash: string }>(CREDENTIALS_COLLECTION);
    const fresh = await credentials.findOne({ email });
    expect(fresh?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=65536,p=1,t=3\$/);
    // As stored before: node-argon2's default of four lanes, which starts four threads per hash.
    await credentials.replaceOne({ ...fresh!, passwordHash: await argon2.hash(password, { type: argon2.argon2id }) });
    expect((await credentials.findOne({ email }))?.passwordHash).toMatch(/,p=4,/);
    await shop.agent().post('/api/auth/login').send({ email, password: 'wrong-password' }).expect(401);
    expect((await credentials.findOne({ email }))?.passwordHash).toMatch(/,p=4,/);
    await shop.agent().post('/api/auth/login').send({ email, password }).expect(200);
    const upgraded = (await credentials.findOne({ email }))?.passwordHash;
    expect(upgraded).toMatch(/,p=1,/);
    expect(await argon2.verify(upgraded!, password)).toBe(true);
  });

  it('slows password guessing per account with growing waits, whatever address the guesses claim', async () => {
    const { email, password } = await signUp(shop.agent());
    // The waits are counted on the clock from when each guess was let in: held still here, so that hashing a
    // guess (seconds on a busy machine, in its low-priority process) does not use up the wait being checked.
    let now = Date.now();
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => now);
    try {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        await shop.agent().post('/api/auth/login').set('X-Forwarded-For', `203.0.113.${attempt}`).send({ email, password: 'guess-' + attempt }).expect(401);
      }
      // The sixth try comes too soon, even with the right password: refused before any hashing.
      const limited = await shop.agent().post('/api/auth/login').set('X-Forwarded-For', '198.51.100.1').send({ email, password }).expect(429);
      expect(limited.body.message).toBe('Too many login attempts. Please try again in 1 second.');
      now += 1100;
      await shop.agent().post('/api/auth/login').send({ email, password: 'guess-6' }).expect(401);
      const longer = await shop.agent().post('/api/auth/login').send({ email, password }).expect(429);
      expect(longer.body.message).toBe('Too many login attempts. Please try again in 2 seconds.');
      now += 2100;
      await shop.agent().post('/api/auth/login').send({ email, password }).expect(200);
    } finally {
      clock.mockRestore();
    }
  });

  it('never locks the owner out of their usual browser, however many guesses others make', async () => {
    const owner = shop.agent();
    const { email, password } = await signUp(owner);
    await owner.get('/api/logout').expect(302);
    await owner.post('/api/auth/login').send({ email, password }).expect(200);
    await owner.get('/api/logout').expect(302);
    const other = await signUp(shop.agent());
    // The waits run on the clock from each guess: held still, so that hashing guesses (seconds each on a busy
    // machine) does not use up a wait before the try that must meet it.
    const now = Date.now();
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => now);
    try {
      for (let attempt = 0; attempt < 8; attempt += 1) {
        const guess = await shop.agent().post('/api/auth/login').send({ email, password: 'guess-' + attempt });
        expect([401, 429]).toContain(guess.status);
      }
      await shop.agent().post('/api/auth/login').send({ email, password }).expect(429);
      // The browser that signed in before carries its known-device cookie: it is counted on its own.
      await owner.post('/api/auth/login').send({ email, password }).expect(200);
      // A cookie forged or copied to another account is worth nothing.
      for (let attempt = 0; attempt < 5; attempt += 1) await shop.agent().post('/api/auth/login').send({ email: other.email, password: 'nope-' + attempt }).expect(401);
      await owner.post('/api/auth/login').send({ email: other.email, password: other.password }).expect(429);
    } finally {
      clock.mockRestore();
    }
  });

  it('navigates /api/login to the sign-in page and /api/logout ends the session', async () => {
    const browser = shop.agent();
    await signUp(browser);
    const login = await browser.get('/api/login').expect(302);
    expect(login.headers.location).toBe('/auth');
    // From the checkout, the shopper comes back to it; another site is never a destination.
    expect((await browser.get('/api/login?returnTo=%2Fcheckout').expect(302)).headers.location).toBe('/auth?returnTo=%2Fcheckout');
    expect((await browser.get('/api/login?returnTo=https%3A%2F%2Fevil.example').expect(302)).headers.location).toBe('/auth');
    expect((await browser.get('/api/login?returnTo=%2F%2Fevil.example').expect(302)).headers.location).toBe('/auth');
    const logout = await browser.get('/api/logout').expect(302);
    expect(logout.headers.location).toBe('/');
    await browser.get('/api/auth/user').expect(401);
  });

  it('gives the storefront a readable signed-in hint that carries no secret and ends with the session', async () => {
    const browser = shop.agent();
    const signup = await browser.post('/api/auth/signup').send({ fullName: 'Hint Reader', email: `hint-${Date.now()}@example.com`, password: 'secret-123' }).expect(201);
    const cookies = signup.headers['set-cookie'] as unknown as string[];
    const hint = cookies.find((cookie) => cookie.startsWith('signed_in='))!;
    expect(hint).toMatch(/^signed_in=1;/);
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(hint).toMatch(/SameSite=Lax/i);
    const logout = await browser.get('/api/logout').expect(302);
    expect(String(logout.headers['set-cookie'])).toMatch(/signed_in=;.*Expires=Thu, 01 Jan 1970/);
  });

  it('drops a signed-in hint that outlived its session', async () => {
    const response = await shop.agent().get('/api/auth/user').set('Cookie', 'signed_in=1').expect(401);
    expect(String(response.headers['set-cookie'])).toMatch(/signed_in=;/);
  });

  it('never writes a password or its hash into the event log', async () => {
    const { password } = await signUp(shop.agent(), { password: 'very-secret-passphrase' });
    const eventStore = shop.app.get<EventStore>(EVENT_STORE);
    const log = JSON.stringify(await eventStore.readAll(null, 100_000));
    expect(log).toContain('UserRegistered');
    expect(log).not.toContain(password);
    expect(log).not.toContain('$argon2');
  });
});
