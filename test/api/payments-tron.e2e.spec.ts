import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import request from 'supertest';
import { deriveAddress, parseAccountKey } from '../../backend/src/payments/domain/hd-addresses';
import { PaymentView } from '../../backend/src/payments/contract/payment.views';
import { ChainWatch } from '../../backend/src/payments/processes/chain-watch.process';
import { ProjectionRunner } from '../../projections/runner/projection-runner';
import { FakeTronGrid, startFakeTronGrid } from '../support/fake-trongrid';
import { signInAsAdmin, startTestApp, TestApp } from '../support/test-app';
import { eventually } from '../support/eventually';

/** The merchant's Tron account key (m/44'/195'/0'), from a fixed test mnemonic. */
const MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const TRON_XPUB = HDKey.fromMasterSeed(mnemonicToSeedSync(MNEMONIC)).derive("m/44'/195'/0'").publicExtendedKey;
const REQUIRED = 3;
const address = { firstName: 'Justin', lastName: 'Sun', phone: '0412345678', address: '1 Energy St', city: 'Darwin', state: 'NT', postalCode: '0800' };

describe('Payments API: USDT-TRC20 through the whole shop (fake TronGrid)', () => {
  let trongrid: FakeTronGrid;
  let shop: TestApp;
  let admin: request.Agent;
  let productId: number;

  beforeAll(async () => {
    trongrid = await startFakeTronGrid();
    shop = await startTestApp({ env: { TRON_XPUB, TRON_API_URL: trongrid.url, CHAIN_POLL_SECONDS: '1', CONFIRMATIONS_TRC20: String(REQUIRED), EXPLORER_TRON_TX: 'https://tronscan.test/#/transaction/' } });
    admin = shop.agent();
    await signInAsAdmin(admin);
    productId = (await admin.post('/api/admin/products').send({ name: 'Tron Test Peptide', sku: 'TRX-1', price: '150.00', stock: 1000 }).expect(201)).body.id;
  }, 60_000);
  afterAll(async () => {
    await shop?.close();
    await trongrid?.close();
  });

  const poll = async () => {
    const outcome = await shop.app.get(ChainWatch).poll('tron');
    await shop.app.get(ProjectionRunner).catchUp();
    return outcome;
  };
  const status = async (guest: request.Agent, paymentId: number) => (await guest.get(`/api/payments/${paymentId}/status`).expect(200)).body as PaymentView;

  it('confirms a USDT-TRC20 payment to the order\'s derived address after the policy\'s blocks, and the order is paid without an admin', async () => {
    const settings = (await admin.get('/api/admin/payments/settings').expect(200)).body;
    expect(settings.confirmation['usdt-trc20']).toEqual({ mode: 'watched', confirmations: REQUIRED });
    const guest = shop.agent();
    const order = (await guest.post('/api/orders').send({ customerEmail: 'justin@example.com', paymentMethod: 'usdt-trc20', shippingMethod: 'regular', shippingAddress: address, items: [{ productId, quantity: 1 }] }).expect(201)).body as { id: number };
    const payment = (await guest.post('/api/payments/crypto').send({ orderId: order.id, paymentMethod: 'usdt-trc20' }).expect(201)).body as PaymentView;
    const index = payment.addressDerivation!.index;
    expect(payment.addressDerivation!.path).toBe(`m/44'/195'/0'/0/${index}`);
    expect(payment.walletAddress).toBe(deriveAddress(parseAccountKey('tron', TRON_XPUB), index).address);
    expect(payment.walletAddress).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(payment).toMatchObject({ watched: true, fromHeight: trongrid.chain.tipHeight, settlement: { state: 'awaiting', confirmationsRequired: REQUIRED } });

    const units = BigInt(payment.cryptoAmountUnits!);
    const txid = trongrid.chain.transfer(payment.walletAddress, units);
    // Broadcast, in no block yet: the node has no receipt, so nothing is recorded.
    await poll();
    expect((await status(guest, payment.id)).settlement.state).toBe('awaiting');

    trongrid.chain.mine(1);
    await poll();
    const detected = await status(guest, payment.id);
    expect(detected).toMatchObject({ status: 'pending', settlement: { state: 'detected', confirmations: 1, confirmationsRequired: REQUIRED, receivedUnits: String(units) } });
    expect(detected.transfers).toEqual([expect.objectContaining({ transferId: `${txid}:0`, transactionHash: txid, amountUnits: String(units), explorerUrl: `https://tronscan.test/#/transaction/${txid}` })]);

    trongrid.chain.mine(REQUIRED - 1);
    // The watch's own timer (CHAIN_POLL_SECONDS=1) settles it.
    await eventually(async () => expect((await status(guest, payment.id)).status).toBe('confirmed'));
    expect(await status(guest, payment.id)).toMatchObject({ blockchainTxHash: txid, settlement: { state: 'confirmed', confirmations: REQUIRED } });
    expect((await guest.get(`/api/orders/${order.id}`).expect(200)).body).toMatchObject({ status: 'processing', paymentStatus: 'confirmed', blockchainTxHash: txid });
  });
});
