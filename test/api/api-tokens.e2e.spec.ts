import { CommandBus } from '@nestjs/cqrs';
import request from 'supertest';
import { GrantRole, RegisterUser } from '../../backend/src/identity/commands/public';
import { API_TOKENS_COLLECTION, ApiTokenVault } from '../../backend/src/identity/commands/api-tokens.command';
import { API_TOKEN_MESSAGES, API_TOKEN_RATE_LIMIT, apiTokenStream, ApiTokenView, CreatedApiTokenView } from '../../backend/src/identity/contract/api-tokens';
import { StaffRole } from '../../backend/src/identity/contract/staff-roles';
import { systemContext } from '../../backend/src/shared/event-sourcing/command-context';
import { CREDENTIAL_STORE, CredentialStore } from '../../backend/src/storage/credential-store/credential-store.port';
import { EVENT_STORE, EventStore } from '../../backend/src/storage/event-store/event-store.port';
import { ProjectionRunner } from '../../projections/runner/projection-runner';
import { signInAsAdmin, startTestApp, TestApp } from '../support/test-app';

const DAY_MS = 24 * 60 * 60_000;

describe('API tokens: scoped bearer tokens for analytics consumers and auditors (issue 23)', () => {
  let shop: TestApp;
  let owner: request.Agent;
  const staff: Partial<Record<StaffRole, { agent: request.Agent; id: string }>> = {};

  const server = () => request(shop.app.getHttpServer());
  /** A request with the token and nothing else: no cookie, no Origin, as curl sends it. */
  const withToken = (token: string, path: string) => server().get(path).set('Authorization', `Bearer ${token}`);

  /** A staff account of `role`, registered by the command the seeder uses (no route grants roles on this branch), signed in. */
  const signedInAs = async (role: StaffRole) => {
    const email = `${role}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
    const { position } = await shop.app.get(CommandBus).execute(new RegisterUser(`Token ${role}`, email, 'secret-123', role, systemContext()));
    expect(await shop.app.get(ProjectionRunner).waitFor(position, ['users'])).toBe(true);
    const agent = shop.agent();
    const id = ((await agent.post('/api/auth/login').send({ email, password: 'secret-123' }).expect(200)).body as { id: string }).id;
    return { agent, id };
  };
  const as = async (role: StaffRole) => (staff[role] ??= await signedInAs(role));

  const create = async (agent: request.Agent, body: { name: string; scopes: string[]; expiresInDays: number }) =>
    (await agent.post('/api/admin/api-tokens').send(body).expect(201)).body as CreatedApiTokenView;

  beforeAll(async () => {
    shop = await startTestApp();
    owner = shop.agent();
    await signInAsAdmin(owner);
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await shop.close();
  });
  afterEach(() => jest.restoreAllMocks());

  it("lets an analyst make a token that reads traffic, the funnel and the traffic CSV with curl's request: no cookie in, none out", async () => {
    const { agent, id } = await as('analyst');
    const made = await create(agent, { name: 'Metabase', scopes: ['analytics:read'], expiresInDays: 30 });
    expect(made.token).toMatch(/^shop_[A-Za-z0-9_-]{43}$/);
    expect(made).toMatchObject({ name: 'Metabase', scopes: ['analytics:read'], lastUsedAt: null, revokedAt: null, createdBy: { id, name: 'Token analyst' } });
    expect(Date.parse(made.expiresAt) - Date.parse(made.createdAt)).toBe(30 * DAY_MS);

    const traffic = await withToken(made.token, '/api/analytics/traffic?days=7').expect(200);
    expect(traffic.body).toMatchObject({ totalPageViews: expect.any(Number), uniqueVisitors: expect.any(Number) });
    expect(traffic.headers['set-cookie']).toBeUndefined();
    expect((await withToken(made.token, '/api/analytics/funnel?days=7').expect(200)).headers['set-cookie']).toBeUndefined();
    const csv = await withToken(made.token, '/api/analytics/traffic/export?days=7&format=csv').expect(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.text.split('\r\n')[0]).toBe('date,path,source,device,views,visitors');
  });

  it('refuses an analytics token on the audit log (403: not its scope) and on every other route (401: a token is not a session)', async () => {
    const { agent } = await as('analyst');
    const { token } = await create(agent, { name: 'Scoped', scopes: ['analytics:read'], expiresInDays: 1 });
    const audit = await withToken(token, '/api/admin/audit').expect(403);
    expect(audit.body).toEqual({ message: API_TOKEN_MESSAGES.outOfScope('audit:read') });
    await withToken(token, '/api/admin/audit/export').expect(403);
    // The analyst's own session may read realtime visitors; the token may not, nor anything else, public or not.
    for (const path of ['/api/analytics/realtime', '/api/auth/user', '/api/admin/api-tokens', '/api/admin/orders', '/api/products', '/api/user/favorites']) {
      const response = await withToken(token, path);
      expect({ path, status: response.status, body: response.body }).toEqual({ path, status: 401, body: { message: API_TOKEN_MESSAGES.elsewhere } });
    }
    const write = await server().post('/api/admin/api-tokens').set('Authorization', `Bearer ${token}`).send({ name: 'Sneaky', scopes: ['analytics:read'], expiresInDays: 1 });
    expect(write.status).toBe(401);
  });

  it("keeps each role within its own scopes: an analyst cannot mint audit:read, an auditor cannot mint analytics:read, other staff and customers get none", async () => {
    const analyst = await as('analyst');
    const auditor = await as('auditor');
    expect((await analyst.agent.post('/api/admin/api-tokens').send({ name: 'Audit', scopes: ['audit:read'], expiresInDays: 5 }).expect(403)).body.message).toContain('audit:read');
    expect((await auditor.agent.post('/api/admin/api-tokens').send({ name: 'Traffic', scopes: ['analytics:read', 'audit:read'], expiresInDays: 5 }).expect(403)).body.message).toContain('analytics:read');
    const manager = await as('manager');
    await manager.agent.post('/api/admin/api-tokens').send({ name: 'Mine', scopes: ['analytics:read'], expiresInDays: 5 }).expect(403);
    await manager.agent.get('/api/admin/api-tokens').expect(403);
    await server().get('/api/admin/api-tokens').expect(401);
    const bad = await owner.post('/api/admin/api-tokens').send({ name: 'Bad', scopes: ['orders:read'], expiresInDays: 5 }).expect(400);
    expect(bad.body.message).toEqual(expect.any(String));
    await owner.post('/api/admin/api-tokens').send({ name: 'Forever', scopes: ['audit:read'], expiresInDays: 3650 }).expect(400);
  });

  it("lets an auditor's token read the audit log and export it, where the token's own making is told without its secret", async () => {
    const { agent, id } = await as('auditor');
    const made = await create(agent, { name: 'SIEM export', scopes: ['audit:read'], expiresInDays: 90 });
    const stream = apiTokenStream(made.id);
    await shop.app.get(ProjectionRunner).waitFor(await shop.app.get<EventStore>(EVENT_STORE).headPosition(), ['audit']);
    const page = (await withToken(made.token, `/api/admin/audit?stream=${stream}`).expect(200)).body as { entries: { type: string; summary: string; actor: { id: string | null } }[] };
    expect(page.entries).toEqual([expect.objectContaining({ type: 'ApiTokenCreated', actor: expect.objectContaining({ id }), summary: expect.stringContaining('API token "SIEM export" created, reading audit:read') })]);
    const csv = await withToken(made.token, `/api/admin/audit/export?stream=${stream}`).expect(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.text).toContain('ApiTokenCreated');
    await withToken(made.token, '/api/analytics/traffic').expect(403);

    // Neither the secret nor its hash is anywhere in the log.
    const log = JSON.stringify(await shop.app.get<EventStore>(EVENT_STORE).readAll(null, 100_000));
    const stored = await shop.app.get<CredentialStore>(CREDENTIAL_STORE).collection(API_TOKENS_COLLECTION).findOne({ _id: made.id });
    expect(stored).toMatchObject({ hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(JSON.stringify(stored)).not.toContain(made.token);
    expect(log).not.toContain(made.token);
    expect(log).not.toContain((stored as unknown as { hash: string }).hash);
  });

  it('lists tokens without their secrets: each account its own, the owner everyone\'s, with last use noted at most once a minute', async () => {
    const analyst = await as('analyst');
    const made = await create(analyst.agent, { name: 'Last use', scopes: ['analytics:read'], expiresInDays: 10 });
    const listed = async (agent: request.Agent) => (await agent.get('/api/admin/api-tokens').expect(200)).body as ApiTokenView[];

    const mine = await listed(analyst.agent);
    expect(mine.every((token) => token.createdBy.id === analyst.id)).toBe(true);
    expect(JSON.stringify(mine)).not.toContain('shop_');
    expect(JSON.stringify(mine)).not.toContain('hash');
    const auditorToken = await create((await as('auditor')).agent, { name: 'Auditor only', scopes: ['audit:read'], expiresInDays: 10 });
    expect((await listed(analyst.agent)).map((token) => token.id)).not.toContain(auditorToken.id);
    expect((await listed(owner)).map((token) => token.id)).toEqual(expect.arrayContaining([made.id, auditorToken.id]));

    await withToken(made.token, '/api/analytics/funnel').expect(200);
    const firstUse = (await listed(analyst.agent)).find((token) => token.id === made.id)!.lastUsedAt;
    expect(firstUse).toEqual(expect.any(String));
    await withToken(made.token, '/api/analytics/funnel').expect(200);
    expect((await listed(analyst.agent)).find((token) => token.id === made.id)!.lastUsedAt).toBe(firstUse);
    const later = Date.now() + 2 * 60_000;
    jest.spyOn(Date, 'now').mockReturnValue(later);
    await withToken(made.token, '/api/analytics/funnel').expect(200);
    jest.restoreAllMocks();
    expect((await listed(analyst.agent)).find((token) => token.id === made.id)!.lastUsedAt).toBe(new Date(later).toISOString());
  });

  it('stops a revoked token at once (401), and lets only its maker or the owner revoke it', async () => {
    const analyst = await as('analyst');
    const auditor = await as('auditor');
    const made = await create(analyst.agent, { name: 'To revoke', scopes: ['analytics:read'], expiresInDays: 10 });
    await withToken(made.token, '/api/analytics/traffic').expect(200);
    await auditor.agent.delete(`/api/admin/api-tokens/${made.id}`).expect(404);
    await analyst.agent.delete('/api/admin/api-tokens/not-a-uuid').expect(400);
    expect((await analyst.agent.delete(`/api/admin/api-tokens/${made.id}`).expect(200)).body.message).toContain('To revoke');
    expect((await withToken(made.token, '/api/analytics/traffic').expect(401)).body).toEqual({ message: API_TOKEN_MESSAGES.revoked });
    await analyst.agent.delete(`/api/admin/api-tokens/${made.id}`).expect(409);
    expect((await analyst.agent.get('/api/admin/api-tokens').expect(200)).body.find((token: ApiTokenView) => token.id === made.id).revokedAt).toEqual(expect.any(String));

    const byOwner = await create(auditor.agent, { name: 'Owner revokes', scopes: ['audit:read'], expiresInDays: 10 });
    await owner.delete(`/api/admin/api-tokens/${byOwner.id}`).expect(200);
    await withToken(byOwner.token, '/api/admin/audit').expect(401);
    await shop.app.get(ProjectionRunner).waitFor(await shop.app.get<EventStore>(EVENT_STORE).headPosition(), ['audit']);
    const trail = (await owner.get(`/api/admin/audit?stream=${apiTokenStream(byOwner.id)}`).expect(200)).body as { entries: { type: string; actor: { role: string } }[] };
    expect(trail.entries.map((entry) => [entry.type, entry.actor.role])).toEqual([
      ['ApiTokenCreated', 'auditor'],
      ['ApiTokenRevoked', 'owner'],
    ]);
  });

  it('records the revocation when a revoke was interrupted after the token stopped working: revoking again appends ApiTokenRevoked', async () => {
    const { agent } = await as('analyst');
    const made = await create(agent, { name: 'Interrupted', scopes: ['analytics:read'], expiresInDays: 1 });
    // What a crash between the credential store's write and the append leaves: a revoked token, a stream that says it is live.
    await shop.app.get(ApiTokenVault).revoke(made.id, new Date());
    await withToken(made.token, '/api/analytics/traffic').expect(401);
    await agent.delete(`/api/admin/api-tokens/${made.id}`).expect(200);
    expect((await shop.app.get<EventStore>(EVENT_STORE).readStream(apiTokenStream(made.id))).map((event) => event.type)).toEqual(['ApiTokenCreated', 'ApiTokenRevoked']);
  });

  it('refuses an expired token and an unknown one with 401 saying which', async () => {
    const { agent } = await as('analyst');
    const made = await create(agent, { name: 'Short', scopes: ['analytics:read'], expiresInDays: 1 });
    await withToken(made.token, '/api/analytics/traffic').expect(200);
    jest.spyOn(Date, 'now').mockReturnValue(Date.parse(made.expiresAt) + 1000);
    expect((await withToken(made.token, '/api/analytics/traffic').expect(401)).body).toEqual({ message: API_TOKEN_MESSAGES.expired });
    jest.restoreAllMocks();
    const unknown = await withToken(`shop_${'A'.repeat(43)}`, '/api/analytics/traffic').expect(401);
    expect(unknown.body).toEqual({ message: API_TOKEN_MESSAGES.unknown });
  });

  it('limits each token to its rate (429), leaving other tokens alone', async () => {
    const { agent } = await as('analyst');
    const busy = await create(agent, { name: 'Busy', scopes: ['analytics:read'], expiresInDays: 1 });
    const calm = await create(agent, { name: 'Calm', scopes: ['analytics:read'], expiresInDays: 1 });
    for (let sent = 0; sent < API_TOKEN_RATE_LIMIT.requests; sent += 1) await withToken(busy.token, '/api/analytics/funnel').expect(200);
    const refused = await withToken(busy.token, '/api/analytics/funnel').expect(429);
    expect(refused.body.message).toContain(API_TOKEN_MESSAGES.rateLimited);
    await withToken(calm.token, '/api/analytics/funnel').expect(200);
  });

  it("refuses a token once its maker's role no longer has the scope, without revoking it", async () => {
    const demoted = await signedInAs('analyst');
    const made = await create(demoted.agent, { name: 'Demoted', scopes: ['analytics:read'], expiresInDays: 10 });
    await withToken(made.token, '/api/analytics/traffic').expect(200);
    const { position } = await shop.app.get(CommandBus).execute(new GrantRole(demoted.id, 'support', systemContext()));
    expect(await shop.app.get(ProjectionRunner).waitFor(position, ['users'])).toBe(true);
    expect((await withToken(made.token, '/api/analytics/traffic').expect(401)).body).toEqual({ message: API_TOKEN_MESSAGES.makerLacks('analytics:read') });
  });

  it('needs no Origin and no CSRF token: a bearer GET is judged by the token alone, and a cookie beside it changes nothing', async () => {
    const { agent } = await as('analyst');
    const { token } = await create(agent, { name: 'Cross-site', scopes: ['analytics:read'], expiresInDays: 1 });
    await withToken(token, '/api/analytics/traffic').set('Origin', 'https://elsewhere.example').expect(200);
    // The owner's session would open the audit log; with a token beside it, the token decides.
    await owner.get('/api/admin/audit').set('Authorization', `Bearer ${token}`).expect(403);
  });

  it('documents the bearer scheme on exactly the five routes a token opens', async () => {
    const document = (await server().get('/api/openapi.json').expect(200)).body as { paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>; components: { securitySchemes: Record<string, { type: string; scheme?: string }> } };
    expect(document.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    const withBearer = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.security?.some((scheme) => 'apiToken' in scheme))
        .map(([method, operation]) => `${method.toUpperCase()} ${path} ${operation.security!.find((scheme) => 'apiToken' in scheme)!.apiToken.join()}`),
    );
    expect(withBearer.sort()).toEqual([
      'GET /api/admin/audit audit:read',
      'GET /api/admin/audit/export audit:read',
      'GET /api/analytics/funnel analytics:read',
      'GET /api/analytics/traffic analytics:read',
      'GET /api/analytics/traffic/export analytics:read',
    ]);
  });
});
