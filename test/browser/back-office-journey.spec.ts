import { readFileSync } from 'node:fs';
import { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { DESKTOP, expectNoSidewaysPan, expectWithinWidth, MOBILE, openAdmin, placeGuestOrder, Shop, screenshotPath, startShop, unexpectedErrors } from './browser-support';
import { expect as expectPage } from './expect-page';

const TRANSACTION = '9f8e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a39281706f5e4d3c2b1a0';

/**
 * The back office's acceptance journey (issue: a back office the store can be run from): an admin
 * creates a product with an uploaded PNG, a shopper orders it, the admin confirms the payment and
 * ships it, the order's history names the admin, and Export gives the filtered payments. At 1280 and 390 px.
 */
describe('Running the store from the back office', () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await startShop();
  }, 90_000);
  afterAll(async () => shop?.close());

  async function createProductWithImage(page: Page, name: string, sku: string) {
    await page.getByRole('tab', { name: 'Products' }).click();
    await page.getByRole('button', { name: 'Add Product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Product' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('textbox', { name: 'SKU' }).fill(sku);
    await dialog.getByLabel('Price (AUD)').fill('64.50');
    await dialog.getByLabel('Stock').fill('12');
    await dialog.getByLabel('Dosage').fill('10mg');
    await dialog.getByRole('button', { name: 'Upload image' }).click();
    const png = await sharp({ create: { width: 900, height: 900, channels: 3, background: { r: 20, g: 90, b: 160 } } }).png().toBuffer();
    await dialog.getByLabel('Image file').setInputFiles({ name: 'vial.png', mimeType: 'image/png', buffer: png });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expectPage(dialog.getByLabel('Image URL')).toHaveValue(/^\/objects\/images\/[\w-]+\/640\.webp$/);
    await dialog.getByRole('button', { name: 'Create Product' }).click();
    await expectPage(page.getByText('Product created successfully.')).toBeVisible();
    await expectPage(dialog).toBeHidden();
    const products = (await (await page.context().request.get('/api/admin/products')).json()) as { id: number; sku: string; imageUrl: string | null }[];
    return products.find((product) => product.sku === sku)!;
  }

  /** A shopper's order, paid in bitcoin. */
  const placeBitcoinOrder = (productId: number) =>
    placeGuestOrder(shop.api, {
      customerEmail: 'barbara@example.com',
      shippingMethod: 'express',
      shippingAddress: { firstName: 'Barbara', lastName: 'McClintock', phone: '02 9876 5432', address: '1 Science Rd', city: 'Newcastle', state: 'NSW', postalCode: '2300', country: 'Australia' },
      items: [{ productId, quantity: 2 }],
      coin: 'bitcoin',
    });

  const orderCard = (page: Page, orderId: number): Locator =>
    page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: new RegExp(`Order #${orderId}\\b`) }) });

  it('creates a product with an uploaded image, takes its order through payment and shipping, and shows who did what', async () => {
    const { page, consoleErrors } = await openAdmin(shop, DESKTOP);
    const product = await createProductWithImage(page, 'Journey Peptide 10mg', 'JOURNEY-10');
    expect(product.imageUrl).toMatch(/^\/objects\/images\//);

    // The storefront shows it with its image, in responsive sizes.
    const storefront = (await shop.newPage(DESKTOP)).page;
    await storefront.goto(`/products/${product.id}`);
    const image = storefront.getByRole('img', { name: 'Journey Peptide 10mg' }).first();
    await expectPage(image).toBeVisible();
    expect(await image.getAttribute('srcset')).toMatch(/320\.webp 320w/);
    await storefront.waitForFunction("[...document.images].some((img) => img.currentSrc.includes('/objects/images/') && img.complete && img.naturalWidth > 0)");
    await storefront.screenshot({ path: screenshotPath('journey-product-page-desktop') });

    const { order, payment } = await placeBitcoinOrder(product.id);

    // Payments: the details dialog, then a manual confirmation with the transaction hash.
    await page.getByRole('tab', { name: 'Payments' }).click();
    await page.getByRole('searchbox', { name: 'Search payments' }).fill(String(order.id));
    const row = page.getByRole('row', { name: new RegExp(`^#${payment.id} #${order.id} Bitcoin`) });
    await row.getByRole('button', { name: `Details of payment #${payment.id}` }).click();
    const details = page.getByRole('dialog', { name: `Payment Details - #${payment.id}` });
    await expectPage(details.getByRole('heading', { name: 'Payment Information' })).toBeVisible();
    await expectPage(details.getByRole('heading', { name: 'Transaction Timeline' })).toBeVisible();
    await expectPage(details.getByText('Initiated')).toBeVisible();
    await details.getByRole('button', { name: 'Confirm payment' }).click();
    const confirm = page.getByRole('dialog', { name: `Confirm Payment #${payment.id}` });
    await confirm.getByRole('textbox', { name: 'Transaction hash' }).fill(TRANSACTION);
    await confirm.getByRole('button', { name: 'Confirm payment' }).click();
    await expectPage(page.getByText('The order is marked as paid.')).toBeVisible();
    await expectPage(row.getByText('Confirmed')).toBeVisible();
    await row.getByRole('button', { name: `Details of payment #${payment.id}` }).click();
    const timeline = details.getByRole('list').first();
    await expectPage(timeline.getByText('Confirmed')).toBeVisible();
    await expectPage(details.getByText('Blockchain TX Hash')).toBeVisible();
    await page.screenshot({ path: screenshotPath('journey-payment-details-desktop') });
    await details.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expectPage(details).toBeHidden();

    // Export: exactly the filtered rows.
    const [exported] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export' }).click()]);
    const csv = readFileSync((await exported.path())!, 'utf8').trimEnd().split('\r\n');
    expect(csv).toHaveLength(2);
    expect(csv[1]).toMatch(new RegExp(`^${payment.id},${order.id},Bitcoin \\(BTC\\),.*,confirmed,,${TRANSACTION}`));

    // Orders: paid, so shipping asks nothing more than the tracking number and carrier.
    await page.getByRole('tab', { name: 'Orders' }).click();
    await page.getByRole('tab', { name: /^Processing/ }).click();
    const card = orderCard(page, order.id);
    await card.getByRole('button', { name: 'Mark as Shipped' }).click();
    const ship = page.getByRole('dialog', { name: `Mark Order #${order.id} as Shipped` });
    await expectPage(ship.getByRole('checkbox')).toHaveCount(0);
    await ship.getByRole('textbox', { name: 'Tracking number' }).fill('JD014600006281234567');
    await ship.getByRole('combobox', { name: 'Shipping carrier' }).selectOption('DHL');
    await ship.getByRole('button', { name: 'Mark as Shipped' }).click();
    await expectPage(page.getByText('Shipping information updated and customer notified.')).toBeVisible();

    // The order's history, from the log: placed by the guest, paid and shipped by the admin.
    await page.getByRole('tab', { name: /^Shipped/ }).click();
    await orderCard(page, order.id).getByRole('button', { name: `View Details of order #${order.id}` }).click();
    const orderDetails = page.getByRole('dialog', { name: `Order #${order.id} Details` });
    await expectPage(orderDetails.getByRole('cell', { name: /Journey Peptide 10mg/ })).toBeVisible();
    const history = orderDetails.getByRole('region', { name: 'Timeline' });
    const entry = (label: string) => history.getByRole('listitem').filter({ hasText: label });
    await expectPage(entry('Order placed')).toBeVisible();
    await expectPage(entry('Order paid')).toContainText('Admin');
    await expectPage(entry('Order shipped')).toContainText('JD014600006281234567');
    await expectPage(entry('Order shipped')).toContainText('Admin');
    await page.screenshot({ path: screenshotPath('journey-order-details-desktop') });
    await page.keyboard.press('Escape');
    await expectPage(orderDetails).toBeHidden();

    // The global audit log lists the same facts, with the admin as their actor.
    await page.getByRole('tab', { name: 'Audit log' }).click();
    await expectPage(page.getByRole('cell', { name: /Order shipped/ }).first()).toBeVisible();
    await page.screenshot({ path: screenshotPath('journey-audit-log-desktop'), fullPage: true });
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
  }, 120_000);

  it('runs the same back office on a 390 px phone without panning the page', async () => {
    const products = (await (await shop.api.get('/api/products')).json()) as { id: number; name: string }[];
    const { order, payment } = await placeBitcoinOrder(products[0].id);
    const { page, consoleErrors } = await openAdmin(shop, MOBILE);
    for (const tab of ['Dashboard', 'Products', 'Orders', 'Payments', 'Referral codes', 'Reviews', 'Audit log']) {
      const button = page.getByRole('tab', { name: tab, exact: true });
      await expectWithinWidth(button, MOBILE.width);
      await button.click();
      await page.waitForLoadState('networkidle');
      await expectNoSidewaysPan(page, MOBILE.width);
    }
    await page.getByRole('tab', { name: 'Payments' }).click();
    await page.getByRole('searchbox', { name: 'Search payments' }).fill(String(order.id));
    await page.getByRole('button', { name: `Details of payment #${payment.id}` }).click();
    const details = page.getByRole('dialog', { name: `Payment Details - #${payment.id}` });
    await expectPage(details.getByRole('heading', { name: 'Transaction Timeline' })).toBeVisible();
    await expectWithinWidth(details, MOBILE.width);
    await expectNoSidewaysPan(page, MOBILE.width);
    await page.screenshot({ path: screenshotPath('journey-payment-details-mobile') });
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'Orders' }).click();
    await orderCard(page, order.id).getByRole('button', { name: `View Details of order #${order.id}` }).click();
    const orderDetails = page.getByRole('dialog', { name: `Order #${order.id} Details` });
    await expectPage(orderDetails.getByRole('region', { name: 'Timeline' })).toBeVisible();
    await expectNoSidewaysPan(page, MOBILE.width);
    await page.screenshot({ path: screenshotPath('journey-order-details-mobile') });
    await page.keyboard.press('Escape');
    // Shipping an unpaid crypto order asks first.
    await orderCard(page, order.id).getByRole('button', { name: 'Mark as Shipped' }).click();
    const ship = page.getByRole('dialog', { name: `Mark Order #${order.id} as Shipped` });
    await expectPage(ship.getByRole('checkbox', { name: 'Ship although the payment is not confirmed' })).toBeVisible();
    await page.screenshot({ path: screenshotPath('journey-ship-unpaid-mobile') });
    await page.keyboard.press('Escape');
    await page.screenshot({ path: screenshotPath('journey-orders-mobile'), fullPage: true });
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
  }, 120_000);
});
