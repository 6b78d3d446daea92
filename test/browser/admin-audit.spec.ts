import { readFileSync } from 'node:fs';
import { APIRequestContext, Page } from 'playwright-core';
import {
  adminApiClient,
  DESKTOP,
  expectNoSidewaysPan,
  expectWithinWidth,
  MOBILE,
  openAdmin,
  openAdminForAxe,
  placeGuestOrder,
  Shop,
  startShop,
  unexpectedErrors,
  screenshotPath,
  seriousAxeViolations,
  openAdminSection,
} from './browser-support';
import { expect as expectPage } from './expect-page';

const TRACKING = 'AUDIT-TRACK-7';

interface Product {
  id: number;
  name: string;
}

/** The back office's audit log and trail, referral codes and review moderation (checkout spec §2, storefront spec reviews). */
describe('Back office: audit log, referral codes and review moderation in a real browser', () => {
  let shop: Shop;
  let admin: APIRequestContext;
  let orderId: number;
  let product: Product;

  async function signedUp(fullName: string): Promise<APIRequestContext> {
    const context = await shop.newApiClient();
    const email = `${fullName.split(' ')[0].toLowerCase()}-${Date.now()}@example.com`;
    const response = await context.post('/api/auth/signup', { data: { fullName, email, password: 'secret-123' } });
    expect(response.status()).toBe(201);
    return context;
  }

  beforeAll(async () => {
    shop = await startShop();
    admin = await adminApiClient(shop);

    const products = (await (await shop.api.get('/api/products')).json()) as Product[];
    product = products.find((candidate) => candidate.name === 'BPC-157 5mg')!;
    // A guest's order, shipped by the admin: the log tells both, each with its actor.
    const { order } = await placeGuestOrder(shop.api, {
      customerEmail: 'grace@example.com',
      shippingAddress: { firstName: 'Grace', lastName: 'Hopper', phone: '03 9876 5432', address: '1 Audit Way', city: 'Melbourne', state: 'VIC', postalCode: '3000', country: 'Australia' },
      items: [{ productId: product.id, quantity: 1 }],
    });
    orderId = order.id;
    const shipped = await admin.put(`/api/orders/${orderId}/shipping`, { data: { trackingNumber: TRACKING, shippingCarrier: 'DHL', status: 'shipped' } });
    expect(shipped.status()).toBe(200);

    // Two shoppers review the product: one review will be hidden, the other answered.
    for (const [name, title] of [
      ['Marie Curie', 'Cures everything, guaranteed'],
      ['Rosalind Franklin', 'Clean HPLC trace'],
    ]) {
      const reviewer = await signedUp(name);
      const written = await reviewer.post(`/api/products/${product.id}/reviews`, { data: { rating: 4, title, content: 'Matched the certificate of analysis in our lab.', pros: [], cons: [] } });
      expect(written.status()).toBe(201);
    }
  }, 120_000);

  afterAll(async () => shop?.close());

  const panel = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
  /** Toasts by their text: a hidden tab (the audit log) may hold the same words. */
  const toast = (page: Page, text: string) => page.locator('.toast').filter({ hasText: text });
  const auditRow = (page: Page, text: RegExp | string) => panel(page, 'Audit log').getByRole('row').filter({ hasText: text });

  async function expectWithinPhoneWidth(page: Page) {
    await expectNoSidewaysPan(page, MOBILE.width);
    await expectWithinWidth(page.locator('.admin-page'), MOBILE.width);
  }

  it("tells an order's events in words with who did them, narrows by filter, pages, and exports CSV", async () => {
    const { page, consoleErrors } = await openAdmin(shop, DESKTOP);
    await openAdminSection(page, 'Audit log');
    const log = panel(page, 'Audit log');
    await expectPage(log.getByRole('heading', { name: 'Audit Log' })).toBeVisible();

    // The whole log, newest first, 25 to a page: the seeded catalogue alone fills several pages.
    await expectPage(log.getByText(/^Page 1 of [3-9]$/)).toBeVisible();
    await expectPage(log.getByRole('row')).toHaveCount(26);
    await log.getByRole('button', { name: 'Next' }).click();
    await expectPage(log.getByText(/^Page 2 of [3-9]$/)).toBeVisible();
    await log.getByRole('button', { name: 'Previous' }).click();
    await expectPage(log.getByText(/^Page 1 of /)).toBeVisible();

    // One order's history, oldest first: readable events, and the guest and the admin as actors.
    await log.getByRole('textbox', { name: 'Stream' }).fill(`order-${orderId}`);
    await expectPage(log.getByText(/^3 events match these filters, oldest first\./)).toBeVisible();
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ stream: `order-${orderId}` });
    const submitted = auditRow(page, 'Order submitted');
    await expectPage(submitted).toContainText(`Order #${orderId} submitted: 1 × ${product.name}`);
    await expectPage(submitted).toContainText('Guest');
    await expectPage(auditRow(page, 'Order placed')).toContainText(`Order #${orderId}`);
    const shipped = auditRow(page, 'Order shipped');
    await expectPage(shipped).toContainText(`Shipped with DHL, tracking ${TRACKING}`);
    await expectPage(shipped.getByRole('button', { name: /Store Admin\s*Owner/i })).toBeVisible();
    await page.screenshot({ path: screenshotPath('admin-audit-order-desktop'), fullPage: true });

    // The stream's history dialog is the audit trail the order and payment dialogs embed.
    await shipped.getByRole('button', { name: /show its history$/ }).click();
    const history = page.getByRole('dialog', { name: `History of Order #${orderId}` });
    const trail = history.getByRole('region', { name: `History of Order #${orderId}` });
    await expectPage(trail.getByRole('listitem')).toHaveCount(3);
    await expectPage(trail.getByRole('listitem').nth(2)).toContainText(`Order shipped`);
    await expectPage(trail.getByRole('listitem').nth(2)).toContainText(`Shipped with DHL, tracking ${TRACKING}`);
    await expectPage(trail.getByRole('listitem').nth(2)).toContainText('Store Admin');
    await page.screenshot({ path: screenshotPath('admin-audit-trail-desktop') });
    await history.getByRole('button', { name: 'Close' }).last().click();
    await expectPage(history).toBeHidden();

    // Filters narrow it: an event type, then an actor.
    await log.getByRole('button', { name: 'Clear filters' }).click();
    await log.getByRole('combobox', { name: 'Event' }).selectOption('OrderShipped');
    await expectPage(log.getByText(/^1 event matches these filters/)).toBeVisible();
    await expectPage(log.getByRole('row')).toHaveCount(2);
    await expectPage(auditRow(page, 'Order shipped')).toContainText(`Order #${orderId}`);
    await log.getByRole('combobox', { name: 'Done by' }).selectOption('guest');
    await expectPage(log.getByText('No events match these filters.')).toBeVisible();
    await log.getByRole('combobox', { name: 'Done by' }).selectOption('any');
    await expectPage(log.getByText(/^1 event matches these filters/)).toBeVisible();

    // Export: the CSV of exactly this search.
    const [exported] = await Promise.all([page.waitForEvent('download'), log.getByRole('link', { name: 'Export CSV' }).click()]);
    expect(exported.suggestedFilename()).toBe('audit-log.csv');
    const csv = readFileSync((await exported.path())!, 'utf8').trimEnd().split('\r\n');
    expect(csv[0]).toBe('position,time,stream,event,actor,role,what happened,correlation id');
    expect(csv).toHaveLength(2);
    expect(csv[1]).toContain(`,order-${orderId},OrderShipped,Store Admin,owner,"Shipped with DHL, tracking ${TRACKING}",`);

    // Clicking a person filters the log to them.
    await log.getByRole('combobox', { name: 'Event' }).selectOption('');
    await auditRow(page, 'Order shipped').first().getByRole('button', { name: /Store Admin/ }).click();
    await expectPage(log.getByRole('combobox', { name: 'Done by' })).toHaveValue('user');
    await expectPage(log.getByRole('textbox', { name: 'User id' })).toHaveValue(/^[0-9a-f-]{36}$/);
    await expectPage(log.getByText(/^1 event matches these filters/)).toBeVisible();
    await expectPage(auditRow(page, 'Order shipped')).toBeVisible();
    await page.screenshot({ path: screenshotPath('admin-audit-desktop'), fullPage: true });

    // The filters are the URL's: a reload keeps them, Back undoes the last, and a link opens one stream's events.
    expect(new URL(page.url()).searchParams.get('by')).toBe('user');
    await page.reload();
    await expectPage(log.getByText(/^1 event matches these filters/)).toBeVisible();
    await expectPage(log.getByRole('textbox', { name: 'User id' })).toHaveValue(/^[0-9a-f-]{36}$/);
    await page.goBack();
    await expectPage(log.getByRole('combobox', { name: 'Done by' })).toHaveValue('any');
    await page.goto(`/admin/audit?stream=order-${orderId}`);
    await expectPage(log.getByText(/^3 events match these filters, oldest first\./)).toBeVisible();
    await expectPage(log.getByRole('textbox', { name: 'Stream' })).toHaveValue(`order-${orderId}`);
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
  }, 90_000);

  it('creates a referral code, shows it with its uses, deactivates it after a confirmation, and logs both', async () => {
    const { page, consoleErrors } = await openAdmin(shop, DESKTOP);
    await openAdminSection(page, 'Referral codes');
    const codes = panel(page, 'Referral codes');
    await expectPage(codes.getByRole('row', { name: /RESEARCH5 5% 0 orders Active/ })).toBeVisible();

    await codes.getByRole('button', { name: 'New referral code' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Referral Code' });
    await dialog.getByRole('button', { name: 'Create code' }).click();
    await expectPage(dialog.getByText('A code has 3 to 40 letters, digits, - or _')).toBeVisible();
    await expectPage(dialog.getByText('Enter a whole percentage from 1 to 90')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Code' }).fill('spring25');
    await dialog.getByRole('spinbutton', { name: 'Discount (%)' }).fill('25');
    await page.screenshot({ path: screenshotPath('admin-referral-dialog-desktop') });
    await dialog.getByRole('button', { name: 'Create code' }).click();
    await expectPage(toast(page, 'Referral code created')).toBeVisible();
    await expectPage(dialog).toBeHidden();
    const row = codes.getByRole('row', { name: /SPRING25 25% 0 orders Active/ });
    await expectPage(row).toBeVisible();
    await page.screenshot({ path: screenshotPath('admin-referral-codes-desktop'), fullPage: true });

    // The same code again is refused with the server's reason.
    await codes.getByRole('button', { name: 'New referral code' }).click();
    await dialog.getByRole('textbox', { name: 'Code' }).fill('SPRING25');
    await dialog.getByRole('spinbutton', { name: 'Discount (%)' }).fill('10');
    await dialog.getByRole('button', { name: 'Create code' }).click();
    await expectPage(page.locator('.toast-destructive')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await row.getByRole('button', { name: 'Deactivate SPRING25' }).click();
    const confirm = page.getByRole('dialog', { name: 'Deactivate SPRING25?' });
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await expectPage(toast(page, 'Referral code deactivated')).toBeVisible();
    await expectPage(codes.getByRole('row', { name: /SPRING25 25% 0 orders Inactive/ })).toBeVisible();

    await openAdminSection(page, 'Audit log');
    await panel(page, 'Audit log').getByRole('textbox', { name: 'Stream' }).fill('referral-SPRING25');
    await expectPage(auditRow(page, 'Referral code created')).toContainText('Referral code SPRING25 created: 25 % off');
    await expectPage(auditRow(page, 'Referral code created')).toContainText('Store Admin');
    await expectPage(auditRow(page, 'Referral code deactivated')).toContainText('Store Admin');
    // Errors the journey provoked on purpose: the duplicate code's 409.
    expect(unexpectedErrors(consoleErrors, [409])).toEqual([]);
  }, 90_000);

  it('hides a review from the product page with a reason, answers another, and shows the hidden one again', async () => {
    const { page, consoleErrors } = await openAdmin(shop, DESKTOP);
    await openAdminSection(page, 'Reviews');
    const moderation = panel(page, 'Reviews');
    const card = (title: string) => moderation.getByRole('article', { name: title });
    await expectPage(card('Cures everything, guaranteed')).toContainText('by Marie Curie');
    await expectPage(card('Cures everything, guaranteed').getByRole('link', { name: product.name })).toBeVisible();
    await expectPage(card('Cures everything, guaranteed').getByText('Visible', { exact: true })).toBeVisible();

    await card('Cures everything, guaranteed').getByRole('button', { name: /^Hide/ }).click();
    const hide = page.getByRole('dialog', { name: 'Hide the Review' });
    await hide.getByRole('button', { name: 'Hide review' }).click();
    await expectPage(hide.getByText('A reason is required')).toBeVisible();
    await hide.getByRole('textbox', { name: 'Reason' }).fill('Makes a medical claim');
    await hide.getByRole('button', { name: 'Hide review' }).click();
    await expectPage(toast(page, 'Review hidden')).toBeVisible();
    await expectPage(card('Cures everything, guaranteed').getByText('Hidden', { exact: true })).toBeVisible();
    await expectPage(card('Cures everything, guaranteed')).toContainText('Makes a medical claim');

    await card('Clean HPLC trace').getByRole('button', { name: /^Answer/ }).click();
    const answer = page.getByRole('dialog', { name: 'Answer the Review' });
    await answer.getByRole('textbox', { name: 'Response' }).fill('Thank you for sharing your lab results.');
    await page.screenshot({ path: screenshotPath('admin-review-answer-desktop') });
    await answer.getByRole('button', { name: 'Publish response' }).click();
    await expectPage(toast(page, 'Response published')).toBeVisible();
    await expectPage(card('Clean HPLC trace')).toContainText('Thank you for sharing your lab results.');
    await expectPage(card('Clean HPLC trace').getByRole('button', { name: /^Edit response/ })).toBeVisible();

    await moderation.getByRole('combobox', { name: 'Show' }).selectOption('hidden');
    await expectPage(moderation.getByRole('article')).toHaveCount(1);
    await expectPage(card('Cures everything, guaranteed')).toBeVisible();
    await moderation.getByRole('combobox', { name: 'Show' }).selectOption('all');
    await expectPage(moderation.getByRole('article')).toHaveCount(2);
    await page.screenshot({ path: screenshotPath('admin-reviews-desktop'), fullPage: true });

    // What a shopper sees on the product page.
    const shopper = await shop.newPage(DESKTOP);
    await shopper.page.goto(`/products/${product.id}`);
    const reviews = shopper.page.getByRole('list', { name: 'Reviews', exact: true });
    await expectPage(reviews.getByRole('heading', { name: 'Clean HPLC trace' })).toBeVisible();
    await expectPage(reviews.getByText('Thank you for sharing your lab results.')).toBeVisible();
    await expectPage(reviews.getByText('Response from the shop')).toBeVisible();
    await expectPage(shopper.page.getByText('Cures everything, guaranteed')).toHaveCount(0);
    await shopper.page.screenshot({ path: screenshotPath('admin-review-product-page-desktop'), fullPage: true });

    // Shown again: back on the product page.
    await card('Cures everything, guaranteed').getByRole('button', { name: /^Show again/ }).click();
    await expectPage(toast(page, 'Review shown again')).toBeVisible();
    await expectPage(card('Cures everything, guaranteed').getByText('Visible', { exact: true })).toBeVisible();
    await shopper.page.reload();
    await expectPage(shopper.page.getByRole('list', { name: 'Reviews', exact: true }).getByRole('heading', { name: 'Cures everything, guaranteed' })).toBeVisible();

    // The moderation is in the log, by the admin, with its reason.
    await openAdminSection(page, 'Audit log');
    await panel(page, 'Audit log').getByRole('combobox', { name: 'Event' }).selectOption('ReviewHidden');
    await expectPage(auditRow(page, 'Review hidden')).toContainText('Hidden from the storefront: Makes a medical claim');
    await expectPage(auditRow(page, 'Review hidden')).toContainText('Store Admin');
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    expect(unexpectedErrors(shopper.consoleErrors)).toEqual([]);
  }, 90_000);

  it('fits the three screens on a phone, with cards instead of wide tables', async () => {
    const { page, consoleErrors } = await openAdmin(shop, MOBILE);
    await openAdminSection(page, 'Audit log');
    const log = panel(page, 'Audit log');
    await expectPage(log.getByText(/^Page 1 of /)).toBeVisible();
    await expectPage(log.getByRole('list', { name: 'Audit log, newest first' }).getByRole('listitem')).toHaveCount(25);
    await expectWithinPhoneWidth(page);
    await page.screenshot({ path: screenshotPath('admin-audit-mobile'), fullPage: true });
    await log.getByRole('textbox', { name: 'Stream' }).fill(`order-${orderId}`);
    const shipped = log.getByRole('list', { name: 'Audit log, oldest first' }).getByRole('listitem').filter({ hasText: 'Order shipped' });
    await expectPage(shipped).toContainText(`Shipped with DHL, tracking ${TRACKING}`);
    await expectPage(shipped).toContainText('Store Admin');
    await expectWithinPhoneWidth(page);
    await page.screenshot({ path: screenshotPath('admin-audit-order-mobile'), fullPage: true });
    await shipped.getByRole('button', { name: /show its history$/ }).click();
    await expectPage(page.getByRole('dialog', { name: `History of Order #${orderId}` }).getByRole('listitem')).toHaveCount(3);
    await page.screenshot({ path: screenshotPath('admin-audit-trail-mobile') });
    await page.keyboard.press('Escape');
    await expectPage(page.getByRole('dialog')).toHaveCount(0);

    await openAdminSection(page, 'Referral codes');
    // A card per code on a phone (the DataTable's rows), each fact with its heading.
    const research = panel(page, 'Referral codes').getByRole('table', { name: 'Referral codes' }).getByRole('row').filter({ hasText: 'RESEARCH5' });
    await expectPage(research).toContainText('5%');
    await expectPage(research).toContainText('0 orders');
    await expectPage(research.getByRole('button', { name: 'Deactivate RESEARCH5' })).toBeVisible();
    await expectWithinWidth(research, MOBILE.width);
    await expectWithinPhoneWidth(page);
    await page.screenshot({ path: screenshotPath('admin-referral-codes-mobile'), fullPage: true });
    await panel(page, 'Referral codes').getByRole('button', { name: 'New referral code' }).click();
    await expectPage(page.getByRole('dialog', { name: 'New Referral Code' })).toBeVisible();
    await page.screenshot({ path: screenshotPath('admin-referral-dialog-mobile') });
    await page.keyboard.press('Escape');

    await openAdminSection(page, 'Reviews');
    await expectPage(panel(page, 'Reviews').getByRole('article', { name: 'Clean HPLC trace' })).toBeVisible();
    await expectWithinPhoneWidth(page);
    await page.screenshot({ path: screenshotPath('admin-reviews-mobile'), fullPage: true });
    await panel(page, 'Reviews').getByRole('article', { name: 'Clean HPLC trace' }).getByRole('button', { name: /^(Answer|Edit response)/ }).click();
    await expectPage(page.getByRole('dialog')).toBeVisible();
    await page.screenshot({ path: screenshotPath('admin-review-dialog-mobile') });
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
  }, 90_000);

  it('has no serious or critical axe violations in the three tabs, on a desktop and a phone', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const page = await openAdminForAxe(shop, viewport);
      for (const [tab, ready] of [
        ['Audit log', /^Page 1 of /],
        ['Referral codes', /RESEARCH5/],
        ['Reviews', /Clean HPLC trace/],
      ] as const) {
        await openAdminSection(page, tab);
        await expectPage(panel(page, tab).getByText(ready).first()).toBeVisible();
        const serious = (await seriousAxeViolations(page, '.admin-content')).map((violation) => `${tab} at ${viewport.width}px: ${violation}`);
        expect(serious).toEqual([]);
      }
      await page.context().close();
    }
  }, 90_000);
});
