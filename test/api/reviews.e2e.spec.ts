import request from 'supertest';
import { signInAsAdmin, signUp, startTestApp, TestApp } from '../support/test-app';

const review = (overrides: Record<string, unknown> = {}) => ({
  rating: 4,
  title: 'Clean HPLC profile',
  content: 'Matched the certificate of analysis in our lab.',
  pros: [' fast shipping ', '', 'pure'],
  cons: ['pricey'],
  ...overrides,
});

describe('Reviews API', () => {
  let shop: TestApp;
  let productId: number;

  beforeAll(async () => {
    shop = await startTestApp();
    const products = (await shop.agent().get('/api/products').expect(200)).body as { id: number; name: string }[];
    productId = products[0].id;
  });
  afterAll(async () => {
    await shop.close();
  });

  const signedIn = async () => {
    const agent = shop.agent();
    const account = await signUp(agent);
    return { agent, account };
  };

  it('lets a signed-in customer review a product once and updates its rating summary', async () => {
    const { agent, account } = await signedIn();
    const created = await agent.post(`/api/products/${productId}/reviews`).send(review({ rating: 5 })).expect(201);
    expect(created.body).toMatchObject({ rating: 5, title: 'Clean HPLC profile', pros: ['fast shipping', 'pure'], cons: ['pricey'], user: { fullName: account.fullName }, helpful: 0, verified: false });
    const second = await agent.post(`/api/products/${productId}/reviews`).send(review()).expect(409);
    expect(second.body.message).toMatch(/already reviewed/);

    const other = await signedIn();
    await other.agent.post(`/api/products/${productId}/reviews`).send(review({ rating: 2 })).expect(201);
    const rating = (await shop.agent().get(`/api/products/${productId}/rating`).expect(200)).body;
    expect(rating).toEqual({ averageRating: 3.5, totalReviews: 2 });
    const card = (await shop.agent().get('/api/products').expect(200)).body.find((p: { id: number }) => p.id === productId);
    expect(card).toMatchObject({ averageRating: 3.5, totalReviews: 2 });
    const listed = (await shop.agent().get(`/api/products/${productId}/reviews`).expect(200)).body;
    expect(listed).toHaveLength(2);
  });

  it('refuses reviews from guests', async () => {
    await shop.agent().post(`/api/products/${productId}/reviews`).send(review()).expect(401);
  });

  it('validates the review form rules', async () => {
    const { agent } = await signedIn();
    const expectMessage = async (body: Record<string, unknown>, message: string) => {
      const response = await agent.post(`/api/products/${productId}/reviews`).send(body).expect(400);
      expect(response.body.message).toBe(message);
    };
    await expectMessage(review({ title: '  ' }), 'Title is required');
    await expectMessage(review({ title: 'x'.repeat(256) }), 'Title must be at most 255 characters');
    await expectMessage(review({ content: 'too short' }), 'Review must be at least 10 characters');
    await expectMessage(review({ rating: 6 }), 'Rating must be a number from 1 to 5');
    await expectMessage(review({ rating: '5' }), 'Rating must be a number from 1 to 5');
    await agent.post('/api/products/99999/reviews').send(review()).expect(404);
  });

  it('lets only the author edit and delete a review', async () => {
    const author = await signedIn();
    const products = (await shop.agent().get('/api/products').expect(200)).body as { id: number }[];
    const target = products[1].id;
    const { id } = (await author.agent.post(`/api/products/${target}/reviews`).send(review()).expect(201)).body;
    const stranger = await signedIn();
    expect((await stranger.agent.put(`/api/reviews/${id}`).send(review({ title: 'Hijacked' })).expect(403)).body.message).toMatch(/Only the author/);
    await stranger.agent.delete(`/api/reviews/${id}`).expect(403);
    await shop.agent().delete(`/api/reviews/${id}`).expect(401);
    const edited = await author.agent.put(`/api/reviews/${id}`).send(review({ title: 'Even better', rating: 5 })).expect(200);
    expect(edited.body).toMatchObject({ title: 'Even better', rating: 5 });
    await author.agent.delete(`/api/reviews/${id}`).expect(200);
    expect((await shop.agent().get(`/api/products/${target}/reviews`).expect(200)).body).toEqual([]);
    expect((await shop.agent().get(`/api/products/${target}/rating`).expect(200)).body).toEqual({ averageRating: 0, totalReviews: 0 });
    await author.agent.put(`/api/reviews/${id}`).send(review()).expect(404);
  });

  it('counts one vote per user, lets a second vote change it, and refuses votes on one\'s own review', async () => {
    const author = await signedIn();
    const products = (await shop.agent().get('/api/products').expect(200)).body as { id: number }[];
    const { id } = (await author.agent.post(`/api/products/${products[2].id}/reviews`).send(review()).expect(201)).body;
    await author.agent.post(`/api/reviews/${id}/vote`).send({ isHelpful: true }).expect(403);
    const voter = await signedIn();
    await voter.agent.post(`/api/reviews/${id}/vote`).send({ isHelpful: true }).expect(200);
    const again = await voter.agent.post(`/api/reviews/${id}/vote`).send({ isHelpful: true }).expect(200);
    expect(again.body).toMatchObject({ helpful: 1, unhelpful: 0, myVote: true });
    const changed = await voter.agent.post(`/api/reviews/${id}/vote`).send({ isHelpful: false }).expect(200);
    expect(changed.body).toMatchObject({ helpful: 0, unhelpful: 1, myVote: false });
    await voter.agent.post(`/api/reviews/${id}/vote`).send({ isHelpful: 'yes' }).expect(400);
    await shop.agent().post(`/api/reviews/${id}/vote`).send({ isHelpful: true }).expect(401);
  });

  it('shows an administrator response with its date', async () => {
    const author = await signedIn();
    const products = (await shop.agent().get('/api/products').expect(200)).body as { id: number }[];
    const { id } = (await author.agent.post(`/api/products/${products[3].id}/reviews`).send(review()).expect(201)).body;
    await author.agent.post(`/api/admin/reviews/${id}/response`).send({ response: 'Thanks' }).expect(403);
    const admin: request.Agent = shop.agent();
    await signInAsAdmin(admin);
    await admin.post(`/api/admin/reviews/${id}/response`).send({ response: 'Thank you for the detailed feedback.' }).expect(200);
    const [listed] = (await shop.agent().get(`/api/products/${products[3].id}/reviews`).expect(200)).body;
    expect(listed.adminResponse).toBe('Thank you for the detailed feedback.');
    expect(new Date(listed.adminResponseAt).getTime()).not.toBeNaN();
  });

  it('lets an administrator hide a review from the storefront and the rating, with a reason, and show it again', async () => {
    const products = (await shop.agent().get('/api/products').expect(200)).body as { id: number }[];
    const product = products[8].id;
    const author = await signedIn();
    const other = await signedIn();
    const hiddenOne = (await author.agent.post(`/api/products/${product}/reviews`).send(review({ rating: 1 })).expect(201)).body;
    await other.agent.post(`/api/products/${product}/reviews`).send(review({ rating: 5 })).expect(201);
    const admin: request.Agent = shop.agent();
    await signInAsAdmin(admin);
    await author.agent.post(`/api/admin/reviews/${hiddenOne.id}/hide`).send({ reason: 'Medical claim' }).expect(403);
    const missingReason = await admin.post(`/api/admin/reviews/${hiddenOne.id}/hide`).send({}).expect(400);
    expect(missingReason.body.message).toBe('A reason is required');

    expect((await admin.post(`/api/admin/reviews/${hiddenOne.id}/hide`).send({ reason: 'Medical claim' }).expect(200)).body.hidden).toBe(true);
    const seenByShoppers = (await shop.agent().get(`/api/products/${product}/reviews`).expect(200)).body as { id: string }[];
    expect(seenByShoppers.map((r) => r.id)).not.toContain(hiddenOne.id);
    await shop.agent().get(`/api/reviews/${hiddenOne.id}`).expect(404);
    expect((await shop.agent().get(`/api/products/${product}/rating`).expect(200)).body).toEqual({ averageRating: 5, totalReviews: 1 });
    const seenByAdmin = (await admin.get(`/api/products/${product}/reviews`).expect(200)).body as { id: string; hidden: boolean }[];
    expect(seenByAdmin.find((r) => r.id === hiddenOne.id)?.hidden).toBe(true);
    const seenByAuthor = (await author.agent.get(`/api/products/${product}/reviews`).expect(200)).body as { id: string; hidden: boolean }[];
    expect(seenByAuthor.find((r) => r.id === hiddenOne.id)?.hidden).toBe(true);

    await admin.delete(`/api/admin/reviews/${hiddenOne.id}/hide`).expect(200);
    expect((await shop.agent().get(`/api/products/${product}/rating`).expect(200)).body).toEqual({ averageRating: 3, totalReviews: 2 });
    const trail = (await admin.get('/api/admin/audit').query({ stream: `review-${hiddenOne.id}` }).expect(200)).body.entries as { summary: string }[];
    expect(trail.map((entry) => entry.summary).slice(-2)).toEqual(['Hidden from the storefront: Medical claim', 'Shown on the storefront again']);
  });

  it('lists every product\'s reviews for moderation, newest first, hidden ones with their reason, narrowed by status', async () => {
    const products = (await shop.agent().get('/api/products').expect(200)).body as { id: number; name: string }[];
    const [first, second] = [products[10], products[11]];
    const author = await signedIn();
    const older = (await author.agent.post(`/api/products/${first.id}/reviews`).send(review({ title: 'Older one' })).expect(201)).body as { id: string };
    const newer = (await author.agent.post(`/api/products/${second.id}/reviews`).send(review({ title: 'Newer one', rating: 2 })).expect(201)).body as { id: string };
    const admin: request.Agent = shop.agent();
    await signInAsAdmin(admin);
    await admin.post(`/api/admin/reviews/${older.id}/hide`).send({ reason: 'Off-topic' }).expect(200);
    await admin.post(`/api/admin/reviews/${newer.id}/response`).send({ response: 'Sorry to hear that.' }).expect(200);

    type Listed = { id: string; productId: number; productName: string | null; title: string; user: { fullName: string }; hidden: boolean; hiddenReason: string | null; hiddenAt: string | null; adminResponse: string | null; createdAt: string };
    const all = (await admin.get('/api/admin/reviews').expect(200)).body as Listed[];
    const ids = all.map((listed) => listed.id);
    expect(ids.indexOf(newer.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(all.map((listed) => listed.createdAt)).toEqual([...all.map((listed) => listed.createdAt)].sort().reverse());
    expect(all.find((listed) => listed.id === older.id)).toMatchObject({ productId: first.id, productName: first.name, title: 'Older one', user: { fullName: author.account.fullName }, hidden: true, hiddenReason: 'Off-topic' });
    expect(Date.parse(all.find((listed) => listed.id === older.id)!.hiddenAt!)).not.toBeNaN();
    expect(all.find((listed) => listed.id === newer.id)).toMatchObject({ productName: second.name, hidden: false, hiddenReason: null, hiddenAt: null, adminResponse: 'Sorry to hear that.' });

    const hidden = (await admin.get('/api/admin/reviews').query({ status: 'hidden' }).expect(200)).body as Listed[];
    expect(hidden.map((listed) => listed.id)).toContain(older.id);
    expect(hidden.every((listed) => listed.hidden)).toBe(true);
    const visible = (await admin.get('/api/admin/reviews').query({ status: 'visible' }).expect(200)).body as Listed[];
    expect(visible.map((listed) => listed.id)).toContain(newer.id);
    expect(visible.some((listed) => listed.hidden)).toBe(false);

    // Shown again: visible, and the reason is gone with the hiding.
    await admin.delete(`/api/admin/reviews/${older.id}/hide`).expect(200);
    const shown = (await admin.get('/api/admin/reviews').query({ status: 'visible' }).expect(200)).body as Listed[];
    expect(shown.find((listed) => listed.id === older.id)).toMatchObject({ hidden: false, hiddenReason: null });

    expect((await admin.get('/api/admin/reviews').query({ status: 'deleted' }).expect(400)).body.message).toBe('status is hidden or visible');
    await author.agent.get('/api/admin/reviews').expect(403);
    await shop.agent().get('/api/admin/reviews').expect(401);
  });

  it('keeps user text as data: a script in a review comes back verbatim as JSON', async () => {
    const { agent } = await signedIn();
    const products = (await shop.agent().get('/api/products').expect(200)).body as { id: number }[];
    const response = await agent.post(`/api/products/${products[4].id}/reviews`).send(review({ title: '<script>alert(1)</script>' })).expect(201);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.body.title).toBe('<script>alert(1)</script>');
  });

  it('marks a review as a verified purchase only once the author\'s order of the product was delivered', async () => {
    const products = (await shop.agent().get('/api/products').expect(200)).body as { id: number; stock: number }[];
    const [bought, unpaid, notYetDelivered] = products.filter((product) => product.stock > 0).slice(5, 8);
    const { agent } = await signedIn();
    const address = { firstName: 'Ada', lastName: 'Lovelace', phone: '0412345678', address: '1 Lab Way', city: 'Brisbane', state: 'QLD', postalCode: '4000' };
    const order = async (productId: number) =>
      (await agent.post('/api/orders').send({ customerEmail: 'ada@example.com', paymentMethod: 'bitcoin', shippingMethod: 'regular', shippingAddress: address, items: [{ productId, quantity: 1 }] }).expect(201)).body as { id: number };
    const admin = shop.agent();
    await signInAsAdmin(admin);
    const pay = async (orderId: number) => {
      const payment = (await agent.post('/api/payments/crypto').send({ orderId, paymentMethod: 'bitcoin' }).expect(201)).body as { id: number };
      await admin.post(`/api/admin/payments/${payment.id}/confirm`).send({ transactionHash: `${orderId}`.padEnd(64, 'a') }).expect(200);
    };
    const delivered = await order(bought.id);
    await pay(delivered.id);
    await admin.put(`/api/orders/${delivered.id}/shipping`).send({ trackingNumber: 'TRACK-1', shippingCarrier: 'DHL', status: 'shipped' }).expect(200);
    await admin.put(`/api/orders/${delivered.id}/status`).send({ status: 'delivered' }).expect(200);
    await order(unpaid.id);
    await pay((await order(notYetDelivered.id)).id);

    expect((await agent.post(`/api/products/${bought.id}/reviews`).send(review()).expect(201)).body.verified).toBe(true);
    expect((await agent.post(`/api/products/${unpaid.id}/reviews`).send(review()).expect(201)).body.verified).toBe(false);
    // Paid and shipping is not yet a purchase the author can vouch for.
    expect((await agent.post(`/api/products/${notYetDelivered.id}/reviews`).send(review()).expect(201)).body.verified).toBe(false);
  });

  it('answers the 61st edit, deletion or vote by one shopper within an hour with 429, recording nothing', async () => {
    const author = await signedIn();
    const products = (await shop.agent().get('/api/products').expect(200)).body as { id: number }[];
    const { id } = (await author.agent.post(`/api/products/${products[8].id}/reviews`).send(review()).expect(201)).body;
    const voter = await signedIn();
    for (let change = 0; change < 60; change += 1) await voter.agent.post(`/api/reviews/${id}/vote`).send({ isHelpful: change % 2 === 0 }).expect(200);
    const refused = await voter.agent.post(`/api/reviews/${id}/vote`).send({ isHelpful: true }).expect(429);
    expect(refused.body.message).toMatch(/^Too many review changes\. Please try again in \d+ minutes?\.$/);
    expect((await shop.agent().get(`/api/products/${products[8].id}/reviews`).expect(200)).body[0]).toMatchObject({ helpful: 0, unhelpful: 1 });
    await author.agent.put(`/api/reviews/${id}`).send(review({ title: 'Still editable by its author' })).expect(200);
  }, 60_000);
});
