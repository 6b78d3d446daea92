import { CommandBus } from '@nestjs/cqrs';
import request from 'supertest';
import { RegisterUser } from '../../backend/src/identity/commands/public';
import { TWO_FACTOR_MESSAGES } from '../../backend/src/identity/contract/two-factor';
import { StaffRole } from '../../backend/src/identity/contract/staff-roles';
import { totpCodeAt, totpStepAt } from '../../backend/src/identity/two-factor/totp';
import { systemContext } from '../../backend/src/shared/event-sourcing/command-context';
import { CREDENTIAL_STORE, CredentialStore } from '../../backend/src/storage/credential-store/credential-store.port';
import { EVENT_STORE, EventStore } from '../../backend/src/storage/event-store/event-store.port';
import { ProjectionRunner } from '../../projections/runner/projection-runner';
import { signInAsAdmin, signUp, startTestApp, TestApp } from '../support/test-app';

const PASSWORD = 'secret-123';

/** A staff account with `role`, registered as the seeder registers the owner, once the users projector shows it. */
async function staffMember(shop: TestApp, role: StaffRole): Promise<{ id: string; email: string }> {
  const email = `${role}-${Math.random().toString(36).slice(2)}@example.com`;
  const { userId, position } = await shop.app.get(CommandBus).execute(new RegisterUser(`Two-factor ${role}`, email, PASSWORD, role, systemContext()));
  expect(await shop.app.get(ProjectionRunner).waitFor(position, ['users'])).toBe(true);
  return { id: userId, email };
}

/**
 * An authenticator app for `secret`, as the test's clock sees it: each code it gives is of a step not given
 * before (a code the server accepted is never handed out again: that is the replay check's business, tested
 * on purpose) that the server accepts (the current step or a neighbour) for at least `MARGIN_MS` more, so a
 * request that crosses a 30-second boundary on a busy machine still brings a good code. When the steps the
 * server accepts now are used up, it waits for the next one.
 */
const MARGIN_MS = 5_000;
// A test may wait for the next step (up to 30 s) once the accepted ones are used up.
jest.setTimeout(90_000);
function authenticatorApp(secret: string) {
  let lastStep = -Infinity;
  /** The first step after the last one given that stays accepted for MARGIN_MS from `now` (maybe not yet accepted). */
  const nextStep = (now: number) => {
    let step = Math.max(lastStep + 1, totpStepAt(now) - 1);
    // A step is accepted while the server's step is at most one past it: until the start of step + 2.
    while ((step + 2) * 30_000 - now < MARGIN_MS) step += 1;
    return step;
  };
  return {
    /** A code the server would accept now, without using it up. */
    peekCode: () => totpCodeAt(secret, Math.min(nextStep(Date.now()), totpStepAt(Date.now()) + 1) * 30_000),
    async freshCode(): Promise<string> {
      const step = nextStep(Date.now());
      // Accepted once the server's step is at least step - 1, from the start of that step.
      const wait = (step - 1) * 30_000 - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 50));
      lastStep = step;
      return totpCodeAt(secret, step * 30_000);
    },
  };
}

async function setUp(agent: request.Agent) {
  const setup = await agent.post('/api/auth/2fa/setup').expect(200);
  const { otpauthUrl, secret } = setup.body as { otpauthUrl: string; secret: string };
  return { otpauthUrl, secret, app: authenticatorApp(secret) };
}

describe('Two-factor sign-in for staff (issue 23, deliverable 3)', () => {
  let shop: TestApp;

  beforeAll(async () => {
    shop = await startTestApp();
  });
  afterAll(async () => {
    await shop.close();
  });
  afterEach(() => jest.restoreAllMocks());

  it('sets up, turns on, asks for the code at login, throttles wrong codes, refuses a replayed code, takes a recovery code once, and turns off with a code', async () => {
    const staff = await staffMember(shop, 'manager');
    const desk = shop.agent();
    await desk.post('/api/auth/login').send({ email: staff.email, password: PASSWORD }).expect(200);
    expect((await desk.get('/api/auth/2fa').expect(200)).body).toEqual({ enabled: false, recoveryCodesLeft: 0, requiredForStaff: false });

    // Setup: a base32 secret and the otpauth URL of the QR code; nothing is on until a code of it is given.
    const { otpauthUrl, secret, app } = await setUp(desk);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(decodeURIComponent(url.pathname)).toBe(`/Peptide Research Supply:${staff.email}`);
    await shop.agent().post('/api/auth/login').send({ email: staff.email, password: PASSWORD }).expect(200);

    expect((await desk.post('/api/auth/2fa/enable').send({ code: '12345' }).expect(400)).body).toEqual({ message: TWO_FACTOR_MESSAGES.codeFormat });
    const wrongFirst = totpCodeAt(secret, Date.now() + 10 * 60_000);
    expect((await desk.post('/api/auth/2fa/enable').send({ code: wrongFirst }).expect(400)).body).toEqual({ message: TWO_FACTOR_MESSAGES.wrongCode });
    const enabled = await desk.post('/api/auth/2fa/enable').send({ code: await app.freshCode() }).expect(200);
    const recoveryCodes = enabled.body.recoveryCodes as string[];
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await desk.get('/api/auth/2fa').expect(200)).body).toEqual({ enabled: true, recoveryCodesLeft: 10, requiredForStaff: false });
    // A second setup would replace the secret behind the owner's back: refused while it is on.
    expect((await desk.post('/api/auth/2fa/setup').expect(409)).body).toEqual({ message: TWO_FACTOR_MESSAGES.alreadyOn });

    // The login throttle's waits are counted from when each try was let in: the clock is held still, as in the
    // password-guessing test, so that hashing (seconds on a busy machine) does not use up the wait being checked.
    let now = Date.now();
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => now);
    // The password alone no longer signs in: 401 with the flag, and no session.
    const laptop = shop.agent();
    const passwordOnly = await laptop.post('/api/auth/login').send({ email: staff.email, password: PASSWORD }).expect(401);
    expect(passwordOnly.body).toEqual({ message: TWO_FACTOR_MESSAGES.signInNeedsCode, twoFactorRequired: true });
    await laptop.get('/api/auth/user').expect(401);
    // A wrong password says nothing about the second factor.
    expect((await laptop.post('/api/auth/login').send({ email: staff.email, password: 'wrong-password', code: '123456' }).expect(401)).body).toEqual({ message: 'Invalid email or password.' });

    // Wrong codes count against the account like wrong passwords: after five failures the next try must wait.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const wrong = await laptop.post('/api/auth/login').send({ email: staff.email, password: PASSWORD, code: totpCodeAt(secret, Date.now() + (attempt + 5) * 60_000) }).expect(401);
      expect(wrong.body).toEqual({ message: TWO_FACTOR_MESSAGES.wrongCode, twoFactorRequired: true });
    }
    const throttled = await laptop.post('/api/auth/login').send({ email: staff.email, password: PASSWORD, code: app.peekCode() }).expect(429);
    await laptop.get('/api/auth/user').expect(401);

    expect(throttled.body.message).toBe('Too many login attempts. Please try again in 1 second.');
    // Once the wait is over, the password with a current code signs in.
    now += 1_100;
    const code = await app.freshCode();
    const signedIn = await laptop.post('/api/auth/login').send({ email: staff.email, password: PASSWORD, code }).expect(200);
    clock.mockRestore();
    expect(signedIn.body).toMatchObject({ id: staff.id, role: 'manager' });
    await laptop.get('/api/auth/user').expect(200);

    // The same code a second time (another browser, within its 30 seconds) is refused: RFC 6238 §5.2.
    const thief = shop.agent();
    expect((await thief.post('/api/auth/login').send({ email: staff.email, password: PASSWORD, code }).expect(401)).body).toEqual({ message: TWO_FACTOR_MESSAGES.wrongCode, twoFactorRequired: true });
    await thief.get('/api/auth/user').expect(401);

    // A recovery code signs in once, however it is typed; the second time it is refused.
    const [recovery] = recoveryCodes;
    const phone = shop.agent();
    await phone.post('/api/auth/login').send({ email: staff.email, password: PASSWORD, code: ` ${recovery.toUpperCase().replace(/-/g, ' ')} ` }).expect(200);
    await phone.get('/api/auth/user').expect(200);
    expect((await shop.agent().post('/api/auth/login').send({ email: staff.email, password: PASSWORD, code: recovery }).expect(401)).body).toEqual({ message: TWO_FACTOR_MESSAGES.wrongCode, twoFactorRequired: true });
    expect((await desk.get('/api/auth/2fa').expect(200)).body).toMatchObject({ enabled: true, recoveryCodesLeft: 9 });

    // Turning it off needs a current code.
    expect((await desk.post('/api/auth/2fa/disable').send({}).expect(400)).body).toEqual({ message: TWO_FACTOR_MESSAGES.codeRequired });
    expect((await desk.post('/api/auth/2fa/disable').send({ code }).expect(400)).body).toEqual({ message: TWO_FACTOR_MESSAGES.wrongCode });
    expect((await desk.post('/api/auth/2fa/disable').send({ code: recovery }).expect(400)).body).toEqual({ message: TWO_FACTOR_MESSAGES.wrongCode });
    expect((await desk.post('/api/auth/2fa/disable').send({ code: await app.freshCode() }).expect(200)).body).toEqual({ message: TWO_FACTOR_MESSAGES.turnedOff });
    expect((await desk.get('/api/auth/2fa').expect(200)).body).toEqual({ enabled: false, recoveryCodesLeft: 0, requiredForStaff: false });
    expect((await desk.post('/api/auth/2fa/disable').send({ code: '123456' }).expect(409)).body).toEqual({ message: TWO_FACTOR_MESSAGES.notOn });
    await shop.agent().post('/api/auth/login').send({ email: staff.email, password: PASSWORD }).expect(200);
    await shop.agent().post('/api/auth/login').send({ email: staff.email, password: PASSWORD, code: recoveryCodes[1] }).expect(200);

    // The log says what happened and who did it, and holds no secret; the credential store holds no recovery code in clear.
    const events = await shop.app.get<EventStore>(EVENT_STORE).readStream(`user-${staff.id}`);
    const twoFactorEvents = events.filter((event) => event.type.startsWith('TwoFactor'));
    expect(twoFactorEvents.map((event) => [event.type, event.data])).toEqual([
      ['TwoFactorEnabled', { userId: staff.id, recoveryCodes: 10 }],
      ['TwoFactorRecoveryCodeUsed', { userId: staff.id, codesLeft: 9 }],
      ['TwoFactorDisabled', { userId: staff.id, with: 'authenticator' }],
    ]);
    expect(twoFactorEvents.every((event) => event.metadata.actorId === staff.id)).toBe(true);
    const log = JSON.stringify(events);
    expect(log).not.toContain(secret);
    for (const recoveryCode of recoveryCodes) expect(log).not.toContain(recoveryCode);
  });

  it('keeps recovery codes hashed at rest', async () => {
    const staff = await staffMember(shop, 'support');
    const desk = shop.agent();
    await desk.post('/api/auth/login').send({ email: staff.email, password: PASSWORD }).expect(200);
    const { app } = await setUp(desk);
    const { recoveryCodes } = (await desk.post('/api/auth/2fa/enable').send({ code: await app.freshCode() }).expect(200)).body as { recoveryCodes: string[] };
    const kept = JSON.stringify(await shop.app.get<CredentialStore>(CREDENTIAL_STORE).collection('two_factor_recovery_codes').find({ userId: staff.id }));
    expect(kept.match(new RegExp(staff.id, 'g'))?.length).toBe(20);
    for (const code of recoveryCodes) {
      expect(kept).not.toContain(code);
      expect(kept).not.toContain(code.replace(/-/g, ''));
    }
  });

  it("lets the owner turn off a member's two-factor sign-in when the authenticator is lost: their sessions end, the password alone signs in again, and the log says who", async () => {
    const staff = await staffMember(shop, 'fulfilment');
    const desk = shop.agent();
    await desk.post('/api/auth/login').send({ email: staff.email, password: PASSWORD }).expect(200);
    const { app } = await setUp(desk);
    await desk.post('/api/auth/2fa/enable').send({ code: await app.freshCode() }).expect(200);
    await shop.agent().post('/api/auth/login').send({ email: staff.email, password: PASSWORD }).expect(401);

    const owner = shop.agent();
    await signInAsAdmin(owner);
    await desk.delete(`/api/admin/staff/${staff.id}/two-factor`).expect(403);
    const reset = await owner.delete(`/api/admin/staff/${staff.id}/two-factor`).expect(200);
    expect(reset.body.message).toMatch(/^Two-factor sign-in is off for this member/);
    await desk.get('/api/auth/user').expect(401);
    await shop.agent().post('/api/auth/login').send({ email: staff.email, password: PASSWORD }).expect(200);
    expect((await owner.delete(`/api/admin/staff/${staff.id}/two-factor`).expect(409)).body.message).toBe('Two-factor sign-in is not on for this account.');
    const audit = (await owner.get(`/api/admin/audit?stream=user-${staff.id}`).expect(200)).body;
    expect(JSON.stringify(audit)).toContain('Two-factor sign-in reset by the owner');
  });

  it('accepts a code once when two sign-ins race with it, and a recovery code once too', async () => {
    const staff = await staffMember(shop, 'auditor');
    const desk = shop.agent();
    await desk.post('/api/auth/login').send({ email: staff.email, password: PASSWORD }).expect(200);
    const { app } = await setUp(desk);
    const { recoveryCodes } = (await desk.post('/api/auth/2fa/enable').send({ code: await app.freshCode() }).expect(200)).body as { recoveryCodes: string[] };
    for (const code of [await app.freshCode(), recoveryCodes[0]]) {
      const statuses = (await Promise.all([shop.agent(), shop.agent()].map((browser) => browser.post('/api/auth/login').send({ email: staff.email, password: PASSWORD, code })))).map(({ status }) => status);
      expect(statuses.sort()).toEqual([200, 401]);
    }
  });

  it('is for staff: customers and guests cannot set it up', async () => {
    const customer = shop.agent();
    await signUp(customer);
    expect((await customer.post('/api/auth/2fa/setup').expect(403)).body).toEqual({ message: TWO_FACTOR_MESSAGES.staffOnly });
    expect((await customer.post('/api/auth/2fa/enable').send({ code: '123456' }).expect(403)).body).toEqual({ message: TWO_FACTOR_MESSAGES.staffOnly });
    await shop.agent().post('/api/auth/2fa/setup').expect(401);
    await shop.agent().get('/api/auth/2fa').expect(401);
  });
});

describe('STAFF_2FA=required', () => {
  let shop: TestApp;

  beforeAll(async () => {
    shop = await startTestApp({ env: { STAFF_2FA: 'required' } });
  });
  afterAll(async () => {
    await shop.close();
  });

  it('keeps staff who have not enrolled out of the back office (403 with the flag) until they enrol; their account routes and customers are not affected', async () => {
    const staff = await staffMember(shop, 'fulfilment');
    const desk = shop.agent();
    await desk.post('/api/auth/login').send({ email: staff.email, password: PASSWORD }).expect(200);
    await desk.get('/api/auth/user').expect(200);
    expect((await desk.get('/api/admin/orders').expect(403)).body).toEqual({ message: TWO_FACTOR_MESSAGES.enrolmentRequired, twoFactorEnrolmentRequired: true });
    expect((await desk.get('/api/admin/payments').expect(403)).body).toEqual({ message: TWO_FACTOR_MESSAGES.enrolmentRequired, twoFactorEnrolmentRequired: true });
    expect((await desk.get('/api/auth/2fa').expect(200)).body).toEqual({ enabled: false, recoveryCodesLeft: 0, requiredForStaff: true });

    const { app } = await setUp(desk);
    // Set up is not enrolled: the code must be given first.
    await desk.get('/api/admin/orders').expect(403);
    await desk.post('/api/auth/2fa/enable').send({ code: await app.freshCode() }).expect(200);
    await desk.get('/api/admin/orders').expect(200);
    // Enrolled, the role's own limits still hold: fulfilment decides no payments.
    expect((await desk.get('/api/admin/payments').expect(403)).body).toEqual({ message: 'Your role does not allow this (it needs payments:read).' });

    const customer = shop.agent();
    await signUp(customer);
    expect((await customer.get('/api/admin/orders').expect(403)).body).toEqual({ message: 'Your role does not allow this (it needs orders:read).' });
    await customer.get('/api/auth/user').expect(200);
    await shop.agent().get('/api/admin/orders').expect(401);
  });
});
