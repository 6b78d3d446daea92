import { APIRequestContext, Page } from 'playwright-core';
import { parse } from 'promptparse';
import { adminApiClient, DESKTOP, expectNoSidewaysPan, fillGuestCheckout, MOBILE, nextPollsUntilVisible, Shop, startShop, unexpectedErrors, screenshotPath } from './browser-support';
import { eventually } from '../support/eventually';
import { expect as expectPage } from './expect-page';

/** The demo's PromptPay id (PROMPTPAY_ID unset), as tag 29/01 of the QR carries it. */
const DEMO_ID = '0800000000';
const DEMO_ID_IN_QR = '0066800000000';

/** A guest pays with PromptPay: the Thai QR, the baht amount, the shop's id, and staff confirming the transfer. */
describe('PromptPay checkout in a real browser', () => {
  let shop: Shop;
  let admin: APIRequestContext;

  beforeAll(async () => {
    shop = await startShop();
    admin = await adminApiClient(shop);
  }, 90_000);
  afterAll(async () => shop?.close());

  async function placePromptPayOrder(page: Page) {
    await fillGuestCheckout(page, /PromptPay \(THB\)/);
    await page.getByRole('button', { name: 'Place Order & Pay' }).click();
    const qr = page.getByTestId('payment-qr');
    await expectPage(qr, { timeout: 15_000 }).toBeVisible();
    const orderId = Number(((await page.locator('.payment-order-number').textContent()) ?? '').replace('#', ''));
    const payments = (await (await admin.get('/api/admin/payments')).json()) as { id: number; orderId: number; cryptoAmount: string; coin: string; paymentUri: string }[];
    const payment = payments.find((candidate) => candidate.orderId === orderId)!;
    return { qr, orderId, payment };
  }

  for (const [name, viewport] of [['phone', MOBILE], ['desktop', DESKTOP]] as const) {
    it(`shows the PromptPay QR of the shop's id and the amount in baht, and says staff confirm it (${viewport.width} px)`, async () => {
      const { page, consoleErrors } = await shop.newPage(viewport);
      // The page's clock is ours to move: its status poll after the confirmation comes at once, not up to 10 s later.
      await page.clock.install();
      const { qr, orderId, payment } = await placePromptPayOrder(page);
      expect(payment.coin).toBe('THB');
      expect(payment.cryptoAmount).toMatch(/^\d+\.\d{2}$/);

      // The QR encodes the payment's EMVCo payload, which decodes to the shop's id and the quoted baht.
      const payload = (await qr.getAttribute('data-payload'))!;
      expect(payload).toBe(payment.paymentUri);
      const decoded = parse(payload, true)!;
      expect(decoded.getTagValue('29', '01')).toBe(DEMO_ID_IN_QR);
      expect(decoded.getTagValue('54')).toBe(payment.cryptoAmount);
      // Checkout spec §9: 256 px with a margin of 2 (the PNG is drawn at 256 px and shown at that size).
      // Measured once the picture is decoded, which comes after its element is on the page.
      await eventually(async () => expect(await qr.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth)).toBe(256));
      await eventually(async () => expect((await qr.boundingBox())!.width).toBe(256));

      const [whole, satang] = payment.cryptoAmount.split('.');
      await expectPage(page.getByTestId('crypto-amount')).toHaveText(`฿${Number(whole).toLocaleString('en-US')}.${satang}`);
      await expectPage(page.getByTestId('wallet-address')).toHaveText(DEMO_ID);
      await expectPage(page.getByText('To this PromptPay id')).toBeVisible();
      await expectPage(page.getByTestId('staff-confirmation')).toContainText('our staff confirm your payment once the transfer arrives');
      await expectPage(page.getByTestId('payment-status')).toContainText('our staff confirm the transfer');
      expect(await page.getByTestId('wallet-uri').count()).toBe(0);
      await expectNoSidewaysPan(page, viewport.width);
      await page.screenshot({ path: screenshotPath(`promptpay-payment-${name}`), fullPage: true });

      // Staff see the transfer in the bank account and confirm it with its reference: the page moves on by itself.
      const confirm = await admin.post(`/api/admin/payments/${payment.id}/confirm`, { data: { transactionHash: `KBANK-${orderId}-20261127` } });
      expect(confirm.status()).toBe(200);
      await nextPollsUntilVisible(page, page.getByRole('heading', { name: 'Payment Successful' }));
      await page.screenshot({ path: screenshotPath(`promptpay-success-${name}`), fullPage: true });
      expect(unexpectedErrors(consoleErrors)).toEqual([]);
    }, 120_000);
  }
});
