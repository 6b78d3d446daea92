import { CommandBus } from '@nestjs/cqrs';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import request from 'supertest';
import { DEMO_ADMIN } from '../../backend/src/demo/demo-data.seeder';
import { RegisterUser } from '../../backend/src/identity/commands/public';
import { InviteStaff, StaffInvitationTokens } from '../../backend/src/identity/commands/staff.command';
import { STAFF_ROLES, StaffRole } from '../../backend/src/identity/contract/staff-roles';
import { systemContext } from '../../backend/src/shared/event-sourcing/command-context';
import { EVENT_STORE, EventStore } from '../../backend/src/storage/event-store/event-store.port';
import { ProjectionRunner } from '../../projections/runner/projection-runner';
import { registeredRoutes } from '../support/routes';
import { startTestApp, TestApp } from '../support/test-app';

/** Nobody signed in, two customers (the customer actor owns what the table acts on), and each staff role of issue 23 (the owner is ADMIN_EMAIL's account). */
type Actor = 'guest' | 'customer' | 'other' | StaffRole;
const ACTORS: Actor[] = ['guest', 'customer', 'other', ...STAFF_ROLES];
/** 409: authorized, then refused by the business rule (a state the table's app cannot reach, e.g. a payment the chain underpaid). */
type Outcome = 'ok' | 400 | 401 | 403 | 404 | 409;
type Params = Record<string, string | number>;

interface RouteCase {
  /** Makes what the route acts on, fresh when the call would consume it; `actor`: who will call (their own session, say). */
  params?: (actor: Actor) => Promise<Params>;
  /** `actor`: who sends it (the bad-input check sends the customer's body with the owner's session). */
  body?: (params: Params, actor: Actor) => Record<string, unknown>;
  expect: Record<Actor, Outcome>;
  /** Login, sign-up and logout replace the caller's session: each call gets a fresh one. */
  changesSession?: boolean;
  /** A body that is not JSON (an upload's bytes). */
  rawBody?: () => Promise<{ contentType: string; bytes: Buffer }>;
  /** Takes no body at all, so there is no bad input to send it. */
  takesNoBody?: boolean;
  /** Every field is optional: `{}` is a valid body (the rest of the bad input is still refused). */
  emptyBodyValid?: boolean;
}

/** The outcome for each staff role from `outcomeOf`, beside those of the actors who are not staff. */
const table = (others: Record<'guest' | 'customer' | 'other', Outcome>, outcomeOf: (role: StaffRole) => Outcome) =>
  ({ ...others, ...Object.fromEntries(STAFF_ROLES.map((role) => [role, outcomeOf(role)])) }) as Record<Actor, Outcome>;

const everyone = table({ guest: 'ok', customer: 'ok', other: 'ok' }, () => 'ok');
const signedIn = table({ guest: 401, customer: 'ok', other: 'ok' }, () => 'ok');
const authorOnly = table({ guest: 401, customer: 'ok', other: 403 }, () => 403);
/** A back-office route: the staff roles named may call it; any other signed-in user is refused (403), nobody signed in 401. */
const staff = (...roles: StaffRole[]) => table({ guest: 401, customer: 403, other: 403 }, (role) => (roles.includes(role) ? 'ok' : 403));
/** The roles that read any order (issue 23): they know an order exists, so what else they may not do with it is a 403, not a 404. */
const ORDER_READERS: StaffRole[] = ['owner', 'manager', 'fulfilment', 'support', 'auditor'];
/** A route of an order's buyer (the customer actor), which the staff named may also use; other staff who read orders: 403; anyone else: 404. */
const buyerOr = (...roles: StaffRole[]) => table({ guest: 404, customer: 'ok', other: 404 }, (role) => (roles.includes(role) ? 'ok' : ORDER_READERS.includes(role) ? 403 : 404));
/** A customer's own image (a support case's, a verification's): theirs and the staff named; 404 for anyone else. */
const ownImage = (...roles: StaffRole[]) => table({ guest: 401, customer: 'ok', other: 404 }, (role) => (roles.includes(role) ? 'ok' : 404));

// Issue 23's roles, as the issue words them: who may use each part of the back office.
/** Catalogue, orders' decisions (cancelling, returns), payment decisions, referral codes: the owner and managers. */
const managers = staff('owner', 'manager');
/** Moving orders along and shipping them: fulfilment too. */
const orderMovers = staff('owner', 'manager', 'fulfilment');
const orderReaders = staff(...ORDER_READERS);
/** Payments and the revenue figures, read: the auditor too (never fulfilment: no prices, no payment decisions). */
const paymentReaders = staff('owner', 'manager', 'auditor');
/** Support cases, review moderation, institution verifications and the mails sent: support staff. */
const supportStaff = staff('owner', 'manager', 'support');
const auditors = staff('owner', 'auditor');
const analysts = staff('owner', 'analyst');
const ownerOnly = staff('owner');
/** API tokens (issue 23): whoever holds a token scope's permission manages their own; the owner everyone's. */
const tokenMakers = staff('owner', 'analyst', 'auditor');
/** The routes an API token opens, and the scope each needs; every other route refuses a token (401). */
const TOKEN_ROUTES = ['GET /api/analytics/traffic', 'GET /api/analytics/traffic/export', 'GET /api/analytics/funnel', 'GET /api/admin/audit', 'GET /api/admin/audit/export'];

const address = { firstName: 'Matrix', lastName: 'Tester', phone: '0412345678', address: '1 Test St', city: 'Perth', state: 'WA', postalCode: '6000' };

describe('Route table: authorization and bad input', () => {
  let shop: TestApp;
  const cookies: Partial<Record<Actor, string>> = {};
  let sequence = 0;

  const call = (method: string, path: string, cookie: string | undefined) => {
    const server = request(shop.app.getHttpServer());
    const test = (server as unknown as Record<string, (path: string) => request.Test>)[method.toLowerCase()](path);
    return cookie ? test.set('Cookie', cookie) : test;
  };

  /**
   * One account per staff role but the owner (the configured administrator), registered with its role by the
   * command the seeder uses for the owner (no route grants roles yet), once the users projector shows it.
   */
  const staffAccounts: Partial<Record<StaffRole, Promise<string>>> = {};
  const staffAccount = (role: StaffRole) =>
    (staffAccounts[role] ??= (async () => {
      if (role === 'owner') return DEMO_ADMIN.email;
      const email = `${role}-${Date.now()}@example.com`;
      const { position } = await shop.app.get(CommandBus).execute(new RegisterUser(`Matrix ${role}`, email, 'secret-123', role, systemContext()));
      expect(await shop.app.get(ProjectionRunner).waitFor(position, ['users'])).toBe(true);
      return email;
    })());

  const newCookie = async (actor: Actor): Promise<string | undefined> => {
    if (actor === 'guest') return undefined;
    const response =
      actor === 'customer' || actor === 'other'
        ? await call('POST', '/api/auth/signup', undefined).send({ fullName: `${actor} user`, email: `${actor}-${(sequence += 1)}-${Date.now()}@example.com`, password: 'secret-123' }).expect(201)
        : await call('POST', '/api/auth/login', undefined).send({ email: await staffAccount(actor), password: actor === 'owner' ? DEMO_ADMIN.password : 'secret-123' }).expect(200);
    return (response.headers['set-cookie'] as unknown as string[]).map((cookie) => cookie.split(';')[0]).join('; ');
  };

  const as = async (actor: Actor) => (actor === 'guest' ? undefined : (cookies[actor] ??= await newCookie(actor)));

  const newProduct = async () =>
    (await call('POST', '/api/admin/products', await as('owner')).send({ name: `Matrix product ${(sequence += 1)}`, sku: `MTX-${sequence}-${Date.now()}`, price: '25.00', stock: 1000 }).expect(201)).body.id as number;
  const newOrderOfCustomer = async () =>
    (await call('POST', '/api/orders', await as('customer')).send({ customerEmail: 'c@example.com', paymentMethod: 'bitcoin', shippingMethod: 'regular', shippingAddress: address, items: [{ productId: await newProduct(), quantity: 1 }] }).expect(201)).body.id as number;
  const newPaymentOfCustomer = async () =>
    (await call('POST', '/api/payments/crypto', await as('customer')).send({ orderId: await newOrderOfCustomer(), paymentMethod: 'bitcoin' }).expect(201)).body.id as number;
  const newPaidOrderOfCustomer = async () => {
    const orderId = await newOrderOfCustomer();
    const payment = (await call('POST', '/api/payments/crypto', await as('customer')).send({ orderId, paymentMethod: 'bitcoin' }).expect(201)).body.id as number;
    await call('POST', `/api/admin/payments/${payment}/confirm`, await as('owner')).send({ transactionHash: randomBytes(32).toString('hex') }).expect(200);
    return orderId;
  };
  const newDeliveredOrderOfCustomer = async () => {
    const orderId = await newPaidOrderOfCustomer();
    await call('PUT', `/api/orders/${orderId}/status`, await as('owner')).send({ status: 'delivered' }).expect(200);
    return orderId;
  };
  const returnBody = { reason: 'Matrix return: not needed any more', unopened: true };
  /** A buyer's request with an e-mail that is not the order's (a guest's proof fails; a session's needs none). */
  const byBuyer = (actor: Actor, body: Record<string, unknown>) => (actor === 'guest' || actor === 'customer' || actor === 'other' ? { ...body, email: 'not-the-buyer@example.com' } : body);
  const newReturnOfCustomer = async () => {
    const id = await newDeliveredOrderOfCustomer();
    await call('POST', `/api/orders/${id}/returns`, await as('customer')).send(returnBody).expect(201);
    return id;
  };
  const newAuthorizedReturnOfCustomer = async () => {
    const id = await newReturnOfCustomer();
    await call('POST', `/api/admin/orders/${id}/returns/authorize`, await as('owner')).send({}).expect(200);
    return id;
  };
  /** A return with one photo the customer uploaded, which only they and staff may see. */
  let sharedReturnPhoto: Promise<Params> | null = null;
  const aReturnPhotoOfCustomer = () =>
    (sharedReturnPhoto ??= (async () => {
      const id = await newDeliveredOrderOfCustomer();
      const uploadURL = (await call('POST', '/api/objects/upload', await as('customer')).send({ purpose: 'support-attachment' }).expect(200)).body.uploadURL as string;
      await call('PUT', uploadURL, undefined).set('Content-Type', 'image/png').send(await aPng()).expect(200);
      const photoId = uploadURL.split('?')[0].split('/').pop()!;
      await call('POST', `/api/orders/${id}/returns`, await as('customer')).send({ ...returnBody, photos: [photoId] }).expect(201);
      return { id, photoId, file: '320.webp' };
    })());
  const newPaidPaymentOfCustomer = async () => {
    const id = await newPaymentOfCustomer();
    await call('POST', `/api/admin/payments/${id}/confirm`, await as('owner')).send({ transactionHash: randomBytes(32).toString('hex') }).expect(200);
    return id;
  };
  const newReviewOfCustomer = async () =>
    (await call('POST', `/api/products/${await newProduct()}/reviews`, await as('customer')).send({ rating: 5, title: 'Good', content: 'Consistent purity across batches.' }).expect(201)).body.id as string;
  /** For routes that leave a review as it was (reading it, voting on it, hiding and showing it): one will do, as a customer may write 20 reviews an hour. */
  let sharedReview: Promise<string> | null = null;
  const aReviewOfCustomer = () => (sharedReview ??= newReviewOfCustomer());
  const newApiTokenOf = (actor: 'owner' | 'analyst' | 'auditor', scopes: string[]) => async () =>
    (await call('POST', '/api/admin/api-tokens', await as(actor)).send({ name: `Matrix token ${(sequence += 1)}`, scopes, expiresInDays: 1 }).expect(201)).body as { id: string; token: string };
  const newReferralCode = async () => {
    const code = `MTX${(sequence += 1)}X${Date.now()}`;
    await call('POST', '/api/admin/referral-codes', await as('owner')).send({ code, discountPercentage: 10 }).expect(201);
    return code;
  };

  /** A product each signed-in actor has saved, so each may remove it from their own favorites. */
  const newFavoriteOfEveryone = async () => {
    const productId = await newProduct();
    for (const actor of ['customer', 'other', ...STAFF_ROLES] as const) await call('POST', '/api/user/favorites', await as(actor)).send({ productId }).expect(201);
    return productId;
  };

  /**
   * An address in the customer's book whose id no other actor's book reaches (theirs get one address at most,
   * from the POST case): the customer's own are numbered past it first, so another's PUT or DELETE is a 404.
   */
  const newAddressOfCustomer = async () => {
    const cookie = await as('customer');
    for (;;) {
      // The book holds ten at most: what earlier cases left is cleared first (ids are never reused).
      for (const entry of (await call('GET', '/api/user/addresses', cookie).expect(200)).body as { id: number }[]) await call('DELETE', `/api/user/addresses/${entry.id}`, cookie).expect(200);
      const book = (await call('POST', '/api/user/addresses', cookie).send(address).expect(201)).body as { id: number }[];
      const newest = Math.max(...book.map((entry) => entry.id));
      if (newest >= 5) return newest;
    }
  };

  /** A staff account of its own (issue 23's staff management changes or removes it), not one of the table's actors. */
  const newStaffMember = async () => {
    const { userId, position } = await shop.app.get(CommandBus).execute(new RegisterUser('Matrix staff', `staff-${(sequence += 1)}-${Date.now()}@example.com`, 'secret-123', 'support', systemContext()));
    expect(await shop.app.get(ProjectionRunner).waitFor(position, ['users'])).toBe(true);
    return userId;
  };
  /** An invitation to a fresh address, and a token for it (the mailed one is masked in the outbox: a new one replaces it). */
  const newInvitationToken = async () => {
    const email = `invited-${(sequence += 1)}-${Date.now()}@example.com`;
    const { invitationId } = await shop.app.get(CommandBus).execute(new InviteStaff(email, 'analyst', systemContext()));
    return { invitationId, token: await shop.app.get(StaffInvitationTokens).issue(invitationId, email, new Date(Date.now() + 60 * 60_000)) };
  };
  /** Another session of the actor's own account (signed in anew), named as the account's session list names it. */
  const newSessionOf = async (actor: Actor): Promise<Params> => {
    if (actor === 'guest') return { id: 'no-such-session' };
    const { email } = (await call('GET', '/api/auth/user', await as(actor)).expect(200)).body as { email: string };
    await call('POST', '/api/auth/login', undefined).send({ email, password: actor === 'owner' ? DEMO_ADMIN.password : 'secret-123' }).expect(200);
    const sessions = (await call('GET', '/api/user/sessions', await as(actor)).expect(200)).body as { id: string; current: boolean }[];
    return { id: sessions.find((session) => !session.current)!.id };
  };

  const aPng = () => sharp({ create: { width: 8, height: 6, channels: 3, background: '#0f766e' } }).png().toBuffer();
  const newUploadLink = async () => (await call('POST', '/api/objects/upload', await as('owner')).expect(200)).body.uploadURL as string;
  const newUpload = async () => {
    const uploadURL = await newUploadLink();
    await call('PUT', uploadURL, undefined).set('Content-Type', 'image/png').send(await aPng()).expect(200);
    return uploadURL;
  };

  const supportCaseBody = () => ({ subject: 'Matrix case', description: 'Something to ask the shop about.', category: 'other' });
  const newSupportCaseOfCustomer = async (attachments: string[] = []) =>
    (await call('POST', '/api/support/cases', await as('customer')).send({ ...supportCaseBody(), attachments }).expect(201)).body as { id: number; attachments: { id: string }[] };
  /** For routes that leave a case open (reading it, replying): one will do, as a customer may open 10 cases an hour. Opened with one image. */
  let sharedSupportCase: Promise<{ id: number; attachmentId: string }> | null = null;
  const aSupportCaseOfCustomer = () =>
    (sharedSupportCase ??= (async () => {
      const uploadURL = (await call('POST', '/api/objects/upload', await as('customer')).send({ purpose: 'support-attachment' }).expect(200)).body.uploadURL as string;
      await call('PUT', uploadURL, undefined).set('Content-Type', 'image/png').send(await aPng()).expect(200);
      const opened = await newSupportCaseOfCustomer([uploadURL.split('?')[0].split('/').pop()!]);
      return { id: opened.id, attachmentId: opened.attachments[0].id };
    })());
  const customerOnly = table({ guest: 401, customer: 'ok', other: 404 }, () => 404);

  const verificationBody = () => ({ institution: 'Matrix University', position: 'Researcher', institutionEmail: 'matrix@uni.example' });
  /**
   * A waiting verification of an account of its own, for staff to approve or reject: sign-ups are limited per address,
   * so one account each, sent again (after a rejection) or still waiting (409) when the next actor calls.
   */
  const reviewees: Record<string, Promise<string | undefined>> = {};
  const aWaitingVerification = (purpose: 'approve' | 'reject') => async () => {
    const cookie = await (reviewees[purpose] ??= newCookie('customer'));
    const sent = await call('POST', '/api/user/verification', cookie).send(verificationBody());
    expect([201, 409]).toContain(sent.status);
    return { id: ((await call('GET', '/api/user/verification', cookie).expect(200)).body as { verification: { id: string } }).verification.id };
  };
  /** The customer actor's own verification, sent with a document photo (theirs and staff's to see). */
  let sharedVerification: Promise<{ id: string }> | null = null;
  const aVerificationOfCustomer = () =>
    (sharedVerification ??= (async () => {
      const cookie = await as('customer');
      const uploadURL = (await call('POST', '/api/objects/upload', cookie).send({ purpose: 'support-attachment' }).expect(200)).body.uploadURL as string;
      await call('PUT', uploadURL, undefined).set('Content-Type', 'image/png').send(await aPng()).expect(200);
      const sent = await call('POST', '/api/user/verification', cookie).send({ ...verificationBody(), documentUploadId: uploadURL.split('?')[0].split('/').pop()! }).expect(201);
      return { id: (sent.body as { verification: { id: string } }).verification.id };
    })());

  const productBody = () => ({ name: 'Matrix product', sku: `MTX-B-${(sequence += 1)}-${Date.now()}`, price: '30.00', stock: 5 });
  const reviewBody = () => ({ rating: 4, title: 'Solid', content: 'Arrived quickly and well packed.' });
  const orderBody = async () => ({ customerEmail: 'o@example.com', paymentMethod: 'bitcoin', shippingMethod: 'regular', shippingAddress: address, items: [{ productId: await newProduct(), quantity: 1 }] });

  const ROUTES: Record<string, RouteCase> = {
    'GET /api/products': { expect: everyone },
    'GET /api/products/on-sale': { expect: everyone },
    'GET /api/products/:id': { params: async () => ({ id: await newProduct() }), expect: everyone },
    'GET /api/categories': { expect: everyone },
    'GET /api/admin/products': { expect: managers },
    'GET /api/admin/products/:id': { params: async () => ({ id: await newProduct() }), expect: managers },
    'POST /api/admin/products': { body: productBody, expect: managers },
    'PUT /api/admin/products/:id': { params: async () => ({ id: await newProduct() }), body: productBody, expect: managers },
    'DELETE /api/admin/products/:id': { params: async () => ({ id: await newProduct() }), expect: managers },
    'POST /api/admin/products/:id/stock': { params: async () => ({ id: await newProduct() }), body: () => ({ delta: 3, reason: 'Delivery' }), expect: managers },
    'POST /api/admin/categories': { body: () => ({ name: `Matrix category ${(sequence += 1)}` }), expect: managers },
    'PUT /api/admin/categories/:id': { params: async () => ({ id: 1 }), body: () => ({ name: `Matrix category ${(sequence += 1)}` }), expect: managers },
    'GET /api/admin/categories': { expect: managers },
    'DELETE /api/admin/categories/:id': {
      params: async () => ({ id: (await call('POST', '/api/admin/categories', await as('owner')).send({ name: `Matrix removal ${(sequence += 1)}` }).expect(201)).body.id as number }),
      expect: managers,
    },
    'POST /api/auth/signup': { body: () => ({ fullName: 'New Person', email: `new-${(sequence += 1)}-${Date.now()}@example.com`, password: 'secret-123' }), expect: everyone, changesSession: true },
    'POST /api/auth/login': { body: () => ({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }), expect: everyone, changesSession: true },
    'GET /api/auth/user': { expect: signedIn },
    // The token is the authority, whoever follows the link: a bad one redirects to the failure page for everyone.
    'GET /api/auth/verify-email': { expect: everyone },
    // Staff's addresses count as confirmed (the owner's set by ADMIN_EMAIL, the others' vouched for by the owner): no link to mail.
    'POST /api/auth/verify-email/resend': { expect: table({ guest: 401, customer: 'ok', other: 'ok' }, () => 409), takesNoBody: true },
    // Anyone may ask; the answer is the same whether or not an account uses the address.
    'POST /api/auth/password-reset': { body: () => ({ email: `reset-${(sequence += 1)}@example.com` }), expect: everyone },
    // The token is the authority: a made-up one is the same 400 for everyone.
    'POST /api/auth/password-reset/confirm': { body: () => ({ token: 'A'.repeat(43), password: 'new-secret-1' }), expect: table({ guest: 400, customer: 400, other: 400 }, () => 400) },
    // Signed in only; a wrong current password is the same 400 for every account.
    // Moving the account to another address (issue 22): the current password is checked (every actor's but the owner's is secret-123); the owner's is ADMIN_EMAIL's.
    'POST /api/user/email': { body: () => ({ newEmail: `moved-${(sequence += 1)}-${Date.now()}@example.com`, currentPassword: 'secret-123' }), expect: table({ guest: 401, customer: 'ok', other: 'ok' }, (role) => (role === 'owner' ? 409 : 'ok')) },
    'GET /api/auth/confirm-email-change': { expect: everyone },
    // A wrong password: a closing that succeeds would end the matrix's own accounts (its successes are in test/api/account-closing.e2e.spec.ts). Staff accounts are not closed (409).
    'POST /api/user/close': { body: () => ({ password: 'not-the-password', confirm: 'CLOSE' }), expect: table({ guest: 401, customer: 400, other: 400 }, () => 409) },
    'POST /api/auth/password': { body: () => ({ currentPassword: 'not-the-password', newPassword: 'new-secret-1' }), expect: table({ guest: 401, customer: 400, other: 400 }, () => 400) },
    // Two-factor sign-in (issue 23): anyone signed in may read whether theirs is on; only staff set it up. The matrix's
    // accounts never turn it on (their logins use the password alone): the suite of its own is test/api/two-factor.e2e.spec.ts.
    'GET /api/auth/2fa': { expect: signedIn },
    'POST /api/auth/2fa/setup': { expect: table({ guest: 401, customer: 403, other: 403 }, () => 'ok'), takesNoBody: true },
    // Every staff account has a setup waiting, so a made-up code is the same 400 for each; customers may not enrol.
    'POST /api/auth/2fa/enable': {
      params: async () => {
        for (const role of STAFF_ROLES) await call('POST', '/api/auth/2fa/setup', await as(role)).expect(200);
        return {};
      },
      body: () => ({ code: '000000' }),
      expect: table({ guest: 401, customer: 403, other: 403 }, () => 400),
    },
    // Nobody here has it on: 409 for every signed-in account.
    'POST /api/auth/2fa/disable': { body: () => ({ code: '000000' }), expect: table({ guest: 401, customer: 409, other: 409 }, () => 409) },
    'GET /api/login': { expect: everyone },
    'GET /api/logout': { expect: everyone, changesSession: true },
    'GET /api/products/:id/reviews': { params: async () => ({ id: await newProduct() }), expect: everyone },
    'GET /api/products/:id/rating': { params: async () => ({ id: await newProduct() }), expect: everyone },
    'POST /api/products/:id/reviews': { params: async () => ({ id: await newProduct() }), body: reviewBody, expect: signedIn },
    'GET /api/reviews/:id': { params: async () => ({ id: await aReviewOfCustomer() }), expect: everyone },
    'PUT /api/reviews/:id': { params: async () => ({ id: await newReviewOfCustomer() }), body: reviewBody, expect: authorOnly },
    'DELETE /api/reviews/:id': { params: async () => ({ id: await newReviewOfCustomer() }), expect: authorOnly },
    'POST /api/reviews/:id/vote': { params: async () => ({ id: await aReviewOfCustomer() }), body: () => ({ isHelpful: true }), expect: table({ guest: 401, customer: 403, other: 'ok' }, () => 'ok') },
    'GET /api/admin/reviews': { expect: supportStaff },
    'POST /api/admin/reviews/:id/response': { params: async () => ({ id: await newReviewOfCustomer() }), body: () => ({ response: 'Thanks!' }), expect: supportStaff },
    // A quote with an unknown referral code is a 404 counted against the referral lookup's budget (test/security/referral-guessing).
    'POST /api/checkout/quote': { body: () => ({ items: [{ productId: 1, quantity: 1 }], shippingMethod: 'regular' }), expect: everyone },
    'POST /api/orders': { expect: everyone },
    'GET /api/orders/:id': { params: async () => ({ id: await newOrderOfCustomer() }), expect: buyerOr(...ORDER_READERS) },
    'GET /api/orders/:id/items': { params: async () => ({ id: await newOrderOfCustomer() }), expect: buyerOr(...ORDER_READERS) },
    'GET /api/customer/orders': { expect: signedIn },
    'GET /api/orders/:id/timeline': { params: async () => ({ id: await newOrderOfCustomer() }), expect: buyerOr(...ORDER_READERS) },
    // The buyer's own cancellation of an unpaid order; a guest without the order's e-mail is told it does not exist.
    // Staff prove nothing with an e-mail (their role decides), and each e-mail is counted like a lookup (20 per client): they send none.
    'POST /api/orders/:id/cancel': { params: async () => ({ id: await newOrderOfCustomer() }), body: (_, actor) => byBuyer(actor, {}), expect: buyerOr('owner', 'manager'), emptyBodyValid: true },
    // A wrong pair is the same 404 for everyone; the right one answers anyone who knows it.
    'POST /api/orders/lookup': { params: async () => ({ orderNumber: await newOrderOfCustomer() }), body: (params) => ({ orderNumber: params.orderNumber, email: 'c@example.com' }), expect: everyone },
    'POST /api/admin/orders/:id/refunds': {
      params: async () => ({ id: await newPaidOrderOfCustomer() }),
      body: () => ({ amount: '1.00', reason: 'Matrix refund', restock: false, refundAddress: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh', txHash: randomBytes(32).toString('hex') }),
      expect: managers,
    },
    // Returns after delivery (issue 21): the buyer asks (the same proof as a cancellation); staff decide.
    'POST /api/orders/:id/returns': { params: async () => ({ id: await newDeliveredOrderOfCustomer() }), body: (_, actor) => byBuyer(actor, returnBody), expect: buyerOr('owner', 'manager') },
    'GET /api/orders/:id/return-photos/:photoId/:file': { params: aReturnPhotoOfCustomer, expect: buyerOr(...ORDER_READERS) },
    'POST /api/admin/orders/:id/returns/authorize': { params: async () => ({ id: await newReturnOfCustomer() }), body: () => ({ instructions: 'Post it to 1 Return St' }), expect: managers, emptyBodyValid: true },
    'POST /api/admin/orders/:id/returns/refuse': { params: async () => ({ id: await newReturnOfCustomer() }), body: () => ({ reason: 'Opened' }), expect: managers },
    'POST /api/admin/orders/:id/returns/receive': { params: async () => ({ id: await newAuthorizedReturnOfCustomer() }), body: () => ({ note: 'Sealed' }), expect: orderMovers, emptyBodyValid: true },
    // The paid order's tax invoice (issue 22): its buyer and staff who see amounts (not fulfilment).
    'GET /api/orders/:id/invoice.pdf': { params: async () => ({ id: await newPaidOrderOfCustomer() }), expect: buyerOr('owner', 'manager', 'support', 'auditor') },
    'GET /api/admin/notifications/outbox': { expect: supportStaff },
    'GET /api/user/order-history': { expect: signedIn },
    'GET /api/user/recommendations': { expect: signedIn },
    'GET /api/user/favorites': { expect: signedIn },
    'POST /api/user/favorites': { params: async () => ({ productId: await newProduct() }), body: (params) => ({ productId: params.productId }), expect: signedIn },
    'DELETE /api/user/favorites/:productId': { params: async () => ({ productId: await newFavoriteOfEveryone() }), expect: signedIn },
    // Saved addresses (issue 22): each customer's own book; an id of another's book is a 404.
    'GET /api/user/addresses': { expect: signedIn },
    'POST /api/user/addresses': { body: () => ({ ...address }), expect: signedIn },
    'PUT /api/user/addresses/:id': { params: async () => ({ id: await newAddressOfCustomer() }), body: () => ({ ...address, city: 'Fremantle', postalCode: '6160' }), expect: customerOnly },
    'DELETE /api/user/addresses/:id': { params: async () => ({ id: await newAddressOfCustomer() }), expect: customerOnly },
    'POST /api/user/addresses/:id/default': { params: async () => ({ id: await newAddressOfCustomer() }), expect: customerOnly, takesNoBody: true },
    'GET /api/referral-codes/:code': { params: async () => ({ code: 'RESEARCH5' }), expect: everyone },
    // Support cases: the customer's own (another's answers 404, as does the customer route for an admin), the queue for admins.
    'POST /api/support/cases': { body: supportCaseBody, expect: signedIn },
    'GET /api/support/cases': { expect: signedIn },
    'GET /api/support/cases/:id': { params: async () => ({ id: (await aSupportCaseOfCustomer()).id }), expect: customerOnly },
    'POST /api/support/cases/:id/replies': { params: async () => ({ id: (await aSupportCaseOfCustomer()).id }), body: () => ({ message: 'Any news?' }), expect: customerOnly },
    'GET /api/support/cases/:id/attachments/:attachmentId/:file': {
      params: async () => ({ ...(await aSupportCaseOfCustomer()), file: '320.webp' }),
      expect: ownImage('owner', 'manager', 'support'),
    },
    'GET /api/admin/support/cases': { expect: supportStaff },
    // An account submits once (then 409 while it waits): the customer actor's was sent first, with a document photo.
    'POST /api/user/verification': { params: async () => (await aVerificationOfCustomer(), {}), body: verificationBody, expect: table({ guest: 401, customer: 409, other: 'ok' }, () => 'ok') },
    'GET /api/user/verification': { expect: signedIn },
    'GET /api/verifications/policy': { expect: everyone },
    'GET /api/verifications/:id/document/:file': { params: async () => ({ ...(await aVerificationOfCustomer()), file: '320.webp' }), expect: ownImage('owner', 'manager', 'support') },
    'GET /api/admin/verifications': { expect: supportStaff },
    'POST /api/admin/verifications/:id/approve': { params: aWaitingVerification('approve'), expect: supportStaff, takesNoBody: true },
    'POST /api/admin/verifications/:id/reject': { params: aWaitingVerification('reject'), body: () => ({ reason: 'The e-mail domain is not the institution\'s' }), expect: supportStaff },
    'GET /api/admin/support/cases/:id': { params: async () => ({ id: (await aSupportCaseOfCustomer()).id }), expect: supportStaff },
    'POST /api/admin/support/cases/:id/replies': { params: async () => ({ id: (await aSupportCaseOfCustomer()).id }), body: () => ({ message: 'We are on it.' }), expect: supportStaff },
    'POST /api/admin/support/cases/:id/close': { params: async () => ({ id: (await newSupportCaseOfCustomer()).id }), expect: supportStaff, takesNoBody: true },
    'GET /api/admin/orders': { expect: orderReaders },
    'GET /api/admin/orders/counts': { expect: orderReaders },
    'GET /api/admin/stock/held': { expect: orderReaders },
    'GET /api/admin/stock/low': { expect: managers },
    'POST /api/admin/orders/:id/release': { params: async () => ({ id: await newOrderOfCustomer() }), expect: managers, takesNoBody: true },
    'GET /api/admin/dashboard': { expect: paymentReaders },
    'GET /api/orders': { expect: orderReaders },
    'PUT /api/orders/:id/status': { params: async () => ({ id: await newOrderOfCustomer() }), body: () => ({ status: 'processing' }), expect: orderMovers },
    'PUT /api/orders/:id/shipping': { params: async () => ({ id: await newOrderOfCustomer() }), body: () => ({ trackingNumber: 'TRK1', shippingCarrier: 'DHL' }), expect: orderMovers },
    'POST /api/admin/referral-codes': { body: () => ({ code: `MTXNEW${(sequence += 1)}X${Date.now()}`, discountPercentage: 5 }), expect: managers },
    'DELETE /api/admin/referral-codes/:code': { params: async () => ({ code: await newReferralCode() }), expect: managers },
    'GET /api/wallet-addresses': { expect: everyone },
    'POST /api/payments/crypto': { params: async () => ({ orderId: await newOrderOfCustomer() }), body: (params) => ({ orderId: params.orderId, paymentMethod: 'bitcoin' }), expect: buyerOr('owner', 'manager') },
    'GET /api/payments/:id/status': { params: async () => ({ id: await newPaymentOfCustomer() }), expect: buyerOr('owner', 'manager', 'auditor') },
    'GET /api/admin/payments': { expect: paymentReaders },
    'GET /api/admin/payments/settings': { expect: paymentReaders },
    'GET /api/admin/payments/export': { expect: paymentReaders },
    'GET /api/admin/payments/:id': { params: async () => ({ id: await newPaymentOfCustomer() }), expect: paymentReaders },
    'POST /api/admin/payments/:id/confirm': { params: async () => ({ id: await newPaymentOfCustomer() }), body: () => ({ transactionHash: 'f'.repeat(64) }), expect: managers },
    'POST /api/admin/payments/:id/fail': { params: async () => ({ id: await newPaymentOfCustomer() }), body: () => ({ reason: 'Nothing arrived' }), expect: managers },
    'POST /api/admin/payments/:id/accept-underpayment': { params: async () => ({ id: await newPaymentOfCustomer() }), body: () => ({ note: 'Short by a fee' }), expect: table({ guest: 401, customer: 403, other: 403 }, (role) => (role === 'owner' || role === 'manager' ? 409 : 403)) },
    'POST /api/admin/payments/:id/mark-paid': { params: async () => ({ id: await newPaymentOfCustomer() }), body: () => ({ reason: 'Paid by bank transfer', transactionHash: 'e'.repeat(64) }), expect: managers },
    // A refund is noted on money received: the payment is confirmed first.
    'POST /api/admin/payments/:id/refund-note': { params: async () => ({ id: await newPaidPaymentOfCustomer() }), body: () => ({ note: 'Refunded' }), expect: managers },
    'GET /api/admin/referral-codes': { expect: managers },
    // Last among the review routes: the review they share is hidden, then shown again.
    'POST /api/admin/reviews/:id/hide': { params: async () => ({ id: await aReviewOfCustomer() }), body: () => ({ reason: 'Makes a medical claim' }), expect: supportStaff },
    'DELETE /api/admin/reviews/:id/hide': { params: async () => ({ id: await aReviewOfCustomer() }), expect: supportStaff },
    'POST /api/objects/upload': { expect: managers, takesNoBody: true },
    // The signed link (its path and query) is the authority, whoever sends the bytes.
    'PUT /api/objects/uploads/:uploadId': {
      params: async () => ({ uploadId: (await newUploadLink()).replace('/api/objects/uploads/', '') }),
      rawBody: async () => ({ contentType: 'image/png', bytes: await aPng() }),
      expect: everyone,
    },
    'PUT /api/product-images': { params: async () => ({ imageURL: await newUpload() }), body: (params) => ({ imageURL: params.imageURL }), expect: managers },
    'GET /api/health': { expect: everyone },
    'GET /api/openapi.json': { expect: everyone },
    'GET /api/docs': { expect: everyone },
    // Readiness answers everyone its status; its details only the METRICS_TOKEN or an administrator (test/api/operability).
    'GET /api/ready': { expect: everyone },
    'GET /api/health/live': { expect: everyone },
    'GET /api/health/ready': { expect: everyone },
    'GET /api/admin/projections': { expect: ownerOnly },
    // Issue 23's staff management: the owner alone; what a success changes is a staff account made for the row.
    'GET /api/admin/staff': { expect: ownerOnly },
    'POST /api/admin/staff': { body: () => ({ email: `invite-${(sequence += 1)}-${Date.now()}@example.com`, role: 'support' }), expect: ownerOnly },
    'DELETE /api/admin/staff/invitations/:invitationId': { params: async () => ({ invitationId: (await newInvitationToken()).invitationId }), expect: ownerOnly },
    'PUT /api/admin/staff/:userId': { params: async () => ({ userId: await newStaffMember() }), body: () => ({ role: 'analyst' }), expect: ownerOnly },
    'DELETE /api/admin/staff/:userId': { params: async () => ({ userId: await newStaffMember() }), expect: ownerOnly },
    // A new member has not turned two-factor sign-in on: the owner's reset is a 409 (its success is in two-factor.e2e).
    'DELETE /api/admin/staff/:userId/two-factor': { params: async () => ({ userId: await newStaffMember() }), expect: table({ guest: 401, customer: 403, other: 403 }, (role) => (role === 'owner' ? 409 : 403)) },
    // A new account accepts with nobody signed in; signed in as any other address, the invitation is refused (409).
    'POST /api/staff/accept': { params: newInvitationToken, body: (params) => ({ token: params.token, fullName: 'Invited Person', password: 'secret-123' }), expect: table({ guest: 'ok', customer: 409, other: 409 }, () => 409) },
    // Each actor's own sessions: another session of theirs, ended; ending the others keeps the asking one.
    'GET /api/user/sessions': { expect: signedIn },
    'DELETE /api/user/sessions/:id': { params: newSessionOf, expect: signedIn },
    'POST /api/user/sessions/end-others': { expect: signedIn, takesNoBody: true },
    'GET /api/admin/audit': { expect: auditors },
    'GET /api/admin/audit/export': { expect: auditors },
    // Nothing is parked in a healthy shop: the owner is told so with 404.
    'POST /api/admin/projections/:projector/parked/:position/retry': { params: async () => ({ projector: 'catalogue', position: 1 }), expect: table({ guest: 401, customer: 403, other: 403 }, (role) => (role === 'owner' ? 404 : 403)) },
    // The storefront reports without a session; the back office reads.
    'POST /api/analytics/pageview': { body: () => ({ path: '/matrix', referrer: 'https://example.org/' }), expect: everyone },
    // An order that was never placed is answered as one that was (202, not recorded): the beacon tells nobody which order ids exist.
    'POST /api/analytics/event': { body: () => ({ type: 'order_placed', orderId: 999_999 }), expect: everyone },
    'GET /api/analytics/traffic': { expect: analysts },
    'GET /api/analytics/traffic/export': { expect: analysts },
    'GET /api/analytics/funnel': { expect: analysts },
    'GET /api/analytics/realtime': { expect: analysts },
    // API tokens (issue 23): each maker their own tokens, within their role's scopes; the owner every token. Another's token is a 404.
    'POST /api/admin/api-tokens': { body: (_, actor) => ({ name: 'Matrix token', scopes: [actor === 'auditor' ? 'audit:read' : 'analytics:read'], expiresInDays: 7 }), expect: tokenMakers },
    'GET /api/admin/api-tokens': { expect: tokenMakers },
    'DELETE /api/admin/api-tokens/:id': {
      params: async () => ({ id: (await newApiTokenOf('analyst', ['analytics:read'])()).id }),
      expect: table({ guest: 401, customer: 403, other: 403 }, (role) => (role === 'owner' || role === 'analyst' ? 'ok' : role === 'auditor' ? 404 : 403)),
    },
  };

  const pathOf = (route: string, params: Params) => route.split(' ')[1].replace(/:(\w+)/g, (_, name: string) => String(params[name]));

  const bodyOf = async (route: string, routeCase: RouteCase, params: Params, actor: Actor) =>
    route === 'POST /api/orders' ? await orderBody() : routeCase.body?.(params, actor);

  beforeAll(async () => {
    shop = await startTestApp();
  });
  afterAll(async () => {
    await shop.close();
  });

  it('has an expectation for every route the app serves, and no stale one', () => {
    expect(registeredRoutes(shop.app).sort()).toEqual(Object.keys(ROUTES).sort());
  });

  /** A guard's refusal (401, 403) changes nothing: the actors a route refuses share what it acts on, so ten actors cost little more than four. */
  const refusedParams: Record<string, Promise<Params>> = {};

  describe.each(Object.keys(ROUTES))('%s', (route) => {
    it.each(ACTORS)('answers %s as the table says', async (actor) => {
      const routeCase = ROUTES[route];
      const expected = routeCase.expect[actor];
      const makeParams = async () => (await routeCase.params?.(actor)) ?? {};
      const params = await (expected === 401 || expected === 403 ? (refusedParams[route] ??= makeParams()) : makeParams());
      const cookie = routeCase.changesSession ? await newCookie(actor) : await as(actor);
      const [method] = route.split(' ');
      const body = await bodyOf(route, routeCase, params, actor);
      const raw = await routeCase.rawBody?.();
      const test = call(method, pathOf(route, params), cookie);
      const response = await (raw ? test.set('Content-Type', raw.contentType).send(raw.bytes) : body ? test.send(body) : test);
      if (expected === 'ok') expect(response.status).toBeLessThan(400);
      else {
        expect(response.status).toBe(expected);
        expect(response.body.message).toEqual(expect.any(String));
      }
    });
  });

  describe('roles beyond one answer per route', () => {
    it('knows each staff member by their role: ADMIN_EMAIL\'s account is the owner', async () => {
      for (const role of STAFF_ROLES) expect((await call('GET', '/api/auth/user', await as(role)).expect(200)).body.role).toBe(role);
    });

    it('lets fulfilment move an order along but not cancel it: cancelling is for those who may cancel orders', async () => {
      const orderId = await newOrderOfCustomer();
      const refused = await call('PUT', `/api/orders/${orderId}/status`, await as('fulfilment')).send({ status: 'cancelled' }).expect(403);
      expect(refused.body.message).toContain('orders:cancel');
      expect((await call('PUT', `/api/orders/${orderId}/status`, await as('manager')).send({ status: 'cancelled' }).expect(200)).body.status).toBe('cancelled');
    });
  });

  describe('API tokens: the five reads they are for, and no other route', () => {
    it("refuses a token with every scope on every other route of the table (401, no session made), and opens the five reads", async () => {
      const { token } = await newApiTokenOf('owner', ['analytics:read', 'audit:read'])();
      const headOfLog = await shop.app.get<EventStore>(EVENT_STORE).headPosition();
      // The storefront's traffic beacons are served ahead of Nest and take no credentials at all: a token there is not looked at.
      const beacons = ['POST /api/analytics/pageview', 'POST /api/analytics/event'];
      for (const route of Object.keys(ROUTES).filter((route) => !beacons.includes(route))) {
        const [method, path] = route.split(' ');
        const response = await call(method, path.replace(/:(\w+)/g, '1'), undefined).set('Authorization', `Bearer ${token}`);
        expect(response.headers['set-cookie']).toBeUndefined();
        if (TOKEN_ROUTES.includes(route)) expect({ route, status: response.status }).toEqual({ route, status: 200 });
        else expect({ route, status: response.status, message: response.body.message }).toEqual({ route, status: 401, message: expect.stringContaining('An API token opens only') });
      }
      expect(await shop.app.get<EventStore>(EVENT_STORE).headPosition()).toBe(headOfLog);
    });
  });

  describe('bad input to every POST and PUT route, as the owner', () => {
    const writeRoutes = () => Object.keys(ROUTES).filter((route) => /^(POST|PUT) /.test(route) && !ROUTES[route].changesSession && !ROUTES[route].takesNoBody);

    const expectRefusal = (response: request.Response) => {
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(response.body.message).toEqual(expect.any(String));
    };

    const wrongTypeOf = (value: unknown): unknown => {
      if (typeof value === 'string') return { $gt: '' };
      if (typeof value === 'number') return 'not a number';
      if (typeof value === 'boolean') return 'yes';
      return 'not an object';
    };

    it('refuses malformed JSON, wrong types, missing fields, huge strings and a 2 MB body, writing nothing', async () => {
      const cookie = await as('owner');
      const prepared = [];
      for (const route of writeRoutes()) {
        const routeCase = ROUTES[route];
        const params = (await routeCase.params?.('owner')) ?? {};
        prepared.push({ route, path: pathOf(route, params), method: route.split(' ')[0], body: (await bodyOf(route, routeCase, params, 'customer')) ?? {}, emptyBodyValid: routeCase.emptyBodyValid === true });
      }
      const eventStore = shop.app.get<EventStore>(EVENT_STORE);
      const head = await eventStore.headPosition();

      for (const { method, path, body, emptyBodyValid } of prepared) {
        expectRefusal(await call(method, path, cookie).set('Content-Type', 'application/json').send('{"broken": '));
        expectRefusal(await call(method, path, cookie).send([]));
        if (!emptyBodyValid) expectRefusal(await call(method, path, cookie).send({}));
        expectRefusal(await call(method, path, cookie).set('Content-Type', 'application/json').send(JSON.stringify({ ...body, padding: 'x'.repeat(2 * 1024 * 1024) })));
        for (const [field, value] of Object.entries(body)) {
          expectRefusal(await call(method, path, cookie).send({ ...body, [field]: wrongTypeOf(value) }));
          if (typeof value === 'string') expectRefusal(await call(method, path, cookie).send({ ...body, [field]: 'x'.repeat(100_000) }));
        }
      }
      expect(await eventStore.headPosition()).toBe(head);
    });
  });
});
