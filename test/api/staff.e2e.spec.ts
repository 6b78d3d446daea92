import { OUTBOX_COLLECTION } from '../../backend/src/notifications/mail/notifier.port';
import { STAFF_INVITATIONS_COLLECTION } from '../../backend/src/identity/commands/staff.command';
import { SESSIONS_COLLECTION, StoredSession } from '../../backend/src/identity/http/session/session.store';
import { CREDENTIAL_STORE, CredentialStore } from '../../backend/src/storage/credential-store/credential-store.port';
import { EVENT_STORE, EventStore } from '../../backend/src/storage/event-store/event-store.port';
import { MailCatcher, matchesMailedTo, startMailCatcher } from '../support/mail-catcher';
import { signInAsAdmin, signUp, startTestApp, TestApp } from '../support/test-app';

const INVALID = 'This invitation link is not valid: it was used, it expired, or it was never sent. Ask the shop owner for a new invitation.';

interface Entry {
  type: string;
  summary: string;
  actor: { id: string | null; name: string | null; role: string | null };
}

/** Issue 23, deliverables 2 and 5: the owner manages staff through invitations; every account sees and ends its sessions. */
describe('Staff management and sessions', () => {
  let mail: MailCatcher;
  let shop: TestApp;

  beforeAll(async () => {
    mail = await startMailCatcher();
    shop = await startTestApp({ env: { SMTP_URL: mail.url, PORT: '4131', STAFF_IDLE_MINUTES: '30' } });
  });
  afterAll(async () => {
    await shop.close();
    await mail.close();
  });

  const credentials = () => shop.app.get<CredentialStore>(CREDENTIAL_STORE);
  /** The invitation tokens mailed to `to`, from links to the shop's own origin only. */
  const invitationTokenTo = (to: string): string => {
    const token = matchesMailedTo(mail, to, /^http:\/\/localhost:4131\/staff\/accept\?token=([A-Za-z0-9_-]{43})$/m).at(-1);
    if (!token) throw new Error(`No invitation mailed to ${to}`);
    return token;
  };
  const owner = async () => {
    const agent = shop.agent();
    await signInAsAdmin(agent);
    return agent;
  };
  const newAddress = (name: string) => `${name}-${Math.random().toString(36).slice(2)}@example.com`;
  const auditOf = async (agent: ReturnType<TestApp['agent']>, stream: string) => ((await agent.get('/api/admin/audit').query({ stream }).expect(200)).body as { entries: Entry[] }).entries;

  it('invites, accepts with a new account (signed in), lets the role work, changes it, removes it, and refuses the removed session at once', async () => {
    const admin = await owner();
    const ownerId = (await admin.get('/api/auth/user').expect(200)).body.id as string;
    const email = newAddress('packer');

    const invited = await admin.post('/api/admin/staff').set('Host', 'evil.example').send({ email: email.toUpperCase(), role: 'fulfilment' }).expect(201);
    expect(invited.body.message).toBe(`Invitation mailed to ${email}. The link works once, for 72 hours.`);
    const token = invitationTokenTo(email);
    expect(mail.textsTo(email).join('\n')).not.toContain('evil.example');
    const pending = (await admin.get('/api/admin/staff').expect(200)).body;
    expect(pending.invitations).toEqual(expect.arrayContaining([expect.objectContaining({ invitationId: invited.body.invitationId, email, role: 'fulfilment' })]));
    // Only the token's hash is kept, and the outbox masks it.
    expect(JSON.stringify(await credentials().collection(STAFF_INVITATIONS_COLLECTION).find({}))).not.toContain(token);
    expect(JSON.stringify(await credentials().collection(OUTBOX_COLLECTION).find({ to: email }))).not.toContain(token);

    const packer = shop.agent();
    await packer.post('/api/staff/accept').send({ token }).expect(401);
    await packer.post('/api/staff/accept').send({ token, fullName: 'Pat Packer', password: 'short' }).expect(400);
    const accepted = await packer.post('/api/staff/accept').send({ token, fullName: 'Pat Packer', password: 'packer-secret-1' }).expect(200);
    expect(accepted.body).toMatchObject({ email, role: 'fulfilment', fullName: 'Pat Packer' });
    const packerId = accepted.body.id as string;
    // Single use.
    expect((await shop.agent().post('/api/staff/accept').send({ token, fullName: 'Someone Else', password: 'another-secret-1' }).expect(400)).body).toEqual({ message: INVALID });

    // Signed in by the acceptance; fulfilment reads orders, and may not manage staff nor read payments.
    expect((await packer.get('/api/auth/user').expect(200)).body.role).toBe('fulfilment');
    await packer.get('/api/admin/orders').expect(200);
    await packer.get('/api/admin/staff').expect(403);
    await packer.get('/api/admin/payments').expect(403);

    const listed = (await admin.get('/api/admin/staff').expect(200)).body;
    expect(listed.staff).toEqual(expect.arrayContaining([expect.objectContaining({ userId: packerId, email, fullName: 'Pat Packer', role: 'fulfilment', since: expect.any(String) })]));
    expect(listed.invitations.map((invitation: { email: string }) => invitation.email)).not.toContain(email);

    // A new role works on the next request of the same session: the session's role is read afresh, never kept.
    expect((await admin.put(`/api/admin/staff/${packerId}`).send({ role: 'auditor' }).expect(200)).body).toEqual({ userId: packerId, role: 'auditor' });
    await packer.get('/api/admin/payments').expect(200);
    await packer.put('/api/orders/1/status').send({ status: 'shipped' }).expect(403);
    await admin.put(`/api/admin/staff/${packerId}`).send({ role: 'customer' }).expect(400);

    // A second browser of theirs; removal ends both sessions at once.
    const laptop = shop.agent();
    await laptop.post('/api/auth/login').send({ email, password: 'packer-secret-1' }).expect(200);
    await admin.delete(`/api/admin/staff/${packerId}`).expect(200);
    await packer.get('/api/admin/orders').expect(401);
    await laptop.get('/api/auth/user').expect(401);
    // Signing in again, they are a customer.
    const again = shop.agent();
    expect((await again.post('/api/auth/login').send({ email, password: 'packer-secret-1' }).expect(200)).body.role).toBe('customer');
    await again.get('/api/admin/orders').expect(403);
    expect((await admin.get('/api/admin/staff').expect(200)).body.staff.map((member: { userId: string }) => member.userId)).not.toContain(packerId);
    expect((await admin.delete(`/api/admin/staff/${packerId}`).expect(409)).body.message).toBe('This account is not a staff member.');

    // Every change in the audit log, with who did it.
    const trail = await auditOf(admin, `user-${packerId}`);
    expect(trail.map((entry) => [entry.type, entry.actor.id])).toEqual([
      ['UserRegistered', packerId],
      ['StaffInvitationAccepted', packerId],
      ['RoleGranted', ownerId],
      ['StaffRemoved', ownerId],
    ]);
    expect(trail[1].summary).toContain(`invited by ${ownerId}`);
    expect(trail[3].summary).toBe('Removed from the staff (was auditor), now a customer; 2 sessions ended');
    const invitation = await auditOf(admin, `staff-invitation-${invited.body.invitationId}`);
    expect(invitation.map((entry) => [entry.type, entry.actor.id, entry.actor.role])).toEqual([['StaffInvited', ownerId, 'owner']]);
    expect(invitation[0].summary).toContain(`as fulfilment mailed to <${email}>`);
    // No token anywhere in the log.
    const log = JSON.stringify(await shop.app.get<EventStore>(EVENT_STORE).readStream(`staff-invitation-${invited.body.invitationId}`));
    expect(log).not.toContain(token);
  });

  it('lets an existing account accept only signed in as the invited address, keeping the link live until then', async () => {
    const admin = await owner();
    const customer = shop.agent();
    const { email, password, user } = await signUp(customer);
    await admin.post('/api/admin/staff').send({ email, role: 'support' }).expect(201);
    const token = invitationTokenTo(email);

    // Nobody signed in: the address has an account, so they must sign in; the link is not used up.
    expect((await shop.agent().post('/api/staff/accept').send({ token, fullName: 'Someone', password: 'secret-999' }).expect(409)).body.message).toBe(
      'An account already uses the invited address. Sign in with it, then accept the invitation.',
    );
    // Someone else signed in: refused, the link still live.
    const other = shop.agent();
    await signUp(other);
    expect((await other.post('/api/staff/accept').send({ token }).expect(409)).body.message).toBe('This invitation was sent to another address. Sign in with the invited address to accept it.');

    await customer.post('/api/auth/login').send({ email, password }).expect(200);
    expect((await customer.post('/api/staff/accept').send({ token }).expect(200)).body).toMatchObject({ id: user.id, role: 'support' });
    await customer.get('/api/admin/support/cases').expect(200);
    // Inviting a staff member's address again is refused: their role is changed instead.
    expect((await admin.post('/api/admin/staff').send({ email, role: 'manager' }).expect(409)).body.message).toBe('This address already belongs to a staff member. Change their role instead.');
  });

  it('keeps the shop an owner: ADMIN_EMAIL\'s account is neither demoted nor removed; another owner is', async () => {
    const admin = await owner();
    const ownerId = (await admin.get('/api/auth/user').expect(200)).body.id as string;
    const LAST_OWNER = "The shop must keep an owner: the account ADMIN_EMAIL names stays the owner. To hand the shop over, make another account owner, then set ADMIN_EMAIL to that account's address.";
    expect((await admin.put(`/api/admin/staff/${ownerId}`).send({ role: 'manager' }).expect(409)).body).toEqual({ message: LAST_OWNER });
    expect((await admin.delete(`/api/admin/staff/${ownerId}`).expect(409)).body).toEqual({ message: LAST_OWNER });
    expect((await admin.get('/api/auth/user').expect(200)).body.role).toBe('owner');

    const email = newAddress('partner');
    await admin.post('/api/admin/staff').send({ email, role: 'owner' }).expect(201);
    const partner = shop.agent();
    const partnerId = (await partner.post('/api/staff/accept').send({ token: invitationTokenTo(email), fullName: 'Pat Partner', password: 'partner-secret-1' }).expect(200)).body.id as string;
    await partner.get('/api/admin/staff').expect(200);
    // The second owner may not demote the first either; they may step down themselves, which signs them out.
    await partner.put(`/api/admin/staff/${ownerId}`).send({ role: 'auditor' }).expect(409);
    await partner.delete(`/api/admin/staff/${partnerId}`).expect(200);
    await partner.get('/api/auth/user').expect(401);
  });

  it('refuses an expired invitation, and a made-up or malformed token, the same way', async () => {
    const admin = await owner();
    const email = newAddress('late');
    await admin.post('/api/admin/staff').send({ email, role: 'analyst' }).expect(201);
    const token = invitationTokenTo(email);
    await credentials().collection(STAFF_INVITATIONS_COLLECTION).updateMany({}, { $set: { expiresAt: Date.now() - 1 } });
    for (const tried of [token, 'A'.repeat(43), 'short']) {
      expect((await shop.agent().post('/api/staff/accept').send({ token: tried, fullName: 'Late Comer', password: 'late-secret-1' }).expect(400)).body).toEqual({ message: INVALID });
    }
    await admin.post('/api/admin/staff').send({ email, role: 'chief' }).expect(400);
    await admin.post('/api/admin/staff').send({ email, role: 'customer' }).expect(400);
  });

  it('withdraws an invitation not yet accepted: its link stops working, it leaves the list, the audit log names the owner; not twice, not once accepted', async () => {
    const admin = await owner();
    const email = newAddress('mistaken');
    const { invitationId } = (await admin.post('/api/admin/staff').send({ email, role: 'manager' }).expect(201)).body as { invitationId: string };
    const token = invitationTokenTo(email);

    expect((await admin.delete(`/api/admin/staff/invitations/${invitationId}`).expect(200)).body).toEqual({ invitationId, message: 'Invitation withdrawn: its link no longer works.' });
    const listed = (await admin.get('/api/admin/staff').expect(200)).body as { invitations: { invitationId: string }[] };
    expect(listed.invitations.map((invitation) => invitation.invitationId)).not.toContain(invitationId);
    expect(await credentials().collection(STAFF_INVITATIONS_COLLECTION).find({ userId: invitationId })).toEqual([]);
    expect((await shop.agent().post('/api/staff/accept').send({ token, fullName: 'Mistaken Person', password: 'mistaken-secret-1' }).expect(400)).body).toEqual({ message: INVALID });
    expect((await admin.delete(`/api/admin/staff/invitations/${invitationId}`).expect(409)).body).toEqual({ message: 'This invitation was already withdrawn' });
    const entries = await auditOf(admin, `staff-invitation-${invitationId}`);
    expect(entries.map((entry) => entry.type)).toEqual(expect.arrayContaining(['StaffInvited', 'StaffInvitationWithdrawn']));
    expect(entries.find((entry) => entry.type === 'StaffInvitationWithdrawn')?.actor.role).toBe('owner');

    // A link whose token survived a withdrawal cut short is still refused: the invitation's own stream says withdrawn.
    const survivor = newAddress('survivor');
    const second = (await admin.post('/api/admin/staff').send({ email: survivor, role: 'support' }).expect(201)).body.invitationId as string;
    const survivorToken = invitationTokenTo(survivor);
    const kept = await credentials().collection(STAFF_INVITATIONS_COLLECTION).find({ userId: second });
    await admin.delete(`/api/admin/staff/invitations/${second}`).expect(200);
    for (const document of kept) await credentials().collection(STAFF_INVITATIONS_COLLECTION).insertOne(document);
    expect((await shop.agent().post('/api/staff/accept').send({ token: survivorToken, fullName: 'Survivor', password: 'survivor-secret-1' }).expect(400)).body).toEqual({ message: INVALID });

    // Accepted: nothing to withdraw (the member is removed instead); unknown and malformed ids are not found.
    const accepted = newAddress('accepted');
    const third = (await admin.post('/api/admin/staff').send({ email: accepted, role: 'analyst' }).expect(201)).body.invitationId as string;
    await shop.agent().post('/api/staff/accept').send({ token: invitationTokenTo(accepted), fullName: 'Accepted Person', password: 'accepted-secret-1' }).expect(200);
    expect((await admin.delete(`/api/admin/staff/invitations/${third}`).expect(409)).body).toEqual({ message: 'This invitation is no longer pending: it was accepted or it expired.' });
    expect((await admin.delete('/api/admin/staff/invitations/00000000-0000-4000-8000-000000000000').expect(404)).body).toEqual({ message: 'Invitation not found' });
    expect((await admin.delete('/api/admin/staff/invitations/not-an-id').expect(404)).body).toEqual({ message: 'Invitation not found' });
  });

  it('lists the account\'s sessions with device, network prefix and last seen, ends one, and signs out everywhere else', async () => {
    const phone = shop.agent();
    const { email, password } = await signUp(phone.set('User-Agent', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'));
    const laptop = shop.agent().set('User-Agent', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0');
    await laptop.post('/api/auth/login').send({ email, password }).expect(200);
    const tablet = shop.agent();
    await tablet.post('/api/auth/login').send({ email, password }).expect(200);

    const sessions = (await laptop.get('/api/user/sessions').expect(200)).body as { id: string; device: string; network: string; current: boolean; lastSeenAt: string; signedInAt: string }[];
    expect(sessions).toHaveLength(3);
    expect(sessions[0]).toMatchObject({ device: 'Firefox on Windows', current: true });
    expect(sessions.find((session) => session.device === 'Safari on iPhone')).toMatchObject({ current: false });
    for (const session of sessions) {
      expect(session.network).toMatch(/^(127\.0\.0\.0\/24|0:0:0::\/48)$/);
      expect(Date.parse(session.lastSeenAt)).not.toBeNaN();
    }
    // Nothing in the stored sessions but the prefix: no full address, no user agent.
    const stored = JSON.stringify(await credentials().collection(SESSIONS_COLLECTION).find({}));
    expect(stored).not.toContain('127.0.0.1');
    expect(stored).not.toContain('Gecko/20100101');

    const phoneSession = sessions.find((session) => session.device === 'Safari on iPhone')!;
    await tablet.delete(`/api/user/sessions/${phoneSession.id}`).expect(200);
    await phone.get('/api/auth/user').expect(401);
    // Another account's session is not found.
    const stranger = shop.agent();
    await signUp(stranger);
    await stranger.delete(`/api/user/sessions/${sessions[0].id}`).expect(404);
    await laptop.get('/api/auth/user').expect(200);

    expect((await laptop.post('/api/user/sessions/end-others').expect(200)).body.ended).toBe(1);
    await tablet.get('/api/auth/user').expect(401);
    expect((await laptop.get('/api/user/sessions').expect(200)).body).toHaveLength(1);
  });

  it('ends a staff session idle longer than STAFF_IDLE_MINUTES with 401, and keeps a customer\'s', async () => {
    const admin = await owner();
    const customer = shop.agent();
    const { user } = await signUp(customer);
    const adminId = (await admin.get('/api/auth/user').expect(200)).body.id as string;
    const sessions = credentials().collection<StoredSession>(SESSIONS_COLLECTION);
    const idle = Date.now() - 31 * 60_000;
    await sessions.updateMany({ 'data.passport.user': { $in: [adminId, user.id] } }, { $set: { 'data.activity.lastSeenAt': idle } });

    expect((await admin.get('/api/admin/orders').expect(401)).body).toEqual({ message: 'Your session ended after 30 minutes without activity. Sign in again.' });
    await admin.get('/api/auth/user').expect(401);
    await customer.get('/api/auth/user').expect(200);
    // Active within the window, a staff session goes on.
    const fresh = await owner();
    await sessions.updateMany({ 'data.passport.user': adminId }, { $set: { 'data.activity.lastSeenAt': Date.now() - 29 * 60_000 } });
    await fresh.get('/api/admin/orders').expect(200);
  });
});
