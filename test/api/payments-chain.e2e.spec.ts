import request from 'supertest';
import { DEMO_ADMIN } from '../../backend/src/demo/demo-data.seeder';
import { ProjectionRunner } from '../../projections/runner/projection-runner';
import { PaymentView } from '../../backend/src/payments/contract/payment.views';
import { PAYMENTS_CLOCK, PaymentsClock } from '../../backend/src/payments/payments-clock';
import { ChainWatch } from '../../backend/src/payments/processes/chain-watch.process';
import { OrderSupervisor } from '../../backend/src/ordering/processes/order-supervisor';
import { EvmDevnet, startEvmDevnet, testEthXpub } from '../support/evm-devnet';
import { signInAsAdmin, startTestApp, TestApp } from '../support/test-app';
import { eventually } from '../support/eventually';

const address = { firstName: 'Vitalik', lastName: 'Buterin', phone: '0412345678', address: '1 Block St', city: 'Brisbane', state: 'QLD', postalCode: '4000' };
const REQUIRED = 3;

describe('Payments API: the chain settles Ether and ERC-20 payments (anvil devnet)', () => {
  let chain: EvmDevnet;
  let shop: TestApp;
  let admin: request.Agent;
  let productId: number;
  let usdt: `0x${string}`;
  let usdc: `0x${string}`;

  beforeAll(async () => {
    chain = await startEvmDevnet();
    usdt = await chain.deployToken('Tether USD (test)', 'USDT');
    usdc = await chain.deployToken('USD Coin (test)', 'USDC');
    shop = await startTestApp({
      env: { ETH_XPUB: testEthXpub(), ETH_RPC_URL: chain.rpcUrl, CONFIRMATIONS_ETH: String(REQUIRED), CHAIN_POLL_SECONDS: '1', USDT_ERC20_CONTRACT: usdt, USDC_CONTRACT: usdc, EXPLORER_ETHEREUM_TX: 'https://explorer.test/tx/' },
    });
    admin = shop.agent();
    await signInAsAdmin(admin);
    productId = (await admin.post('/api/admin/products').send({ name: 'Chain Test Peptide', sku: 'CHAIN-1', price: '150.00', stock: 1000 }).expect(201)).body.id;
  }, 60_000);
  afterAll(async () => {
    await shop?.close();
    await chain?.stop();
  });

  const pay = async (method: string) => {
    const guest = shop.agent();
    const order = (await guest.post('/api/orders').send({ customerEmail: 'vitalik@example.com', paymentMethod: method, shippingMethod: 'regular', shippingAddress: address, items: [{ productId, quantity: 1 }] }).expect(201)).body as { id: number };
    const payment = (await guest.post('/api/payments/crypto').send({ orderId: order.id, paymentMethod: method }).expect(201)).body as PaymentView;
    return { guest, order, payment };
  };
  /** One poll of the watcher now, then the read models caught up: what the next page poll shows. */
  const poll = async () => {
    const outcome = await shop.app.get(ChainWatch).poll('ethereum');
    await shop.app.get(ProjectionRunner).catchUp();
    return outcome;
  };
  const status = async (guest: request.Agent, paymentId: number) => (await guest.get(`/api/payments/${paymentId}/status`).expect(200)).body as PaymentView;
  const orderOf = async (guest: request.Agent, orderId: number) => (await guest.get(`/api/orders/${orderId}`).expect(200)).body as { status: string; paymentStatus: string; blockchainTxHash: string | null };

  it('tells the admin that Ether and ERC-20 payments are watched, and quotes at the chain\'s height with the configured token', async () => {
    const settings = (await admin.get('/api/admin/payments/settings').expect(200)).body;
    expect(settings.confirmation).toMatchObject({ ethereum: { mode: 'watched', confirmations: REQUIRED }, usdc: { mode: 'watched' }, bitcoin: { mode: 'manual', confirmations: null } });
    const before = await chain.height();
    const { payment } = await pay('usdc');
    // The chain's height when quoted (a block mined meanwhile may be in it).
    expect(payment.fromHeight).toBeGreaterThanOrEqual(before);
    expect(payment.fromHeight).toBeLessThanOrEqual(await chain.height());
    expect(payment).toMatchObject({ watched: true, settlement: { state: 'awaiting', confirmationsRequired: REQUIRED, amountDueUnits: payment.cryptoAmountUnits }, transfers: [] });
    expect(payment.paymentUri).toBe(`ethereum:${usdc}@1/transfer?address=${payment.walletAddress}&uint256=${payment.cryptoAmountUnits}`);
  });

  it('confirms an exact Ether payment after the policy\'s blocks, and the order is paid and processing without an admin', async () => {
    const { guest, order, payment } = await pay('ethereum');
    const hash = await chain.sendEther(chain.payers[1], payment.walletAddress, BigInt(payment.cryptoAmountUnits!));
    await poll();
    const detected = await status(guest, payment.id);
    expect(detected).toMatchObject({ status: 'pending', settlement: { state: 'detected', confirmations: 1, confirmationsRequired: REQUIRED, receivedUnits: payment.cryptoAmountUnits, amountDueUnits: '0' } });
    expect(detected.transfers).toEqual([expect.objectContaining({ transactionHash: hash, amountUnits: payment.cryptoAmountUnits, confirmations: 1, late: false, droppedAt: null, explorerUrl: `https://explorer.test/tx/${hash}` })]);
    expect((await poll()).confirmed).toEqual([]);

    await chain.mine(REQUIRED - 1);
    // The watch's own timer (CHAIN_POLL_SECONDS=1) settles it: nobody asks.
    await eventually(async () => expect((await status(guest, payment.id)).status).toBe('confirmed'));
    expect(await status(guest, payment.id)).toMatchObject({ settlement: { state: 'confirmed', confirmations: REQUIRED }, blockchainTxHash: hash });
    expect(await orderOf(guest, order.id)).toMatchObject({ paymentStatus: 'confirmed', status: 'processing', blockchainTxHash: hash });
    const audit = JSON.stringify((await admin.get('/api/admin/audit').query({ stream: `payment-${payment.id}` }).expect(200)).body);
    expect(audit).toContain(`Confirmed by chain watcher, transaction ${hash}`);
    // Polling again records nothing more: the confirmations are counted up to the policy only.
    await chain.mine(5);
    const before = (await admin.get('/api/admin/audit').query({ stream: `payment-${payment.id}` }).expect(200)).body;
    await poll();
    expect((await admin.get('/api/admin/audit').query({ stream: `payment-${payment.id}` }).expect(200)).body).toEqual(before);
  });

  it('shows an underpaid token payment with the rest due and a URI for it at the locked rate; a top-up confirms', async () => {
    const { guest, order, payment } = await pay('usdt-erc20');
    const due = BigInt(payment.cryptoAmountUnits!);
    await chain.sendToken(usdt, chain.payers[0], payment.walletAddress, due - 1_500_000n);
    await chain.mine(REQUIRED);
    await poll();
    const underpaid = await status(guest, payment.id);
    expect(underpaid).toMatchObject({ status: 'pending', amountDue: '1.5', settlement: { state: 'underpaid', amountDueUnits: '1500000', confirmedUnits: String(due - 1_500_000n) } });
    expect(underpaid.remainderUri).toBe(`ethereum:${usdt}@1/transfer?address=${payment.walletAddress}&uint256=1500000`);
    expect((await admin.get('/api/admin/payments').query({ settlement: 'underpaid' }).expect(200)).body.map((entry: PaymentView) => entry.id)).toContain(payment.id);
    await admin.get('/api/admin/payments').query({ settlement: 'nearly' }).expect(400);

    await chain.sendToken(usdt, chain.payers[0], payment.walletAddress, 1_500_000n);
    await poll();
    expect((await status(guest, payment.id)).settlement).toMatchObject({ state: 'detected', amountDueUnits: '0', confirmations: 1 });
    await chain.mine(REQUIRED);
    await poll();
    const paid = await status(guest, payment.id);
    expect(paid).toMatchObject({ status: 'confirmed', remainderUri: null, settlement: { state: 'confirmed', receivedUnits: String(due) } });
    expect(paid.transfers).toHaveLength(2);
    expect(await orderOf(guest, order.id)).toMatchObject({ paymentStatus: 'confirmed', status: 'processing' });
  });

  it('lets an admin accept an underpayment: the payment is confirmed with what arrived and the decision is on record', async () => {
    const { guest, order, payment } = await pay('usdc');
    await admin.post(`/api/admin/payments/${payment.id}/accept-underpayment`).send({ note: 'Too early' }).expect(409);
    await chain.sendToken(usdc, chain.payers[0], payment.walletAddress, BigInt(payment.cryptoAmountUnits!) - 10_000n);
    await chain.mine(REQUIRED);
    await poll();
    expect((await status(guest, payment.id)).settlement.state).toBe('underpaid');
    await guest.post(`/api/admin/payments/${payment.id}/accept-underpayment`).send({ note: 'One cent short: the exchange took a fee' }).expect(401);
    await admin.post(`/api/admin/payments/${payment.id}/accept-underpayment`).send({ note: ' ' }).expect(400);
    const accepted = (await admin.post(`/api/admin/payments/${payment.id}/accept-underpayment`).send({ note: 'One cent short: the exchange took a fee' }).expect(200)).body as PaymentView;
    expect(accepted).toMatchObject({ status: 'confirmed', settlement: { state: 'underpaid', amountDueUnits: '10000' } });
    expect(accepted.decisions).toEqual([expect.objectContaining({ kind: 'underpayment-accepted', note: 'One cent short: the exchange took a fee', decidedBy: `admin:${DEMO_ADMIN.email}` })]);
    expect(await orderOf(guest, order.id)).toMatchObject({ paymentStatus: 'confirmed', status: 'processing' });
    const audit = JSON.stringify((await admin.get('/api/admin/audit').query({ stream: `payment-${payment.id}` }).expect(200)).body);
    expect(audit).toContain(`Underpayment accepted by admin:${DEMO_ADMIN.email}`);
  });

  it('marks a payment seen after its quote expired as late, leaves it to an admin, who marks it paid', async () => {
    const { guest, order, payment } = await pay('ethereum');
    const clock = shop.app.get<PaymentsClock>(PAYMENTS_CLOCK);
    const now = jest.spyOn(clock, 'now').mockReturnValue(Date.parse(payment.expiresAt) + 60_000);
    try {
      const hash = await chain.sendEther(chain.payers[4], payment.walletAddress, BigInt(payment.cryptoAmountUnits!));
      await chain.mine(REQUIRED);
      await poll();
      const late = await status(guest, payment.id);
      expect(late).toMatchObject({ status: 'pending', settlement: { state: 'late', confirmations: REQUIRED } });
      expect(late.transfers[0]).toMatchObject({ transactionHash: hash, late: true });
      expect((await admin.get('/api/admin/payments').query({ settlement: 'late' }).expect(200)).body.map((entry: PaymentView) => entry.id)).toContain(payment.id);
      const paid = (await admin.post(`/api/admin/payments/${payment.id}/mark-paid`).send({ reason: 'Paid two minutes late at an unchanged rate' }).expect(200)).body as PaymentView;
      expect(paid).toMatchObject({ status: 'confirmed', blockchainTxHash: hash, decisions: [expect.objectContaining({ kind: 'marked-paid', transactionHash: hash })] });
      expect(await orderOf(guest, order.id)).toMatchObject({ paymentStatus: 'confirmed', status: 'processing' });
    } finally {
      now.mockRestore();
    }
  });

  it('un-confirms a payment whose transfer a reorganisation (evm_snapshot / evm_revert) takes off the chain, and sees it again when re-mined', async () => {
    const { guest, payment } = await pay('ethereum');
    const snapshot = await chain.snapshot();
    await chain.sendEther(chain.payers[5], payment.walletAddress, BigInt(payment.cryptoAmountUnits!));
    await chain.mine(REQUIRED);
    await poll();
    expect((await status(guest, payment.id)).status).toBe('confirmed');

    await chain.revert(snapshot);
    await chain.mine(REQUIRED + 1);
    await poll();
    const reorged = await status(guest, payment.id);
    expect(reorged).toMatchObject({ status: 'pending', settlement: { state: 'awaiting', receivedUnits: '0' } });
    expect(reorged.transfers[0].droppedAt).not.toBeNull();
    const audit = JSON.stringify((await admin.get('/api/admin/audit').query({ stream: `payment-${payment.id}` }).expect(200)).body);
    expect(audit).toContain('Confirmation undone');

    const again = await chain.sendEther(chain.payers[5], payment.walletAddress, BigInt(payment.cryptoAmountUnits!));
    await poll();
    expect(await status(guest, payment.id)).toMatchObject({ status: 'pending', settlement: { state: 'detected', confirmations: 1 } });
    await chain.mine(REQUIRED);
    await poll();
    expect(await status(guest, payment.id)).toMatchObject({ status: 'confirmed', blockchainTxHash: again });
  });

  it('shows an overpayment as paid and overpaid, and keeps an admin\'s refund note', async () => {
    const { guest, payment } = await pay('ethereum');
    await chain.sendEther(chain.payers[6], payment.walletAddress, BigInt(payment.cryptoAmountUnits!) + 10n ** 15n);
    await chain.mine(REQUIRED);
    await poll();
    expect(await status(guest, payment.id)).toMatchObject({ status: 'confirmed', settlement: { state: 'overpaid', overpaidUnits: String(10n ** 15n) } });
    const noted = (await admin.post(`/api/admin/payments/${payment.id}/refund-note`).send({ note: 'Refunded 0.001 ETH', transactionHash: 'c'.repeat(64) }).expect(200)).body as PaymentView;
    expect(noted.decisions).toEqual([expect.objectContaining({ kind: 'refund-noted', note: 'Refunded 0.001 ETH', transactionHash: 'c'.repeat(64) })]);
  });

  it('resumes after a restart from the streams: a payment detected before it is confirmed after', async () => {
    const { guest, payment } = await pay('ethereum');
    await chain.sendEther(chain.payers[7], payment.walletAddress, BigInt(payment.cryptoAmountUnits!));
    await poll();
    expect((await status(guest, payment.id)).settlement.state).toBe('detected');
    await shop.stop();
    await chain.mine(REQUIRED);
    shop = await startTestApp({ dataDir: shop.dataDir, env: { ETH_XPUB: testEthXpub(), ETH_RPC_URL: chain.rpcUrl, CONFIRMATIONS_ETH: String(REQUIRED), USDT_ERC20_CONTRACT: usdt, USDC_CONTRACT: usdc } });
    await poll();
    admin = shop.agent();
    await signInAsAdmin(admin);
    const after = (await admin.get('/api/admin/payments').expect(200)).body as PaymentView[];
    expect(after.find((entry) => entry.id === payment.id)).toMatchObject({ status: 'confirmed', transfers: [expect.objectContaining({ confirmations: REQUIRED })] });
  });

  it('takes a reorganised payment back from its orders: awaiting payment again unless shipped (then flagged), and pays them again when re-mined', async () => {
    const kept = await pay('ethereum');
    const sent = await pay('ethereum');
    const snapshot = await chain.snapshot();
    await chain.sendEther(chain.payers[8], kept.payment.walletAddress, BigInt(kept.payment.cryptoAmountUnits!));
    await chain.sendEther(chain.payers[9], sent.payment.walletAddress, BigInt(sent.payment.cryptoAmountUnits!));
    await chain.mine(REQUIRED);
    await poll();
    expect(await orderOf(kept.guest, kept.order.id)).toMatchObject({ status: 'processing', paymentStatus: 'confirmed' });
    await admin.put(`/api/orders/${sent.order.id}/shipping`).send({ trackingNumber: 'JD0146000099999', shippingCarrier: 'DHL', status: 'shipped' }).expect(200);

    await chain.revert(snapshot);
    await chain.mine(REQUIRED + 1);
    await poll();
    expect((await status(kept.guest, kept.payment.id)).status).toBe('pending');
    // The order supervisor records the reversal on each order (its sweep runs every 15 s; asked now here).
    expect((await shop.app.get(OrderSupervisor).sweep()).reversed).toBe(2);
    await shop.app.get(ProjectionRunner).catchUp();
    expect(await orderOf(kept.guest, kept.order.id)).toMatchObject({ status: 'pending', paymentStatus: 'pending', blockchainTxHash: null, paymentReversal: { paymentId: kept.payment.id, flagged: false } });
    const shipped = (await admin.get('/api/admin/orders').expect(200)).body.find((order: { id: number }) => order.id === sent.order.id);
    expect(shipped).toMatchObject({ status: 'shipped', paymentStatus: 'pending', paymentReversal: { paymentId: sent.payment.id, flagged: true } });
    const trail = JSON.stringify((await admin.get('/api/admin/audit').query({ stream: `order-${sent.order.id}` }).expect(200)).body);
    expect(trail).toContain(`Payment #${sent.payment.id} reversed after the order was shipped`);
    expect(trail).toContain('flagged for an administrator');
    expect(JSON.stringify((await admin.get('/api/admin/audit').query({ stream: `order-${kept.order.id}` }).expect(200)).body)).toContain('status processing → pending, awaiting payment again');
    // Sweeping again records nothing twice.
    expect((await shop.app.get(OrderSupervisor).sweep()).reversed).toBe(0);

    const keptAgain = await chain.sendEther(chain.payers[8], kept.payment.walletAddress, BigInt(kept.payment.cryptoAmountUnits!));
    const sentAgain = await chain.sendEther(chain.payers[9], sent.payment.walletAddress, BigInt(sent.payment.cryptoAmountUnits!));
    await chain.mine(REQUIRED);
    await poll();
    expect(await orderOf(kept.guest, kept.order.id)).toMatchObject({ status: 'processing', paymentStatus: 'confirmed', blockchainTxHash: keptAgain, paymentReversal: null });
    expect(await orderOf(sent.guest, sent.order.id)).toMatchObject({ status: 'shipped', paymentStatus: 'confirmed', blockchainTxHash: sentAgain, paymentReversal: null });
  });
});
