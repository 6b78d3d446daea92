import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import request from 'supertest';
import { PaymentInitiated } from '../../backend/src/payments/contract/payment.events';
import { PaymentView } from '../../backend/src/payments/contract/payment.views';
import { quoteCryptoAmount } from '../../backend/src/payments/domain/crypto-quote';
import bitstampTickers from '../../backend/src/payments/rates/fixtures/bitstamp-tickers.json';
import coinbaseExchangeRates from '../../backend/src/payments/rates/fixtures/coinbase-exchange-rates.json';
import krakenTicker from '../../backend/src/payments/rates/fixtures/kraken-ticker.json';
import { EVENT_STORE, EventStore } from '../../backend/src/storage/event-store/event-store.port';
import { signInAsAdmin, startTestApp, TestApp } from '../support/test-app';

/**
 * Three exchanges, played back from their recorded answers by a local server (the tests have no
 * internet): Kraken's ticker, Coinbase's exchange rates and Bitstamp's tickers, each in its own format.
 * Recorded prices: BTC 112598.1 (Kraken), 112611.005 (Coinbase), 112640 (Bitstamp);
 * USD per AUD 0.6512 (Kraken), 0.6508 (Coinbase); Bitstamp lists no AUD.
 */
type Exchange = 'kraken' | 'coinbase' | 'bitstamp';
type Behaviour = 'answers' | 'down' | 'malformed' | 'stale';
const behaviour: Record<Exchange, Behaviour> = { kraken: 'answers', coinbase: 'answers', bitstamp: 'answers' };

function playBack(incoming: IncomingMessage, response: ServerResponse): void {
  const url = new URL(incoming.url ?? '/', 'http://exchange');
  const exchange = url.pathname.split('/')[1] as Exchange;
  const json = (body: unknown) => {
    response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  };
  switch (behaviour[exchange]) {
    case 'down':
      response.writeHead(502, { 'Content-Type': 'text/html' }).end('<html><body>502 Bad Gateway</body></html>');
      return;
    case 'malformed':
      response.writeHead(200, { 'Content-Type': 'text/html' }).end('<!DOCTYPE html><html><head><title>Just a moment...</title></head><body></body></html>');
      return;
  }
  // Rounded up: the server takes the earlier of this and when it received the answer, so no second is lost to rounding.
  const nowSeconds = Math.ceil(Date.now() / 1000);
  if (exchange === 'kraken' && url.pathname === '/kraken/0/public/Ticker') return json(krakenTicker);
  if (exchange === 'coinbase' && url.pathname === '/coinbase/v2/exchange-rates') {
    const body = coinbaseExchangeRates[url.searchParams.get('currency') as keyof typeof coinbaseExchangeRates];
    if (body) return json(body);
  }
  const pair = /^\/bitstamp\/api\/v2\/ticker\/([a-z]+)\/$/.exec(url.pathname)?.[1] as keyof typeof bitstampTickers | undefined;
  if (exchange === 'bitstamp' && pair && bitstampTickers[pair]) {
    // The recording's time becomes now, or five minutes ago for a ticker that stopped moving.
    return json({ ...bitstampTickers[pair], timestamp: String(behaviour.bitstamp === 'stale' ? nowSeconds - 300 : nowSeconds) });
  }
  response.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: ['EGeneral:Unknown method'] }));
}

/** Short, so that a test can outwait it; long enough for a few requests on a busy machine. */
const MAX_AGE_SECONDS = 2;
const pastMaxAge = () => new Promise((resolve) => setTimeout(resolve, MAX_AGE_SECONDS * 1000 + 150));
const address = { firstName: 'Grace', lastName: 'Hopper', phone: '0412345678', address: '9 Ticker St', city: 'Brisbane', state: 'QLD', postalCode: '4000' };
const TOTAL = '150.00';

describe('Payments API: live quotes from the median of fresh exchange rates', () => {
  let exchanges: Server;
  let shop: TestApp;
  let admin: request.Agent;
  let productId: number;

  beforeAll(async () => {
    exchanges = createServer(playBack);
    await new Promise<void>((resolve) => exchanges.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(exchanges.address() as AddressInfo).port}`;
    shop = await startTestApp({
      env: {
        RATES_SOURCES: `kraken=${base}/kraken,coinbase=${base}/coinbase,bitstamp=${base}/bitstamp`,
        RATES_MAX_AGE_SECONDS: String(MAX_AGE_SECONDS),
        BTC_XPUB: 'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs',
      },
    });
    admin = shop.agent();
    await signInAsAdmin(admin);
    productId = (await admin.post('/api/admin/products').send({ name: 'Rates Test Peptide', sku: 'RATE-1', price: TOTAL, stock: 1000 }).expect(201)).body.id;
  });
  // Every test starts from prices the shop has not seen yet: what it read for the test before is too old by then.
  beforeEach(async () => {
    Object.assign(behaviour, { kraken: 'answers', coinbase: 'answers', bitstamp: 'answers' });
    await pastMaxAge();
  });
  afterAll(async () => {
    await shop?.close();
    await new Promise((resolve) => exchanges.close(resolve));
  });

  const newOrder = async (guest: request.Agent) =>
    (await guest.post('/api/orders').send({ customerEmail: 'grace@example.com', paymentMethod: 'bitcoin', shippingMethod: 'regular', shippingAddress: address, items: [{ productId, quantity: 1 }] }).expect(201)).body as { id: number };
  const quote = (guest: request.Agent, orderId: number) => guest.post('/api/payments/crypto').send({ orderId, paymentMethod: 'bitcoin' });
  const payBitcoin = async () => {
    const guest = shop.agent();
    return (await quote(guest, (await newOrder(guest)).id).expect(201)).body as PaymentView;
  };

  it('quotes at the median of three fresh sources, and records the quote on the payment stream', async () => {
    const payment = await payBitcoin();
    // BTC: the middle of 112598.1, 112611.005 and 112640; AUD: halfway between 0.6512 and 0.6508.
    const cryptoAmount = quoteCryptoAmount(TOTAL, '0.651', '112611.005', 6);
    expect(cryptoAmount).toBe('0.000867');
    expect(payment).toMatchObject({ cryptoAmount, cryptoAmountUnits: '86700', rateSources: ['bitstamp', 'coinbase', 'kraken'] });
    const minutesLeft = (Date.parse(payment.expiresAt) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(14.9);
    expect(minutesLeft).toBeLessThanOrEqual(15);

    const [initiated] = await shop.app.get<EventStore>(EVENT_STORE).readStream(`payment-${payment.id}`);
    expect(initiated.type).toBe('PaymentInitiated');
    expect(initiated.data).toMatchObject({
      usdPerAud: '0.651',
      coinPriceUsd: '112611.005',
      cryptoAmount,
      cryptoAmountUnits: '86700',
      walletAddress: payment.walletAddress,
      addressDerivation: payment.addressDerivation!,
      expiresAt: payment.expiresAt,
      rateSources: ['bitstamp', 'coinbase', 'kraken'],
    } satisfies Partial<PaymentInitiated['data']>);
    const audit = (await admin.get('/api/admin/audit').query({ stream: `payment-${payment.id}` }).expect(200)).body;
    expect(JSON.stringify(audit)).toContain('at 112611.005 USD/BTC, rates from bitstamp, coinbase, kraken');
  });

  it('quotes PromptPay at the live AUD rate and the spec\'s fixed baht price (no exchange quotes THB), and says so in its sources', async () => {
    const guest = shop.agent();
    const order = await newOrder(guest);
    const payment = (await guest.post('/api/payments/crypto').send({ orderId: order.id, paymentMethod: 'promptpay' }).expect(201)).body as PaymentView;
    // AUD halfway between Kraken's 0.6512 and Coinbase's 0.6508 (Bitstamp lists no AUD); the baht at USD 0.0286.
    expect(payment).toMatchObject({ coin: 'THB', cryptoAmount: quoteCryptoAmount(TOTAL, '0.651', '0.0286', 2), rateSources: ['coinbase', 'fixed THB', 'kraken'] });
  });

  it('still quotes with one source down, from the others', async () => {
    behaviour.kraken = 'down';
    const payment = await payBitcoin();
    expect(payment.rateSources).toEqual(['bitstamp', 'coinbase']);
    // BTC halfway between 112611.005 and 112640; AUD from Coinbase alone, the one other source that lists it.
    expect(payment.cryptoAmount).toBe(quoteCryptoAmount(TOTAL, '0.6508', '112625.5025', 6));
  });

  it('leaves out a source whose price is older than the maximum age', async () => {
    behaviour.bitstamp = 'stale';
    const payment = await payBitcoin();
    expect(payment.rateSources).toEqual(['coinbase', 'kraken']);
    expect(payment.cryptoAmount).toBe(quoteCryptoAmount(TOTAL, '0.651', '112604.5525', 6));
  });

  it('ignores a malformed answer', async () => {
    behaviour.coinbase = 'malformed';
    const payment = await payBitcoin();
    expect(payment.rateSources).toEqual(['bitstamp', 'kraken']);
    expect(payment.cryptoAmount).toBe(quoteCryptoAmount(TOTAL, '0.6512', '112619.05', 6));
  });

  it('refuses to quote, with a 503 and a message, when too few sources have a fresh price; no payment is made and no address used', async () => {
    const guest = shop.agent();
    const order = await newOrder(guest);
    const before = await payBitcoin();

    behaviour.kraken = 'down';
    behaviour.bitstamp = 'stale';
    await pastMaxAge();
    const tooFew = await quote(guest, order.id).expect(503);
    expect(tooFew.body).toEqual({ message: expect.stringMatching(/^We cannot quote BTC right now: live exchange rates are unavailable \(1 of the 2 sources needed gave BTC prices in the last 2 s\)/) });

    Object.assign(behaviour, { kraken: 'down', coinbase: 'down', bitstamp: 'down' });
    await pastMaxAge();
    expect((await quote(guest, order.id).expect(503)).body.message).toMatch(/live exchange rates are unavailable/);

    const payments = (await admin.get('/api/admin/payments').expect(200)).body as PaymentView[];
    expect(payments.filter((payment) => payment.orderId === order.id)).toEqual([]);
    Object.assign(behaviour, { kraken: 'answers', coinbase: 'answers', bitstamp: 'answers' });
    await pastMaxAge();
    const after = (await quote(guest, order.id).expect(201)).body as PaymentView;
    expect(after.addressDerivation!.index).toBe(before.addressDerivation!.index + 1);
  });

  it('keeps quoting from prices seen within the maximum age while every source is down, and stops once they are older', async () => {
    const guest = shop.agent();
    const order = await newOrder(guest);
    const other = shop.agent();
    const late = await newOrder(other);
    // The orders first: only the quote lies between reading the prices and reusing them within the short maximum age.
    await payBitcoin();
    Object.assign(behaviour, { kraken: 'down', coinbase: 'down', bitstamp: 'down' });
    await quote(guest, order.id).expect(201);
    await pastMaxAge();
    await quote(other, late.id).expect(503);
  });

  it('holds a quote for 15 minutes; asked again after that, it makes a new payment at the rates of the moment', async () => {
    const guest = shop.agent();
    const order = await newOrder(guest);
    const first = (await quote(guest, order.id).expect(201)).body as PaymentView;
    expect((await quote(guest, order.id).expect(201)).body.id).toBe(first.id);

    jest.useFakeTimers({ doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'], advanceTimers: true });
    try {
      jest.setSystemTime(Date.now() + 15 * 60_000 + 1000);
      behaviour.kraken = 'down';
      const second = (await quote(guest, order.id).expect(201)).body as PaymentView;
      expect(second.id).not.toBe(first.id);
      expect(second.rateSources).toEqual(['bitstamp', 'coinbase']);
      expect(second.walletAddress).not.toBe(first.walletAddress);
      expect((await guest.get(`/api/payments/${first.id}/status`).expect(200)).body).toMatchObject({ status: 'failed', failureReason: `Quote expired: the shopper asked again for a new quote (payment #${second.id})` });
    } finally {
      jest.useRealTimers();
    }
  });

  it('tells the admin that rates are live, from which sources, and how fresh they must be', async () => {
    expect((await admin.get('/api/admin/payments/settings').expect(200)).body).toMatchObject({
      addressMode: 'xpub',
      coins: { bitcoin: 'derived', ethereum: 'fixed' },
      rates: { mode: 'live', sources: ['kraken', 'coinbase', 'bitstamp'], minSources: { BTC: 2, ETH: 2, USDT: 2, USDC: 2, AUD: 1 }, maxAgeSeconds: 2, quoteMinutes: 15 },
    });
  });
});
