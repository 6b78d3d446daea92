import { readFileSync } from 'node:fs';
import { Page } from 'playwright-core';
import { adminNavigation, DESKTOP, expectWithinWidth, MOBILE, openAdmin, placeGuestOrder, Shop, startShop, unexpectedErrors, screenshotPath, openAdminSection } from './browser-support';
import { eventually } from '../support/eventually';
import { expect as expectPage } from './expect-page';
import { noteToasts, toastsSeen } from './toasts-seen';

/** The dosage calculator (storefront spec §2, §4, §9), the information pages and the back office (checkout spec §2). */
describe('Calculator, information pages and back office in a real browser', () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await startShop();
  }, 90_000);
  afterAll(async () => shop?.close());

  const group = (page: Page, step: RegExp) => page.getByRole('radiogroup', { name: step });

  async function openCalculator(page: Page) {
    await page.goto('/calculator');
    await page.getByRole('heading', { level: 1, name: 'Peptide Dosage Calculator' }).waitFor({ timeout: 15_000 });
    await expectPage(page.getByRole('combobox', { name: 'Product' })).toBeEnabled();
  }

  async function fillIssueExample(page: Page) {
    await page.getByRole('combobox', { name: 'Product' }).selectOption('BPC-157 5mg');
    await group(page, /Syringe size/).getByRole('radio', { name: '0.3 ml (30 units)' }).check();
    await group(page, /Vial strength/).getByRole('radio', { name: '5 mg', exact: true }).check();
    await group(page, /Reconstitution water/).getByRole('radio', { name: '2 ml', exact: true }).check();
    await group(page, /Desired dose/).getByRole('radio', { name: '0.25 mg', exact: true }).check();
  }

  it('draws 10.0 units for 0.25 mg of BPC-157 from a 5 mg vial with 2 ml water in the 0.3 ml syringe', async () => {
    const { page, consoleErrors } = await shop.newPage(DESKTOP);
    await openCalculator(page);
    await expectPage(page.getByText('Complete all five steps to see how much to draw.')).toBeVisible();
    await fillIssueExample(page);

    await expectPage(page.getByTestId('units-to-draw')).toHaveText('10.0');
    const result = page.getByRole('region', { name: 'Your result' });
    await expectPage(result.getByText('0.1 ml', { exact: true })).toBeVisible();
    await expectPage(result.getByText('2.5 mg/ml', { exact: true })).toBeVisible();
    await expectPage(result.getByRole('img', { name: 'Syringe of 0.3 ml filled to 10.0 of 30 units' })).toBeVisible();
    await expectPage(page.getByText('UNSAFE DOSE WARNING')).toBeHidden();

    const info = page.getByRole('region', { name: 'Product information' });
    await expectPage(info.getByText('1 mg', { exact: true })).toBeVisible();
    await expectPage(info.getByText(/2-8 C/)).toBeVisible();
    await expectPage(page.getByRole('region', { name: 'Safety notice' }).getByText('For research use only. Not for human consumption.')).toBeVisible();

    await page.screenshot({ path: screenshotPath('calculator-desktop'), fullPage: true });
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
  }, 60_000);

  it('warns above the maximum safe dose but still computes, and a custom value and a preset clear each other', async () => {
    const { page, consoleErrors } = await shop.newPage(MOBILE);
    await openCalculator(page);
    await fillIssueExample(page);

    const customDose = page.getByRole('spinbutton', { name: 'Custom dose (mg)' });
    expect(await customDose.getAttribute('step')).toBe('0.1');
    await customDose.fill('2');
    await eventually(async () => expect(await group(page, /Desired dose/).getByRole('radio', { name: '0.25 mg', exact: true }).isChecked()).toBe(false));
    const warning = page.getByRole('alert').filter({ hasText: 'UNSAFE DOSE WARNING' });
    await expectPage(warning).toContainText('exceeds the maximum safe research dose of 1 mg');
    await expectPage(warning).toContainText('reduce the dose');
    // 2 mg / 2.5 mg/ml = 0.8 ml = 80 units, more than the 0.3 ml syringe holds
    await expectPage(page.getByTestId('units-to-draw')).toHaveText('80.0');
    await expectPage(page.getByText(/needs more than one full 0.3 ml syringe/)).toBeVisible();
    await page.screenshot({ path: screenshotPath('calculator-mobile-unsafe'), fullPage: true });

    await group(page, /Desired dose/).getByRole('radio', { name: '1 mg', exact: true }).check();
    await expectPage(customDose).toHaveValue('');
    await expectPage(page.getByText('UNSAFE DOSE WARNING')).toBeHidden();
    await expectPage(page.getByTestId('units-to-draw')).toHaveText('40.0');

    await page.getByRole('spinbutton', { name: 'Custom vial strength (mg)' }).fill('10');
    await eventually(async () => expect(await group(page, /Vial strength/).getByRole('radio', { name: '5 mg', exact: true }).isChecked()).toBe(false));
    await expectPage(page.getByTestId('units-to-draw')).toHaveText('20.0');
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
  }, 60_000);

  it('offers every active product except BAC Water', async () => {
    const { page, consoleErrors } = await shop.newPage(DESKTOP);
    await openCalculator(page);
    const options = await page.getByRole('combobox', { name: 'Product' }).locator('option').allTextContents();
    expect(options).toContain('BPC-157 5mg');
    expect(options).toContain('HGH 10IU');
    expect(options.filter((name) => /BAC Water/i.test(name))).toEqual([]);
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
  }, 60_000);

  it('shows the FAQ, shipping and returns pages with their research-use disclaimer', async () => {
    const { page, consoleErrors } = await shop.newPage(MOBILE);
    await page.goto('/faq');
    await page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }).waitFor({ timeout: 15_000 });
    const answer = page.getByText(/Usually 10–30 minutes/);
    await expectPage(answer).toBeHidden();
    await page.getByText('How long does a crypto payment take to confirm?').click();
    await expectPage(answer).toBeVisible();
    await expectPage(page.getByRole('complementary', { name: 'Research use disclaimer' })).toBeVisible();

    await page.goto('/shipping');
    await page.getByRole('heading', { level: 1, name: 'Shipping Information' }).waitFor({ timeout: 15_000 });
    const table = page.getByRole('table', { name: 'Shipping options with cost and delivery time' });
    await expectPage(table.getByRole('row', { name: /Regular Shipping A\$10\.00 5-7 business days/ })).toBeVisible();
    await expectPage(table.getByRole('row', { name: /Express Shipping A\$15\.00 2-3 business days/ })).toBeVisible();
    await expectPage(table.getByRole('row', { name: /Cash on Delivery A\$50\.00 .*Sydney/ })).toBeVisible();

    await page.goto('/returns');
    await page.getByRole('heading', { level: 1, name: 'Returns Policy' }).waitFor({ timeout: 15_000 });
    await expectPage(page.getByText(/within 30 days of delivery if they are unopened and unused, with their original documentation and our prior authorization/)).toBeVisible();
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
  }, 60_000);

  it('shows the 404 page at /admin to a guest', async () => {
    const { page, consoleErrors } = await shop.newPage(DESKTOP);
    const response = await page.goto('/admin');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor({ timeout: 15_000 });
    await expectPage(adminNavigation(page)).toHaveCount(0);
    expect(unexpectedErrors(consoleErrors, [404])).toEqual([]);
  }, 60_000);

  async function placeBitcoinOrder() {
    const products = (await (await shop.api.get('/api/products')).json()) as { id: number; name: string }[];
    const bpc = products.find((product) => product.name === 'BPC-157 5mg')!;
    return placeGuestOrder(shop.api, {
      customerEmail: 'rosalind@example.com',
      shippingAddress: { firstName: 'Rosalind', lastName: 'Franklin', phone: '03 9876 5432', address: '200 Collins St', city: 'Melbourne', state: 'VIC', postalCode: '3000', country: 'Australia' },
      items: [{ productId: bpc.id, quantity: 1 }],
      coin: 'bitcoin',
    });
  }

  it('lets the admin ship an order and confirm its payment in the back office', async () => {
    const { order, payment } = await placeBitcoinOrder();
    const { page, consoleErrors } = await openAdmin(shop, DESKTOP);

    await expectPage(page.getByRole('link', { name: 'View Store' })).toBeVisible();
    await expectPage(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    const recent = page.getByRole('region', { name: 'Recent Orders' });
    await expectPage(recent.getByRole('row', { name: new RegExp(`#${order.id} Rosalind Franklin`) })).toBeVisible();
    await page.screenshot({ path: screenshotPath('admin-dashboard-desktop'), fullPage: true });

    await openAdminSection(page, 'Orders');
    await page.getByRole('tab', { name: /^Pending/ }).click();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: new RegExp(`Order #${order.id}\\b`) }) });
    await card.getByRole('button', { name: 'Mark as Shipped' }).click();
    const dialog = page.getByRole('dialog', { name: `Mark Order #${order.id} as Shipped` });
    await expectPage(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Mark as Shipped' }).click();
    await expectPage(page.getByText('Please fill in tracking number and shipping carrier.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Tracking number' }).fill('TRACK123456');
    await dialog.getByRole('combobox', { name: 'Shipping carrier' }).selectOption('DHL');
    // The bitcoin payment is not confirmed yet: shipping asks the admin to say so.
    await dialog.getByRole('button', { name: 'Mark as Shipped' }).click();
    await expectPage(dialog.getByText('Tick this to ship before the payment is confirmed.')).toBeVisible();
    await dialog.getByRole('checkbox', { name: 'Ship although the payment is not confirmed' }).check();
    await page.screenshot({ path: screenshotPath('admin-ship-dialog-desktop') });
    await dialog.getByRole('button', { name: 'Mark as Shipped' }).click();
    await expectPage(page.getByText('Shipping information updated and customer notified.')).toBeVisible();
    await expectPage(dialog).toBeHidden();
    await expectPage(page.getByRole('tabpanel', { name: 'Pending (0)' }).getByText('No orders found for this status.')).toBeVisible();
    await page.getByRole('tab', { name: /^Shipped/ }).click();
    await expectPage(page.getByRole('tabpanel', { name: 'Shipped (1)' }).getByText(/Shipped with DHL, tracking TRACK123456/)).toBeVisible();

    await openAdminSection(page, 'Payments');
    await expectPage(page.getByRole('heading', { name: 'Payment Management' })).toBeVisible();
    await expectPage(page.getByText('Monitor cryptocurrency payments and transactions')).toBeVisible();
    const search = page.getByRole('searchbox', { name: 'Search payments' });
    await search.fill('no-such-payment');
    await expectPage(page.getByText('No payments found matching your criteria.')).toBeVisible();
    await search.fill(String(order.id));
    const row = page.getByRole('row', { name: new RegExp(`^#${payment.id} #${order.id} Bitcoin`) });
    await row.getByRole('button', { name: `Confirm payment #${payment.id}` }).click();
    const confirm = page.getByRole('dialog', { name: `Confirm Payment #${payment.id}` });
    await confirm.getByRole('textbox', { name: 'Transaction hash' }).fill('f4184fc596403b9d638783cf57adfe4c75c605f6356fbc91338530e9831e9e16');
    await confirm.getByRole('button', { name: 'Confirm payment' }).click();
    await expectPage(confirm).toBeHidden();
    await expectPage(row.getByText('Confirmed')).toBeVisible();
    await expectPage(row.getByRole('link', { name: /block explorer/ })).toBeVisible();
    // Export: exactly the rows the search shows.
    const [exported] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export' }).click()]);
    expect(exported.suggestedFilename()).toBe('payments.csv');
    const csv = readFileSync((await exported.path())!, 'utf8').trimEnd().split('\r\n');
    expect(csv[0]).toBe('Payment ID,Order ID,Payment Method,Amount (AUD),Crypto Amount,Coin,Status,Failure Reason,Transaction,Wallet Address,Created,Refunded (AUD)');
    expect(csv).toHaveLength(2);
    expect(csv[1]).toMatch(new RegExp(`^${payment.id},${order.id},Bitcoin \\(BTC\\),\\d+\\.\\d{2},[\\d.]+,BTC,confirmed,,f4184fc5`));

    const rule = 'Confirmed crypto and PromptPay payments of orders not cancelled, plus cash on delivery once delivered, less refunds';
    await expectPage(page.getByRole('region', { name: 'Payments', exact: true }).getByText(rule)).toBeVisible();
    await page.screenshot({ path: screenshotPath('admin-payments-desktop'), fullPage: true });

    // The dashboard's figures are the server's, with the revenue rule beside the revenue.
    await openAdminSection(page, 'Dashboard');
    const dashboard = page.getByRole('region', { name: 'Dashboard', exact: true });
    await expectPage(dashboard.getByText(rule)).toBeVisible();
    await expectPage(dashboard.getByText('not cancelled, Sydney time')).toBeVisible();
    await page.screenshot({ path: screenshotPath('admin-dashboard-figures-desktop'), fullPage: true });
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
  }, 90_000);

  it('tells an admin whose session ended and sends them to sign in again', async () => {
    const { order } = await placeBitcoinOrder();
    const { page, consoleErrors } = await openAdmin(shop, DESKTOP);
    await openAdminSection(page, 'Orders');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: new RegExp(`Order #${order.id}\\b`) }) });
    const status = card.getByRole('combobox', { name: 'Order status' });
    await expectPage(status).toBeVisible();

    const logout = await page.context().request.get('/api/logout', { maxRedirects: 0 });
    expect(logout.status()).toBe(302);
    await noteToasts(page);
    await status.selectOption('processing');
    // The bitcoin payment is not confirmed: moving the order on asks first.
    const ask = page.getByRole('dialog', { name: `Mark Order #${order.id} as Processing?` });
    await ask.getByRole('button', { name: 'Mark as Processing' }).click();
    // Signing in again brings the admin back to the back office's tab it was on.
    // A full page load (through /api/login) 500 ms after the toast, which the page noted (it lives too short to wait for).
    await page.waitForURL(/\/auth\?returnTo=%2Fadmin%2Forders$/);
    expect(await toastsSeen(page)).toContain('You are logged out. Logging in again...');
    // The ended session answers the status change with the 401 this journey is about.
    expect(unexpectedErrors(consoleErrors, [401])).toEqual([]);
  }, 60_000);

  it('fits the back office on a phone', async () => {
    const { page, consoleErrors } = await openAdmin(shop, MOBILE);
    await expectPage(page.getByRole('button', { name: 'Menu', exact: true })).toBeVisible();
    await page.screenshot({ path: screenshotPath('admin-dashboard-mobile'), fullPage: true });
    await openAdminSection(page, 'Orders');
    await expectPage(page.getByRole('tab', { name: /^All Orders/ })).toBeVisible();
    await page.screenshot({ path: screenshotPath('admin-orders-mobile'), fullPage: true });
    await openAdminSection(page, 'Products');
    await page.getByRole('searchbox', { name: 'Search products' }).fill('BAC Water');
    await expectPage(page.getByRole('row', { name: /BAC Water 10ml/ })).toBeVisible();
    await page.screenshot({ path: screenshotPath('admin-products-mobile'), fullPage: true });
    // The back office itself stays within the phone's width; wide tables scroll inside their card.
    await expectWithinWidth(page.locator('.admin-page'), MOBILE.width);
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
  }, 60_000);
});
