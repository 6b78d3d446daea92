import { CREDENTIAL_STORE, CredentialStore } from '../../backend/src/storage/credential-store/credential-store.port';
import { EVENT_STORE, EventStore } from '../../backend/src/storage/event-store/event-store.port';
import { OUTBOX_COLLECTION } from '../../backend/src/notifications/mail/notifier.port';
import { CREDENTIALS_COLLECTION } from '../../backend/src/identity/commands/credentials.repository';
import { EmailKeys } from '../../backend/src/identity/commands/email-key';
import { userStream } from '../../backend/src/identity/contract/identity.events';
import { userDecider } from '../../backend/src/identity/domain/user.decider';
import { StreamExecutor } from '../../backend/src/shared/event-sourcing/stream-executor';
import { UniqueKeys } from '../../backend/src/shared/event-sourcing/unique-keys';
import { MailCatcher, matchesMailedTo, startMailCatcher } from '../support/mail-catcher';
import { signInAsAdmin, signUp, startTestApp, TestApp } from '../support/test-app';

/** Issue 22: a customer moves the account to another address, confirmed from the new mailbox; the old one is told at each step. */
describe('Changing the e-mail address', () => {
  let mail: MailCatcher;
  let shop: TestApp;

  beforeAll(async () => {
    mail = await startMailCatcher();
    shop = await startTestApp({ env: { SMTP_URL: mail.url, PORT: '4126' } });
  });
  afterAll(async () => {
    await shop.close();
    await mail.close();
  });

  const linkTo = (to: string) => matchesMailedTo(mail, to, /^(http:\/\/localhost:4126\/api\/auth\/confirm-email-change\?token=[A-Za-z0-9_-]{43})$/m).at(-1);
  const pathOf = (link: string) => link.replace('http://localhost:4126', '');
  const fresh = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;

  it('changes nothing until the link mailed to the new address is followed; then sign-in, the profile and the claims move, and the old address is told', async () => {
    const browser = shop.agent();
    const { email, password, user } = await signUp(browser);
    const next = fresh('moved');

    await browser.post('/api/user/email').send({ newEmail: next, currentPassword: 'not-it' }).expect(400);
    const asked = await browser.post('/api/user/email').set('Host', 'evil.example').send({ newEmail: next.toUpperCase(), currentPassword: password }).expect(202);
    expect(asked.body.message).toBe(`We have mailed a link to ${next}. Open it within 60 minutes to start using that address; until then your account keeps its current one.`);
    expect((await browser.get('/api/auth/user').expect(200)).body.email).toBe(email);
    const link = linkTo(next)!;
    expect(link).toBeDefined();
    expect(mail.textsTo(email).some((text) => text.includes(`asked to use ${next} instead of this address`))).toBe(true);
    // The outbox keeps the link with its token masked.
    const outbox = JSON.stringify(await shop.app.get<CredentialStore>(CREDENTIAL_STORE).collection(OUTBOX_COLLECTION).find({ to: next }));
    expect(outbox).not.toContain(link.split('token=')[1]);

    const followed = await shop.agent().get(pathOf(link)).expect(302);
    expect(followed.headers.location).toBe('/dashboard/account?emailChanged=1');
    expect((await browser.get('/api/auth/user').expect(200)).body).toMatchObject({ email: next, emailVerified: true });
    await shop.agent().post('/api/auth/login').send({ email, password }).expect(401);
    await shop.agent().post('/api/auth/login').send({ email: next, password }).expect(200);
    expect(mail.textsTo(email).some((text) => text.includes(`your account stopped using this address: it now uses ${next}`))).toBe(true);
    // Once only.
    expect((await shop.agent().get(pathOf(link)).expect(302)).headers.location).toBe('/dashboard/account?emailChange=failed');

    // The old address is free for a new account; the new one is taken.
    await signUp(shop.agent(), { email });
    await shop.agent().post('/api/auth/signup').send({ fullName: 'Someone Else', email: next, password: 'secret-123' }).expect(409);

    const log = JSON.stringify(await shop.app.get<EventStore>(EVENT_STORE).readStream(`user-${user.id}`));
    expect(log).toContain('EmailChangeRequested');
    expect(log).toContain(`"from":"${email}","to":"${next}"`);
  });

  it('refuses an address another account uses, the same address, and an administrator (whose address ADMIN_EMAIL sets)', async () => {
    const browser = shop.agent();
    const { email, password } = await signUp(browser);
    const { email: taken } = await signUp(shop.agent());
    expect((await browser.post('/api/user/email').send({ newEmail: taken, currentPassword: password }).expect(409)).body.message).toBe('An account with this email already exists. Please log in instead.');
    expect((await browser.post('/api/user/email').send({ newEmail: email, currentPassword: password }).expect(400)).body.message).toBe('That is already your e-mail address.');
    await browser.post('/api/user/email').send({ newEmail: 'not an address', currentPassword: password }).expect(400);
    await shop.agent().post('/api/user/email').send({ newEmail: fresh('guest'), currentPassword: password }).expect(401);
    const admin = shop.agent();
    await signInAsAdmin(admin);
    expect((await admin.post('/api/user/email').send({ newEmail: fresh('admin'), currentPassword: 'admin12345' }).expect(409)).body.message).toBe("An administrator's address is set by ADMIN_EMAIL, not here.");
  });

  it('signs in at the new address even when the shop stopped right after recording the change (the sign-in record follows the stream)', async () => {
    const browser = shop.agent();
    const { email, password, user } = await signUp(browser);
    const next = fresh('crashed');
    // The steps of ConfirmEmailChange up to EmailChanged, and none after: the credentials still hold the old address.
    const context = { actorId: user.id, correlationId: `crash-${Date.now()}` };
    await shop.app.get(UniqueKeys).claim(shop.app.get(EmailKeys).of(next), user.id, context);
    await shop.app.get(StreamExecutor).execute(userStream(user.id), userDecider, { kind: 'changeEmail', newEmail: next }, context);
    expect(await shop.app.get<CredentialStore>(CREDENTIAL_STORE).collection(CREDENTIALS_COLLECTION).findOne({ _id: user.id })).toMatchObject({ email });

    await shop.agent().post('/api/auth/login').send({ email, password }).expect(401);
    await shop.agent().post('/api/auth/login').send({ email: next, password }).expect(200);
    expect(await shop.app.get<CredentialStore>(CREDENTIAL_STORE).collection(CREDENTIALS_COLLECTION).findOne({ _id: user.id })).toMatchObject({ email: next });
  });

  it('fails the link when another account took the address meanwhile', async () => {
    const browser = shop.agent();
    const { password } = await signUp(browser);
    const next = fresh('raced');
    await browser.post('/api/user/email').send({ newEmail: next, currentPassword: password }).expect(202);
    await signUp(shop.agent(), { email: next });
    expect((await shop.agent().get(pathOf(linkTo(next)!)).expect(302)).headers.location).toBe('/dashboard/account?emailChange=failed');
  });
});
