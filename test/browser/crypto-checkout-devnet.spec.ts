import { Page } from 'playwright-core';
import type { PaymentView } from '../../backend/src/payments/contract/payment.views';
import { EvmDevnet, startEvmDevnet, testEthXpub } from '../support/evm-devnet';
import { DESKTOP, expectNoSidewaysPan, fillGuestCheckout, MOBILE, openAdmin, screenshotPath, Shop, startShop, unexpectedErrors, openAdminSection } from './browser-support';
import { eventually } from '../support/eventually';
import { expect as expectPage } from './expect-page';

const CONFIRMATIONS = 2;
/** Checkout spec §9: the page asks for the payment's status every 10 s. */
const POLL_INTERVAL_MS = 10_000;
/**
 * How long the page may take to show what the server has after pollWhen: the poll that pollWhen brings
 * forward can be one already under way with the old answer (a busy machine), and then the page's next
 * poll, a real interval later, shows it.
 */
const AFTER_POLL = { timeout: POLL_INTERVAL_MS + 15_000 };

/**
 * Issue 12: the checkout against a local Ethereum chain, with nobody in the back office: the shopper
 * pays what the page shows to the address it derived, and the chain watcher confirms it.
 */
describe('Crypto checkout against an EVM devnet (anvil)', () => {
  let chain: EvmDevnet;
  let shop: Shop;
  let usdc: `0x${string}`;

  beforeAll(async () => {
    chain = await startEvmDevnet();
    usdc = await chain.deployToken('USD Coin (test)', 'USDC');
    shop = await startShop({ ETH_XPUB: testEthXpub(), ETH_RPC_URL: chain.rpcUrl, CHAIN_POLL_SECONDS: '1', CONFIRMATIONS_ETH: String(CONFIRMATIONS), USDC_CONTRACT: usdc });
  }, 90_000);
  afterAll(async () => {
    await shop?.close();
    await chain?.stop();
  });

  /** A guest's order of one product, paid in the given coin: the payment panel with its QR code. */
  async function checkoutAsGuest(page: Page, coin: RegExp): Promise<{ orderId: number; paymentId: number }> {
    // The page's clock is ours to move: each status poll comes when the test says, not 10 s later.
    await page.clock.install();
    await fillGuestCheckout(page, coin);
    const placed = page.waitForResponse((response) => response.url().endsWith('/api/payments/crypto') && response.request().method() === 'POST');
    await page.getByRole('button', { name: 'Place Order & Pay' }).click();
    const payment = (await (await placed).json()) as PaymentView;
    await expectPage(page.getByRole('img', { name: /^QR code to pay/ }), { timeout: 15_000 }).toBeVisible();
    await expectPage(page.getByText('Waiting for your payment')).toBeVisible();
    return { orderId: payment.orderId, paymentId: payment.id };
  }

  /** The wallet URI the page offers (what its QR code holds), taken apart: EIP-681 for Ether or for a token transfer. */
  async function walletUri(page: Page): Promise<{ target: string; recipient: string; units: bigint }> {
    const uri = (await page.getByTestId('wallet-uri').getAttribute('href'))!;
    const ether = /^ethereum:(0x[0-9a-fA-F]{40})@1\?value=(\d+)$/.exec(uri);
    if (ether) return { target: ether[1], recipient: ether[1], units: BigInt(ether[2]) };
    const token = /^ethereum:(0x[0-9a-fA-F]{40})@1\/transfer\?address=(0x[0-9a-fA-F]{40})&uint256=(\d+)$/.exec(uri);
    if (!token) throw new Error(`Not an EIP-681 URI: ${uri}`);
    return { target: token[1], recipient: token[2], units: BigInt(token[3]) };
  }

  /** Waits until the server shows what the chain did, then lets the page's next status poll come now. */
  async function pollWhen(page: Page, paymentId: number, reached: (payment: PaymentView) => boolean): Promise<void> {
    // The chain watcher polls the devnet every second in the background: a generous deadline (the test's timeout is the real bound).
    const deadline = Date.now() + 40_000;
    for (;;) {
      const payment = (await (await page.request.get(`/api/payments/${paymentId}/status`)).json()) as PaymentView;
      if (reached(payment)) break;
      if (Date.now() > deadline) throw new Error(`Payment ${paymentId} did not reach the awaited state: ${JSON.stringify(payment.settlement)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await page.clock.fastForward(POLL_INTERVAL_MS);
  }

  async function screenshotsOf(page: Page, name: string): Promise<void> {
    await page.screenshot({ path: screenshotPath(`${name}-desktop`), fullPage: true });
    await page.setViewportSize(MOBILE);
    await expectNoSidewaysPan(page, MOBILE.width);
    await page.screenshot({ path: screenshotPath(`${name}-mobile`), fullPage: true });
    await page.setViewportSize(DESKTOP);
  }

  it('confirms an exact Ether payment from the QR code\'s URI: detected, n of N confirmations, Payment Confirmed, Payment Successful', async () => {
    const { page, consoleErrors } = await shop.newPage(DESKTOP);
    const { orderId, paymentId } = await checkoutAsGuest(page, /Ethereum \(ETH\)/);
    const { recipient, units } = await walletUri(page);
    await expectPage(page.getByTestId('wallet-address')).toHaveText(recipient);
    // The URI asks for exactly the amount shown, in wei.
    const [whole, fraction] = (await page.getByTestId('crypto-amount').textContent())!.split('.');
    expect(units).toBe(BigInt(whole + fraction) * 10n ** BigInt(18 - fraction.length));

    await chain.sendEther(chain.payers[1], recipient, units);
    await pollWhen(page, paymentId, (payment) => payment.settlement.state === 'detected');
    await expectPage(page.getByText(`Payment detected — confirmations 1 of ${CONFIRMATIONS}`), AFTER_POLL).toBeVisible();
    await expectPage(page.getByRole('progressbar', { name: `1 of ${CONFIRMATIONS} confirmations` })).toBeVisible();
    expect(await page.getByRole('img', { name: /^QR code to pay/ }).count()).toBe(0);
    await screenshotsOf(page, 'devnet-payment-detected');

    await chain.mine(CONFIRMATIONS - 1);
    await pollWhen(page, paymentId, (payment) => payment.status === 'confirmed');
    await expectPage(page.getByText('Payment Confirmed').first(), AFTER_POLL).toBeVisible();
    await page.clock.fastForward(2_000);
    await expectPage(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
    await expectPage(page.getByText(`#${orderId}`).first()).toBeVisible();
    const order = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as { status: string; paymentStatus: string };
    expect(order).toMatchObject({ status: 'processing', paymentStatus: 'confirmed' });
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
  }, 60_000);

  it('shows what is still due after a USDC underpayment, with its own QR code, and confirms the top-up', async () => {
    const { page, consoleErrors } = await shop.newPage(DESKTOP);
    const { paymentId } = await checkoutAsGuest(page, /USDC \(ERC20\)/);
    const quoted = await walletUri(page);
    expect(quoted.target.toLowerCase()).toBe(usdc.toLowerCase());
    const first = quoted.units / 2n;
    await chain.sendToken(usdc, chain.payers[0], quoted.recipient, first);
    await chain.mine(CONFIRMATIONS - 1);
    await pollWhen(page, paymentId, (payment) => payment.settlement.state === 'underpaid');
    await expectPage(page.getByText('Part of your payment has arrived.'), AFTER_POLL).toBeVisible();
    const due = quoted.units - first;
    await eventually(async () => expect(await walletUri(page)).toEqual({ ...quoted, units: due }));
    await expectPage(page.getByRole('img', { name: /^QR code to pay the remaining/ })).toBeVisible();
    await expectPage(page.getByTestId('amount-due')).toHaveText(/^\d+(\.\d+)?$/);
    await screenshotsOf(page, 'devnet-payment-underpaid');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy amount due' }).click();
    // The copy (navigator.clipboard.writeText) completes after the click has returned.
    const amountDue = await page.getByTestId('amount-due').textContent();
    await eventually(async () => expect(await page.evaluate('navigator.clipboard.readText()')).toBe(amountDue));

    await chain.sendToken(usdc, chain.payers[0], quoted.recipient, due);
    await chain.mine(CONFIRMATIONS - 1);
    await pollWhen(page, paymentId, (payment) => payment.status === 'confirmed');
    await expectPage(page.getByText('Payment Confirmed').first(), AFTER_POLL).toBeVisible();
    await page.clock.fastForward(2_000);
    await expectPage(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();

    // The back office shows both transfers, their confirmations and explorer links.
    const admin = await openAdmin(shop, DESKTOP);
    await openAdminSection(admin.page, 'Payments');
    const confirmedOnly = admin.page.getByRole('group', { name: 'Filter by what the chain shows' }).getByRole('button', { name: 'Confirmed' });
    await confirmedOnly.click();
    await expectPage(admin.page.locator('.chip[aria-pressed="true"]')).toHaveText('Confirmed');
    await admin.page.screenshot({ path: screenshotPath('devnet-admin-payments-desktop') });
    await admin.page.getByRole('button', { name: `Details of payment #${paymentId}` }).click();
    const details = admin.page.getByRole('dialog', { name: `Payment Details - #${paymentId}` });
    const transfers = details.getByRole('table', { name: `Transfers to payment #${paymentId}` });
    await expectPage(transfers).toBeVisible();
    expect(await transfers.getByRole('link', { name: /on a block explorer/ }).count()).toBe(2);
    await transfers.scrollIntoViewIfNeeded();
    await admin.page.screenshot({ path: screenshotPath('devnet-admin-payment-details-desktop') });
    await admin.page.setViewportSize(MOBILE);
    await expectNoSidewaysPan(admin.page, MOBILE.width);
    await transfers.scrollIntoViewIfNeeded();
    await admin.page.screenshot({ path: screenshotPath('devnet-admin-payment-details-mobile') });
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    expect(unexpectedErrors(admin.consoleErrors)).toEqual([]);
  }, 60_000);

  it('confirms an overpayment and tells the shopper the store will contact them about the excess', async () => {
    const { page, consoleErrors } = await shop.newPage(MOBILE);
    const { paymentId } = await checkoutAsGuest(page, /Ethereum \(ETH\)/);
    const { recipient, units } = await walletUri(page);
    await chain.sendEther(chain.payers[2], recipient, units + 10n ** 15n);
    await chain.mine(CONFIRMATIONS - 1);
    await pollWhen(page, paymentId, (payment) => payment.status === 'confirmed');
    await expectPage(page.getByText('You sent more than the amount due: the store will contact you about the excess.'), AFTER_POLL).toBeVisible();
    await page.clock.fastForward(2_000);
    await expectPage(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
    await expectPage(page.getByRole('note').getByText(/The store will contact you at satoshi@example\.com about the excess\./)).toBeVisible();
    await page.screenshot({ path: screenshotPath('devnet-payment-overpaid-success-mobile'), fullPage: true });
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
  }, 60_000);

  it('hides the QR code once the quote has expired with nothing paid, and offers a new quote', async () => {
    const { page, consoleErrors } = await shop.newPage(DESKTOP);
    const { paymentId } = await checkoutAsGuest(page, /Ethereum \(ETH\)/);
    const { expiresAt } = (await (await page.request.get(`/api/payments/${paymentId}/status`)).json()) as PaymentView;
    await page.clock.fastForward(Date.parse(expiresAt) - Date.now() + 1_000);
    await expectPage(page.getByText('Quote expired.')).toBeVisible();
    expect(await page.getByRole('img', { name: /^QR code to pay/ }).count()).toBe(0);
    await expectPage(page.getByRole('button', { name: 'Get a new quote' })).toBeEnabled();
    await screenshotsOf(page, 'devnet-payment-expired');
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
  }, 60_000);
});
