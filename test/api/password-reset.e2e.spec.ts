import { readFileSync } from 'node:fs';
import { OUTBOX_COLLECTION } from '../../backend/src/notifications/mail/notifier.port';
import { CREDENTIAL_STORE, CredentialStore } from '../../backend/src/storage/credential-store/credential-store.port';
import { EVENT_STORE, EventStore } from '../../backend/src/storage/event-store/event-store.port';
import { filesUnder } from '../support/data-folder';
import { MailCatcher, matchesMailedTo, startMailCatcher } from '../support/mail-catcher';
import { signUp, startTestApp, TestApp } from '../support/test-app';

const REQUESTED = 'If an account uses that address, we have mailed it a link to choose a new password. The link works once, for 60 minutes.';
const INVALID = 'This password reset link is not valid: it was used, it expired, or it was replaced by a newer one. Ask for a new link from the sign-in page.';

/** Issue 22: "Forgot password?" by e-mail, with nothing that tells who has an account and no token kept in clear. */
describe('Password reset by e-mail', () => {
  let mail: MailCatcher;
  let shop: TestApp;

  beforeAll(async () => {
    mail = await startMailCatcher();
    shop = await startTestApp({ env: { SMTP_URL: mail.url, PORT: '4124' } });
  });
  afterAll(async () => {
    await shop.close();
    await mail.close();
  });

  /** The tokens of the reset links mailed to `to`, oldest first, from links to the shop's own origin only. */
  const tokensMailedTo = (to: string): string[] => matchesMailedTo(mail, to, /^http:\/\/localhost:4124\/auth\/reset\?token=([A-Za-z0-9_-]{43})$/m);
  const tokenMailedTo = (to: string): string => {
    const token = tokensMailedTo(to).at(-1);
    if (!token) throw new Error(`No reset link mailed to ${to}`);
    return token;
  };

  it('mails a single-use link, sets the new password, ends every session and tells the address; the token is kept nowhere', async () => {
    const phone = shop.agent();
    const laptop = shop.agent();
    const { email, password, user } = await signUp(phone);
    await laptop.post('/api/auth/login').send({ email, password }).expect(200);

    expect((await shop.agent().post('/api/auth/password-reset').set('Host', 'evil.example').send({ email: email.toUpperCase() }).expect(202)).body).toEqual({ message: REQUESTED });
    const token = tokenMailedTo(email);
    expect(mail.textsTo(email).join('\n')).not.toContain('evil.example');

    await shop.agent().post('/api/auth/password-reset/confirm').send({ token, password: 'short' }).expect(400);
    const done = await shop.agent().post('/api/auth/password-reset/confirm').send({ token, password: 'a-new-secret-9' }).expect(200);
    expect(done.body.message).toMatch(/^Your password was changed/);
    // Once only.
    expect((await shop.agent().post('/api/auth/password-reset/confirm').send({ token, password: 'another-secret-9' }).expect(400)).body).toEqual({ message: INVALID });

    // Both sessions ended; the old password no longer works, the new one does.
    await phone.get('/api/auth/user').expect(401);
    await laptop.get('/api/auth/user').expect(401);
    await shop.agent().post('/api/auth/login').send({ email, password }).expect(401);
    await shop.agent().post('/api/auth/login').send({ email, password: 'a-new-secret-9' }).expect(200);
    expect(mail.textsTo(email).some((text) => text.includes('Your password was changed'))).toBe(true);

    // In the account's history, with no secret in it.
    const log = JSON.stringify(await shop.app.get<EventStore>(EVENT_STORE).readStream(`user-${user.id}`));
    expect(log).toContain('PasswordResetRequested');
    expect(log).toContain('"sessionsEnded":2');
    expect(log).not.toContain(token);
    const outbox = JSON.stringify(await shop.app.get<CredentialStore>(CREDENTIAL_STORE).collection(OUTBOX_COLLECTION).find({ to: email }));
    expect(outbox).toContain('/auth/reset?token=');
    expect(outbox).not.toContain(token);
    await shop.stop();
    expect(filesUnder(shop.dataDir).filter((file) => readFileSync(file).includes(token))).toEqual([]);
    shop = await startTestApp({ dataDir: shop.dataDir, env: { SMTP_URL: mail.url, PORT: '4124' } });
  });

  it('answers the same for an address without an account, mails nothing, and mails one address at most 3 links an hour', async () => {
    const before = mail.mails.length;
    expect((await shop.agent().post('/api/auth/password-reset').send({ email: 'nobody-here@example.com' }).expect(202)).body).toEqual({ message: REQUESTED });
    expect(mail.mails.length).toBe(before);
    await shop.agent().post('/api/auth/password-reset').send({ email: 'not an address' }).expect(400);

    const { email } = await signUp(shop.agent());
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await shop.agent().post('/api/auth/password-reset').send({ email }).expect(202)).body).toEqual({ message: REQUESTED });
    }
    expect(mail.textsTo(email).filter((text) => text.includes('/auth/reset?token='))).toHaveLength(3);
    // Only the newest link works.
    const links = tokensMailedTo(email);
    await shop.agent().post('/api/auth/password-reset/confirm').send({ token: links[0], password: 'new-secret-1' }).expect(400, { message: INVALID });
    await shop.agent().post('/api/auth/password-reset/confirm').send({ token: 'A'.repeat(43), password: 'new-secret-1' }).expect(400, { message: INVALID });
    await shop.agent().post('/api/auth/password-reset/confirm').send({ token: links.at(-1), password: 'new-secret-1' }).expect(200);
  });

  it('lets the signed-in owner change the password with the current one: other sessions end, this one stays, the address is told', async () => {
    const here = shop.agent();
    const elsewhere = shop.agent();
    const { email, password, user } = await signUp(here);
    await elsewhere.post('/api/auth/login').send({ email, password }).expect(200);

    await shop.agent().post('/api/auth/password').send({ currentPassword: password, newPassword: 'changed-secret-1' }).expect(401);
    expect((await here.post('/api/auth/password').send({ currentPassword: 'not-it', newPassword: 'changed-secret-1' }).expect(400)).body).toEqual({ message: 'Your current password is not right.' });
    await here.post('/api/auth/password').send({ currentPassword: password, newPassword: 'short' }).expect(400);
    expect((await here.post('/api/auth/password').send({ currentPassword: password, newPassword: 'changed-secret-1' }).expect(200)).body).toEqual({
      message: 'Your password was changed. Every other session of your account was signed out.',
    });

    await here.get('/api/auth/user').expect(200);
    await elsewhere.get('/api/auth/user').expect(401);
    await shop.agent().post('/api/auth/login').send({ email, password }).expect(401);
    await shop.agent().post('/api/auth/login').send({ email, password: 'changed-secret-1' }).expect(200);
    expect(mail.textsTo(email).some((text) => text.includes('from its account page'))).toBe(true);
    const log = JSON.stringify(await shop.app.get<EventStore>(EVENT_STORE).readStream(`user-${user.id}`));
    expect(log).toContain('"type":"PasswordChanged"');
    expect(log).not.toContain('changed-secret-1');
  });
});
