import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import request from 'supertest';
import { OrderSupervisor } from '../../backend/src/ordering/processes/order-supervisor';
import { deriveAddress, parseAccountKey } from '../../backend/src/payments/domain/hd-addresses';
import { PaymentView } from '../../backend/src/payments/contract/payment.views';
import { ChainWatch } from '../../backend/src/payments/processes/chain-watch.process';
import { ProjectionRunner } from '../../projections/runner/projection-runner';
import { FakeEsplora, startFakeEsplora } from '../support/fake-esplora';
import { signInAsAdmin, startTestApp, TestApp } from '../support/test-app';
import { eventually } from '../support/eventually';

/** The merchant's BIP84 account key, from the fixed test mnemonic the Esplora watcher's spec derives it from. */
const MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const ZPUB = HDKey.fromMasterSeed(mnemonicToSeedSync(MNEMONIC), { private: 0x04b2430c, public: 0x04b24746 }).derive("m/84'/0'/0'").publicExtendedKey;
const REQUIRED = 2;
const GRACE_MINUTES = 60;
const address = { firstName: 'Satoshi', lastName: 'Nakamoto', phone: '0412345678', address: '1 Genesis St', city: 'Perth', state: 'WA', postalCode: '6000' };

type OrderBody = { id: number; status: string; paymentStatus: string; paymentDueBy: string; blockchainTxHash: string | null; cancellationReason: string | null; paymentReversal?: unknown };

describe('Payments API: Bitcoin through the whole shop (fake Esplora, really signed transactions)', () => {
  let esplora: FakeEsplora;
  let shop: TestApp;
  let admin: request.Agent;
  let productId: number;

  beforeAll(async () => {
    esplora = await startFakeEsplora(850_000);
    shop = await startTestApp({ env: { BTC_XPUB: ZPUB, BTC_ESPLORA_URL: esplora.url, CHAIN_POLL_SECONDS: '1', CONFIRMATIONS_BTC: String(REQUIRED), CHAIN_WATCH_GRACE_MINUTES: String(GRACE_MINUTES) } });
    admin = shop.agent();
    await signInAsAdmin(admin);
    productId = (await admin.post('/api/admin/products').send({ name: 'Bitcoin Test Peptide', sku: 'BTC-1', price: '150.00', stock: 1000 }).expect(201)).body.id;
  }, 60_000);
  afterAll(async () => {
    await shop?.close();
    await esplora?.close();
  });

  const placeAndQuote = async () => {
    const guest = shop.agent();
    const order = (await guest.post('/api/orders').send({ customerEmail: 'satoshi@example.com', paymentMethod: 'bitcoin', shippingMethod: 'regular', shippingAddress: address, items: [{ productId, quantity: 1 }] }).expect(201)).body as OrderBody;
    const payment = (await guest.post('/api/payments/crypto').send({ orderId: order.id, paymentMethod: 'bitcoin' }).expect(201)).body as PaymentView;
    return { guest, order, payment, sats: BigInt(payment.cryptoAmountUnits!) };
  };
  /** One poll of the watcher now, then the read models caught up: what the next page poll shows. */
  const poll = async () => {
    const outcome = await shop.app.get(ChainWatch).poll('bitcoin');
    await shop.app.get(ProjectionRunner).catchUp();
    return outcome;
  };
  const sweepAt = async (at: number) => {
    const outcome = await shop.app.get(OrderSupervisor).sweep(0, new Date(at));
    await shop.app.get(ProjectionRunner).catchUp();
    return outcome;
  };
  const status = async (guest: request.Agent, paymentId: number) => (await guest.get(`/api/payments/${paymentId}/status`).expect(200)).body as PaymentView;
  const orderOf = async (guest: request.Agent, orderId: number) => (await guest.get(`/api/orders/${orderId}`).expect(200)).body as OrderBody;
  const orderTrail = async (orderId: number) => JSON.stringify((await admin.get('/api/admin/audit').query({ stream: `order-${orderId}` }).expect(200)).body);

  it('quotes each Bitcoin order at its own BIP84 address of the merchant\'s key, watched with the policy\'s confirmations', async () => {
    const settings = (await admin.get('/api/admin/payments/settings').expect(200)).body;
    expect(settings.confirmation.bitcoin).toEqual({ mode: 'watched', confirmations: REQUIRED });
    const first = await placeAndQuote();
    const second = await placeAndQuote();
    const account = parseAccountKey('btc', ZPUB);
    for (const { payment } of [first, second]) {
      const index = payment.addressDerivation!.index;
      expect(payment.addressDerivation!.path).toBe(`m/84'/0'/0'/0/${index}`);
      expect(payment.walletAddress).toBe(deriveAddress(account, index).address);
      expect(payment.paymentUri).toBe(`bitcoin:${payment.walletAddress}?amount=${payment.cryptoAmount}`);
      expect(payment).toMatchObject({ watched: true, fromHeight: esplora.chain.tipHeight, settlement: { state: 'awaiting', confirmationsRequired: REQUIRED } });
    }
    expect(second.payment.walletAddress).not.toBe(first.payment.walletAddress);
  });

  it('sees a payment in the mempool (0 confirmations), holds the order past its payment window, and pays it after 2 blocks without an admin', async () => {
    const { guest, order, payment, sats } = await placeAndQuote();
    const txid = esplora.chain.pay({ address: payment.walletAddress, sats });
    await poll();
    const detected = await status(guest, payment.id);
    expect(detected).toMatchObject({ status: 'pending', settlement: { state: 'detected', confirmations: 0, confirmationsRequired: REQUIRED, receivedUnits: String(sats), amountDueUnits: '0' } });
    expect(detected.transfers).toEqual([expect.objectContaining({ transferId: `${txid}:0`, transactionHash: txid, amountUnits: String(sats), blockHeight: null, confirmations: 0, droppedAt: null })]);

    // The payment window ends while the money waits for its blocks: the expiry is deferred, not the stock released.
    const due = Date.parse(order.paymentDueBy);
    await sweepAt(due + 1000);
    expect(await orderOf(guest, order.id)).toMatchObject({ status: 'pending', paymentStatus: 'pending', cancellationReason: null });
    const trail = await orderTrail(order.id);
    expect(trail).toContain('Expiry deferred until');
    expect(trail).toContain(`payment #${payment.id} was seen on the chain and waits for its confirmations (0 of ${REQUIRED})`);
    // Asked again, nothing more is recorded.
    await sweepAt(due + 2000);
    expect((await orderTrail(order.id)).split('Expiry deferred').length).toBe(2);

    esplora.chain.mine(1);
    await poll();
    expect((await status(guest, payment.id)).settlement).toMatchObject({ state: 'detected', confirmations: 1 });
    esplora.chain.mine(1);
    // The watch's own timer (CHAIN_POLL_SECONDS=1) settles it: nobody asks.
    await eventually(async () => expect((await status(guest, payment.id)).status).toBe('confirmed'));
    expect(await status(guest, payment.id)).toMatchObject({ blockchainTxHash: txid, settlement: { state: 'confirmed', confirmations: REQUIRED } });
    expect(await orderOf(guest, order.id)).toMatchObject({ status: 'processing', paymentStatus: 'confirmed', blockchainTxHash: txid });
  });

  it('shows an underpayment with the rest due and a BIP21 URI for it; a top-up confirms', async () => {
    const { guest, order, payment, sats } = await placeAndQuote();
    const short = 2_500n;
    esplora.chain.pay({ address: payment.walletAddress, sats: sats - short });
    esplora.chain.mine(REQUIRED);
    await poll();
    const underpaid = await status(guest, payment.id);
    expect(underpaid).toMatchObject({ status: 'pending', amountDue: '0.000025', settlement: { state: 'underpaid', amountDueUnits: String(short), confirmedUnits: String(sats - short) } });
    expect(underpaid.remainderUri).toBe(`bitcoin:${payment.walletAddress}?amount=0.000025`);
    expect(await orderOf(guest, order.id)).toMatchObject({ status: 'pending', paymentStatus: 'pending' });

    const topUp = esplora.chain.pay({ address: payment.walletAddress, sats: short });
    await poll();
    expect((await status(guest, payment.id)).settlement).toMatchObject({ state: 'detected', amountDueUnits: '0', confirmations: 0 });
    esplora.chain.mine(REQUIRED);
    await poll();
    const paid = await status(guest, payment.id);
    expect(paid).toMatchObject({ status: 'confirmed', blockchainTxHash: topUp, remainderUri: null, settlement: { state: 'confirmed', receivedUnits: String(sats) } });
    expect(paid.transfers).toHaveLength(2);
    expect(await orderOf(guest, order.id)).toMatchObject({ status: 'processing', paymentStatus: 'confirmed' });
  });

  it('takes a payment back when a reorg leaves its transaction unmined (detected again, the order awaiting payment), and pays again when mined', async () => {
    const { guest, order, payment, sats } = await placeAndQuote();
    const txid = esplora.chain.pay({ address: payment.walletAddress, sats });
    esplora.chain.mine(REQUIRED);
    await poll();
    expect(await orderOf(guest, order.id)).toMatchObject({ status: 'processing', paymentStatus: 'confirmed' });

    esplora.chain.reorg(REQUIRED, [], [txid]);
    await poll();
    const reorged = await status(guest, payment.id);
    expect(reorged).toMatchObject({ status: 'pending', settlement: { state: 'detected', confirmations: 0 } });
    expect(reorged.transfers[0]).toMatchObject({ transactionHash: txid, blockHeight: null, confirmations: 0 });
    expect(JSON.stringify((await admin.get('/api/admin/audit').query({ stream: `payment-${payment.id}` }).expect(200)).body)).toContain('Confirmation undone');
    await sweepAt(Date.now());
    expect(await orderOf(guest, order.id)).toMatchObject({ status: 'pending', paymentStatus: 'pending', blockchainTxHash: null, paymentReversal: { paymentId: payment.id, flagged: false } });
    expect(await orderTrail(order.id)).toContain(`Payment #${payment.id} reversed`);

    esplora.chain.mine(REQUIRED);
    await poll();
    expect(await orderOf(guest, order.id)).toMatchObject({ status: 'processing', paymentStatus: 'confirmed', blockchainTxHash: txid, paymentReversal: null });
  });

  it('takes a payment back when a reorg drops its transaction (double-spent): awaiting, and the order awaits payment again', async () => {
    const { guest, order, payment, sats } = await placeAndQuote();
    const txid = esplora.chain.pay({ address: payment.walletAddress, sats });
    esplora.chain.mine(REQUIRED);
    await poll();
    expect((await status(guest, payment.id)).status).toBe('confirmed');

    esplora.chain.reorg(REQUIRED, [txid]);
    await poll();
    const reorged = await status(guest, payment.id);
    expect(reorged).toMatchObject({ status: 'pending', settlement: { state: 'awaiting', receivedUnits: '0' } });
    expect(reorged.transfers[0].droppedAt).not.toBeNull();
    await sweepAt(Date.now());
    expect(await orderOf(guest, order.id)).toMatchObject({ status: 'pending', paymentStatus: 'pending', paymentReversal: { paymentId: payment.id } });
    // The money that left the chain may come back: the order is held past its window within the watch's grace too.
    await sweepAt(Date.parse(order.paymentDueBy) + 1000);
    expect(await orderOf(guest, order.id)).toMatchObject({ status: 'pending' });
    expect(await orderTrail(order.id)).toContain('left the chain (a reorganisation) and may be mined again');
  });

  it('expires an order whose payment is still unconfirmed when the watch\'s grace after its window ends', async () => {
    const { guest, order, payment, sats } = await placeAndQuote();
    esplora.chain.pay({ address: payment.walletAddress, sats });
    await poll();
    expect((await status(guest, payment.id)).settlement.state).toBe('detected');
    const due = Date.parse(order.paymentDueBy);
    await sweepAt(due + 1000);
    expect((await orderOf(guest, order.id)).status).toBe('pending');
    await sweepAt(due + GRACE_MINUTES * 60_000 + 1000);
    expect(await orderOf(guest, order.id)).toMatchObject({ status: 'cancelled', cancellationReason: expect.stringContaining("not confirmed within the watch's grace") });
  });
});
