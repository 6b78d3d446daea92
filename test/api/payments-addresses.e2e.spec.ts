import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import request from 'supertest';
import { receivingAddressStream } from '../../backend/src/payments/contract/payment.events';
import { PaymentView } from '../../backend/src/payments/contract/payment.views';
import { deriveAddress, parseAccountKey } from '../../backend/src/payments/domain/hd-addresses';
import { systemContext } from '../../backend/src/shared/event-sourcing/command-context';
import { SEQUENCES_COLLECTION } from '../../backend/src/shared/event-sourcing/id-allocator';
import { StreamExecutor } from '../../backend/src/shared/event-sourcing/stream-executor';
import { READ_STORE, ReadStore } from '../../backend/src/storage/read-store/read-store.port';
import { signInAsAdmin, startTestApp, TestApp } from '../support/test-app';

/** The published BIP84 / BIP44 test-vector wallet: its account keys are all the shop is given. */
const master = HDKey.fromMasterSeed(mnemonicToSeedSync('abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about'));
const XPUBS = {
  BTC_XPUB: 'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs',
  ETH_XPUB: master.derive("m/44'/60'/0'").publicExtendedKey,
  TRON_XPUB: master.derive("m/44'/195'/0'").publicExtendedKey,
};
const btcAccount = parseAccountKey('btc', XPUBS.BTC_XPUB);
const bitcoinAddressAt = (index: number) => deriveAddress(btcAccount, index).address;

const address = { firstName: 'Satoshi', lastName: 'Nakamoto', phone: '0412345678', address: '1 Chain St', city: 'Brisbane', state: 'QLD', postalCode: '4000' };

describe('Payments API: an address per payment from extended public keys', () => {
  let shop: TestApp;
  let admin: request.Agent;
  let productId: number;

  beforeAll(async () => {
    shop = await startTestApp({ env: XPUBS });
    admin = shop.agent();
    await signInAsAdmin(admin);
    productId = (await admin.post('/api/admin/products').send({ name: 'Address Test Peptide', sku: 'ADDR-1', price: '150.00', stock: 1000 }).expect(201)).body.id;
  });
  afterAll(async () => {
    await shop.close();
  });

  const pay = async (method: string): Promise<PaymentView> => {
    const guest = shop.agent();
    const order = (await guest.post('/api/orders').send({ customerEmail: 'satoshi@example.com', paymentMethod: method, shippingMethod: 'regular', shippingAddress: address, items: [{ productId, quantity: 1 }] }).expect(201)).body;
    return (await guest.post('/api/payments/crypto').send({ orderId: order.id, paymentMethod: method }).expect(201)).body;
  };

  it('gives each Bitcoin payment the next receiving address of the zpub: the published BIP84 addresses first', async () => {
    const first = await pay('bitcoin');
    const second = await pay('bitcoin');
    expect(first.walletAddress).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(second.walletAddress).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g');
    expect(first.addressDerivation).toEqual({ xpubFingerprint: btcAccount.fingerprint, path: "m/84'/0'/0'/0/0", index: 0 });
    expect(second.addressDerivation).toMatchObject({ path: "m/84'/0'/0'/0/1", index: 1 });
    expect(second.paymentUri).toBe(`bitcoin:${second.walletAddress}?amount=${second.cryptoAmount}`);
    // A$150 x 0.65 / 112611 = 0.00086581… BTC, quoted as 0.000866 BTC = 86,600 satoshi.
    expect(second).toMatchObject({ cryptoAmount: '0.000866', cryptoAmountUnits: '86600' });
  });

  it('pays Ether, USDT-ERC20 and USDC to consecutive addresses of the one Ethereum account, and USDT-TRC20 to the Tron account', async () => {
    const ether = await pay('ethereum');
    const usdt = await pay('usdt-erc20');
    const usdc = await pay('usdc');
    expect(ether.walletAddress).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    expect([ether, usdt, usdc].map((payment) => payment.addressDerivation!.path)).toEqual(["m/44'/60'/0'/0/0", "m/44'/60'/0'/0/1", "m/44'/60'/0'/0/2"]);
    expect(new Set([ether.walletAddress, usdt.walletAddress, usdc.walletAddress]).size).toBe(3);
    expect(usdc.paymentUri).toBe(`ethereum:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48@1/transfer?address=${usdc.walletAddress}&uint256=${usdc.cryptoAmountUnits}`);
    expect(ether.paymentUri).toBe(`ethereum:${ether.walletAddress}@1?value=${ether.cryptoAmountUnits}`);
    const tron = await pay('usdt-trc20');
    expect(tron.walletAddress).toBe('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH');
    expect(tron.addressDerivation!.path).toBe("m/44'/195'/0'/0/0");
  });

  it('shows the derivation in the payment\'s audit trail and tells the admin the addresses are derived', async () => {
    const payment = await pay('bitcoin');
    const audit = (await admin.get('/api/admin/audit').query({ stream: `payment-${payment.id}` }).expect(200)).body;
    expect(JSON.stringify(audit)).toContain(`to ${payment.walletAddress} (derived at ${payment.addressDerivation!.path} of key ${btcAccount.fingerprint})`);
    const settings = (await admin.get('/api/admin/payments/settings').expect(200)).body;
    expect(settings).toMatchObject({
      addressMode: 'xpub',
      coins: { bitcoin: 'derived', ethereum: 'derived', 'usdt-erc20': 'derived', usdc: 'derived', 'usdt-trc20': 'derived' },
      rates: { mode: 'fixed', quoteMinutes: 15 },
    });
    expect(settings.accounts).toContainEqual({ family: 'btc', xpubFingerprint: btcAccount.fingerprint, accountPath: "m/84'/0'/0'" });
  });

  it('never gives two concurrent payments the same index', async () => {
    const payments = await Promise.all(Array.from({ length: 8 }, () => pay('bitcoin')));
    const indices = payments.map((payment) => payment.addressDerivation!.index).sort((a, b) => a - b);
    expect(new Set(indices).size).toBe(8);
    expect(indices[7] - indices[0]).toBe(7);
    for (const payment of payments) expect(payment.walletAddress).toBe(bitcoinAddressAt(payment.addressDerivation!.index));
  });

  it('never reuses an index when the counter is behind the log, as for another instance or a lost read store', async () => {
    const before = await pay('bitcoin');
    await shop.app.get<ReadStore>(READ_STORE).collection(SEQUENCES_COLLECTION).updateOne({ _id: `address-btc-${btcAccount.fingerprint}` }, { $set: { value: 0 } });
    const after = await pay('bitcoin');
    expect(after.addressDerivation!.index).toBe(before.addressDerivation!.index + 1);
  });

  it('skips, never reuses, an index whose claim was interrupted before its payment was recorded', async () => {
    const before = await pay('bitcoin');
    const orphan = before.addressDerivation!.index + 1;
    // What a crash between claiming the index and starting the payment leaves behind: the claim alone.
    const { address: orphanAddress, derivation } = deriveAddress(btcAccount, orphan);
    await shop.app.get(StreamExecutor).start(receivingAddressStream('btc', btcAccount.fingerprint, orphan), [{ type: 'ReceivingAddressClaimed', version: 1, data: { family: 'btc', ...derivation, address: orphanAddress } }], systemContext());
    const after = await pay('bitcoin');
    expect(after.addressDerivation!.index).toBe(orphan + 1);
  });

  it('goes on from the next index after a restart on the same data, with no address given twice', async () => {
    const before = await pay('bitcoin');
    await shop.stop();
    shop = await startTestApp({ dataDir: shop.dataDir, env: XPUBS });
    admin = shop.agent();
    await signInAsAdmin(admin);
    const after = await pay('bitcoin');
    expect(after.addressDerivation!.index).toBe(before.addressDerivation!.index + 1);
    const all = ((await admin.get('/api/admin/payments').expect(200)).body as PaymentView[]).filter((payment) => payment.paymentMethod === 'bitcoin');
    expect(new Set(all.map((payment) => payment.walletAddress)).size).toBe(all.length);
  });
});

describe('Payments API: without extended public keys (the embedded demo)', () => {
  let shop: TestApp;

  beforeAll(async () => {
    shop = await startTestApp();
  });
  afterAll(async () => {
    await shop.close();
  });

  it('keeps the fixed addresses, and says so to the admin', async () => {
    const admin = shop.agent();
    await signInAsAdmin(admin);
    const productId = (await admin.post('/api/admin/products').send({ name: 'Fixed Address Peptide', sku: 'ADDR-2', price: '150.00', stock: 10 }).expect(201)).body.id;
    const guest = shop.agent();
    const order = (await guest.post('/api/orders').send({ customerEmail: 'demo@example.com', paymentMethod: 'ethereum', shippingMethod: 'regular', shippingAddress: address, items: [{ productId, quantity: 1 }] }).expect(201)).body;
    const payment = (await guest.post('/api/payments/crypto').send({ orderId: order.id, paymentMethod: 'ethereum' }).expect(201)).body as PaymentView;
    expect(payment.walletAddress).toBe((await guest.get('/api/wallet-addresses').expect(200)).body.ethereum);
    expect(payment).toMatchObject({ addressDerivation: null, rateSources: ['fixed'], cryptoAmountUnits: '22700000000000000' });
    expect((await admin.get('/api/admin/payments/settings').expect(200)).body).toEqual({
      addressMode: 'fixed',
      coins: { bitcoin: 'fixed', ethereum: 'fixed', 'usdt-trc20': 'fixed', 'usdt-erc20': 'fixed', usdc: 'fixed', promptpay: 'fixed' },
      accounts: [],
      rates: { mode: 'fixed', sources: ['fixed'], minSources: null, maxAgeSeconds: null, quoteMinutes: 15 },
      // Without a node to ask, every payment is confirmed by hand.
      confirmation: Object.fromEntries(['bitcoin', 'ethereum', 'usdt-trc20', 'usdt-erc20', 'usdc', 'promptpay'].map((method) => [method, { mode: 'manual', confirmations: null }])),
      chain: { pollSeconds: 15, graceMinutes: 60, tokenContracts: { 'usdt-erc20': '0xdAC17F958D2ee523a2206206994597C13D831ec7', usdc: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' } },
    });
  });
});
