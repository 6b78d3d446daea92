import request from 'supertest';
import { DEMO_REFERRAL_CODE } from '../../backend/src/demo/demo-data.seeder';
import { REFERRAL_GUESSES_PER_MINUTE } from '../../backend/src/ordering/http/ordering.controller';
import { startTestApp, TestApp } from '../support/test-app';

const sydney = { firstName: 'Grace', lastName: 'Hopper', phone: '0412 345 678', address: '1 George St', city: 'Sydney', state: 'NSW', postalCode: '2000' };

/**
 * Issue 20: a referral code is a discount, so telling real codes from unknown ones is rate-limited per
 * address on one budget, whichever route asks: the lookup, the checkout quote, an order.
 */
describe('Referral codes cannot be guessed through another route', () => {
  let shop: TestApp;
  let productId: number;

  beforeAll(async () => {
    // Each test is its own client address (X-Forwarded-For from the trusted loopback proxy), so none uses up another's budget.
    shop = await startTestApp({ env: { TRUST_PROXY: 'loopback' } });
    const products = (await shop.agent().get('/api/products').expect(200)).body as { id: number; stock: number }[];
    productId = [...products].sort((a, b) => b.stock - a.stock)[0].id;
  });
  afterAll(async () => {
    await shop.close();
  });

  const from = (address: string) => ({
    lookup: (code: string) => request(shop.app.getHttpServer()).get(`/api/referral-codes/${code}`).set('X-Forwarded-For', address),
    quote: (referralCode?: string) => request(shop.app.getHttpServer()).post('/api/checkout/quote').set('X-Forwarded-For', address).send({ items: [{ productId, quantity: 1 }], shippingMethod: 'regular', referralCode }),
    order: (referralCode?: string) =>
      request(shop.app.getHttpServer())
        .post('/api/orders')
        .set('X-Forwarded-For', address)
        .send({ customerEmail: 'guesser@example.com', paymentMethod: 'bitcoin', shippingMethod: 'regular', shippingAddress: sydney, referralCode, items: [{ productId, quantity: 1 }] }),
  });
  const tooMany = { message: expect.stringMatching(/^Too many referral code checks\. Please try again in 1 minute\.$/) };

  it("answers guesses through the quote with 429 after the lookup's limit, then any code from that address, but not a quote without one", async () => {
    const client = from('198.51.100.1');
    for (let guess = 1; guess <= REFERRAL_GUESSES_PER_MINUTE; guess += 1) {
      const missed = await client.quote(`GUESS${guess}`).expect(404);
      expect(missed.body).toEqual({ message: 'Invalid referral code' });
    }
    expect((await client.quote('GUESS-NEXT').expect(429)).body).toEqual(tooMany);
    // Refused before the code is looked at: a real code gets the same 429, so the refusal tells nothing.
    expect((await client.quote(DEMO_REFERRAL_CODE.code).expect(429)).body).toEqual(tooMany);
    expect((await client.lookup('GUESS-NEXT').expect(429)).body).toEqual(tooMany);
    expect((await client.quote().expect(200)).body).toMatchObject({ referralCode: null, discountPercentage: 0 });
    // Another address has its own budget.
    await from('198.51.100.2').quote('GUESS1').expect(404);
  });

  it('counts misses through the lookup and the quote on one budget', async () => {
    const client = from('198.51.100.3');
    const half = Math.floor(REFERRAL_GUESSES_PER_MINUTE / 2);
    for (let guess = 1; guess <= half; guess += 1) await client.lookup(`LOOK${guess}`).expect(404);
    for (let guess = half + 1; guess <= REFERRAL_GUESSES_PER_MINUTE; guess += 1) await client.quote(`QUOTE${guess}`).expect(404);
    expect((await client.quote('QUOTE-NEXT').expect(429)).body).toEqual(tooMany);
    expect((await client.lookup('LOOK-NEXT').expect(429)).body).toEqual(tooMany);
  });

  it('lets a real code or no code through the quote as often as asked, costing nothing of the budget', async () => {
    const client = from('198.51.100.4');
    for (let quote = 0; quote < REFERRAL_GUESSES_PER_MINUTE + 10; quote += 1) {
      const priced = await client.quote(DEMO_REFERRAL_CODE.code.toLowerCase()).expect(200);
      expect(priced.body).toMatchObject({ referralCode: DEMO_REFERRAL_CODE.code, discountPercentage: DEMO_REFERRAL_CODE.discountPercentage });
      await client.quote().expect(200);
    }
    // The whole budget is still there for the lookup.
    for (let guess = 1; guess <= REFERRAL_GUESSES_PER_MINUTE; guess += 1) await client.lookup(`LATER${guess}`).expect(404);
    await client.lookup('LATER-NEXT').expect(429);
  });

  it('counts an order with an unknown code as a miss too, and refuses codes in orders once the budget is used up', async () => {
    const client = from('198.51.100.5');
    await client.order(DEMO_REFERRAL_CODE.code).expect(201);
    for (let guess = 1; guess < REFERRAL_GUESSES_PER_MINUTE; guess += 1) await client.quote(`MIX${guess}`).expect(404);
    expect((await client.order('MIX-LAST').expect(404)).body).toEqual({ message: 'Invalid referral code' });
    expect((await client.order(DEMO_REFERRAL_CODE.code).expect(429)).body).toEqual(tooMany);
    await client.order().expect(201);
  });
});
