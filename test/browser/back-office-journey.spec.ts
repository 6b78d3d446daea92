import { readFileSync } from 'node:fs';
import { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { eventually } from '../support/eventually';
import { adminApiClient, adminNavigation, DESKTOP, expectNoSidewaysPan, expectWithinWidth, MOBILE, openAdmin, placeGuestOrder, Shop, screenshotPath, startShop, unexpectedErrors, openAdminSection } from './browser-support';
import { expect as expectPage } from './expect-page';

/**
 * Types a payment search and waits until the list has taken it (it is in the address after the typing
 * pause), so that opening a payment next is not raced by the search's own step in the history.
 */
async function searchPayments(page: Page, text: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search payments' }).fill(text);
  await page.waitForURL((url) => url.searchParams.get('search') === text);
}

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
    await openAdminSection(page, 'Products');
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
    // A function, not a string: the shop's CSP has no 'unsafe-eval', and Playwright evaluates a string predicate with eval while it polls.
    type Images = { images: ArrayLike<{ currentSrc: string; complete: boolean; naturalWidth: number }> };
    await storefront.waitForFunction(() =>
      Array.from((globalThis as unknown as { document: Images }).document.images).some(
        (img) => img.currentSrc.includes('/objects/images/') && img.complete && img.naturalWidth > 0,
      ),
    );
    await storefront.screenshot({ path: screenshotPath('journey-product-page-desktop') });

    const { order, payment } = await placeBitcoinOrder(product.id);

    // Payments: the details dialog, then a manual confirmation with the transaction hash.
    await openAdminSection(page, 'Payments');
    await searchPayments(page, String(order.id));
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
    await openAdminSection(page, 'Orders');
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

    // Issue 21: a partial refund to the address the customer gave, recorded with the transaction sent.
    await orderDetails.getByRole('button', { name: 'Refund', exact: true }).click();
    const refund = page.getByRole('dialog', { name: `Refund order #${order.id}` });
    await refund.getByRole('textbox', { name: 'Amount (A$)' }).fill('10.00');
    await refund.getByRole('textbox', { name: 'Reason' }).fill('One vial arrived cracked');
    await refund.getByRole('button', { name: 'Record refund' }).click();
    await expectPage(refund.getByText('Send the refund first, then enter its transaction hash')).toBeVisible();
    await refund.getByRole('textbox', { name: "Customer's Bitcoin (BTC) address" }).fill('bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh');
    await refund.getByRole('textbox', { name: 'Refund transaction hash' }).fill('e'.repeat(64));
    await page.screenshot({ path: screenshotPath('journey-refund-dialog-desktop') });
    await refund.getByRole('button', { name: 'Record refund' }).click();
    await expectPage(page.getByText(`A$10.00 refunded on order #${order.id}; the customer is e-mailed.`)).toBeVisible();
    await expectPage(refund).toBeHidden();
    await expectPage(orderDetails.getByText(/A\$10\.00 \(part of the total\)/)).toBeVisible();
    await expectPage(entry('Order refunded')).toContainText('Refunded A$10.00');
    await page.keyboard.press('Escape');
    await expectPage(orderDetails).toBeHidden();

    // The global audit log lists the same facts, with the admin as their actor.
    await openAdminSection(page, 'Audit log');
    await expectPage(page.getByRole('cell', { name: /Order shipped/ }).first()).toBeVisible();
    await page.screenshot({ path: screenshotPath('journey-audit-log-desktop'), fullPage: true });
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
  }, 120_000);

  it('shows the stock an unpaid order holds on the dashboard, and releases it', async () => {
    const [product] = (await (await shop.api.get('/api/products')).json()) as { id: number; name: string; stock: number }[];
    const { order } = await placeGuestOrder(shop.api, {
      customerEmail: 'holder@example.com',
      shippingAddress: { firstName: 'Hold', lastName: 'Er', phone: '02 9876 5432', address: '1 Science Rd', city: 'Newcastle', state: 'NSW', postalCode: '2300', country: 'Australia' },
      items: [{ productId: product.id, quantity: 3 }],
    });
    const { page, consoleErrors } = await openAdmin(shop, DESKTOP);
    // Beside it, the products low in stock (10 units or fewer), from the server.
    const lowStock = (await (await (await adminApiClient(shop)).get('/api/admin/stock/low')).json()) as { name: string }[];
    const lowPanel = page.getByRole('region', { name: 'Low stock' });
    if (lowStock.length > 0) await expectPage(lowPanel.getByRole('listitem').filter({ hasText: lowStock[0].name }).first()).toBeVisible();
    else await expectPage(lowPanel.getByText('Every active product has more than 10 units.')).toBeVisible();
    const panel = page.getByRole('region', { name: 'Stock held by unpaid orders' });
    const held = panel.getByRole('listitem').filter({ hasText: product.name }).first();
    await held.getByText(product.name).click();
    const holding = held.getByRole('listitem').filter({ hasText: `#${order.id}` });
    await expectPage(holding).toContainText('holder@example.com');
    await holding.getByRole('button', { name: 'Release' }).click();
    const dialog = page.getByRole('dialog', { name: `Release the stock of order #${order.id}?` });
    await dialog.getByRole('button', { name: 'Release stock' }).click();
    await expectPage(page.getByText(`Order #${order.id} was cancelled and its stock is back on sale.`)).toBeVisible();
    await expectPage(panel.getByText(`#${order.id}`)).toHaveCount(0);
    // The release answers once the orders read model has it; the catalogue's stock is projected beside it, maybe a moment later.
    await eventually(async () => {
      const after = (await (await shop.api.get(`/api/products/${product.id}`)).json()) as { stock: number };
      expect(after.stock).toBe(product.stock);
    }, 30_000);
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
  }, 60_000);

  it('runs the same back office on a 390 px phone without panning the page', async () => {
    const products = (await (await shop.api.get('/api/products')).json()) as { id: number; name: string }[];
    const { order, payment } = await placeBitcoinOrder(products[0].id);
    const { page, consoleErrors } = await openAdmin(shop, MOBILE);
    await expectWithinWidth(page.getByRole('button', { name: 'Menu', exact: true }), MOBILE.width);
    // The dashboard's recent orders: a card each (a DataTable's row), every fact within the phone's width (a table showed 2 of 7 columns).
    const recent = page.getByRole('table', { name: 'Recent orders' }).getByRole('row').filter({ hasText: `#${order.id}` });
    await expectPage(recent).toContainText('barbara@example.com');
    await expectPage(recent).toContainText('Bitcoin (BTC)');
    await expectWithinWidth(recent, MOBILE.width);
    await page.screenshot({ path: screenshotPath('admin-dashboard-recent-390') });
    for (const tab of ['Dashboard', 'Products', 'Orders', 'Payments', 'Referral codes', 'Reviews', 'Audit log']) {
      await openAdminSection(page, tab);
      await page.waitForLoadState('networkidle');
      await expectNoSidewaysPan(page, MOBILE.width);
    }
    await openAdminSection(page, 'Payments');
    await searchPayments(page, String(order.id));
    await page.getByRole('button', { name: `Details of payment #${payment.id}` }).click();
    const details = page.getByRole('dialog', { name: `Payment Details - #${payment.id}` });
    await expectPage(details.getByRole('heading', { name: 'Transaction Timeline' })).toBeVisible();
    await expectWithinWidth(details, MOBILE.width);
    await expectNoSidewaysPan(page, MOBILE.width);
    await page.screenshot({ path: screenshotPath('journey-payment-details-mobile') });
    await page.keyboard.press('Escape');
    await expectPage(details).toBeHidden();

    await openAdminSection(page, 'Orders');
    await orderCard(page, order.id).getByRole('button', { name: `View Details of order #${order.id}` }).click();
    const orderDetails = page.getByRole('dialog', { name: `Order #${order.id} Details` });
    await expectPage(orderDetails.getByRole('region', { name: 'Timeline' })).toBeVisible();
    await expectNoSidewaysPan(page, MOBILE.width);
    await page.screenshot({ path: screenshotPath('journey-order-details-mobile') });
    await page.keyboard.press('Escape');
    // Closed (Back in the history) before the card's own button is pressed.
    await expectPage(orderDetails).toBeHidden();
    // Shipping an unpaid crypto order asks first.
    await orderCard(page, order.id).getByRole('button', { name: 'Mark as Shipped' }).click();
    const ship = page.getByRole('dialog', { name: `Mark Order #${order.id} as Shipped` });
    await expectPage(ship.getByRole('checkbox', { name: 'Ship although the payment is not confirmed' })).toBeVisible();
    await page.screenshot({ path: screenshotPath('journey-ship-unpaid-mobile') });
    await page.keyboard.press('Escape');
    await page.screenshot({ path: screenshotPath('journey-orders-mobile'), fullPage: true });
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
  }, 120_000);

  /** What has the keyboard focus: its text, its aria-current and whether a focus ring is drawn around it. */
  const focused = (page: Page) =>
    page.evaluate(() => {
      type Element = { textContent: string | null; getAttribute(name: string): string | null };
      const window = globalThis as unknown as { document: { activeElement: Element | null }; getComputedStyle(element: Element): { outlineStyle: string } };
      const element = window.document.activeElement;
      return { text: element?.textContent?.trim() ?? '', current: element?.getAttribute('aria-current') ?? null, ring: element ? window.getComputedStyle(element).outlineStyle !== 'none' : false };
    });
  const currentLinks = (page: Page) => adminNavigation(page).locator('a[aria-current="page"]').allTextContents();

  it('lists every section in a grouped sidebar at 1280 px, each a link of its own that a reload and Back keep', async () => {
    const { page, consoleErrors } = await openAdmin(shop, DESKTOP);
    const sidebar = adminNavigation(page);
    // Checkout spec §2's five in their order, the later five in theirs, under their groups.
    expect(await sidebar.getByRole('link').allTextContents()).toEqual(['Dashboard', 'Products', 'Orders', 'Payments', 'Referral codes', 'Reviews', 'Support', 'Verifications', 'Analytics', 'Notifications', 'Audit log', 'API tokens', 'Staff']);
    for (const [group, links] of [
      ['Catalogue', ['Products']],
      ['Sales', ['Orders', 'Payments', 'Referral codes']],
      ['Customers', ['Reviews', 'Support', 'Verifications']],
      ['Insights', ['Analytics']],
      ['System', ['Notifications', 'Audit log', 'API tokens', 'Staff']],
    ] as const) {
      expect({ group, links: await sidebar.getByRole('list', { name: group, exact: true }).getByRole('link').allTextContents() }).toEqual({ group, links });
    }
    expect(await currentLinks(page)).toEqual(['Dashboard']);
    await expectPage(page.getByRole('button', { name: 'Menu', exact: true })).toHaveCount(0);

    // One section of each group: its own address, marked current, its panel and its title.
    for (const [name, path] of [
      ['Products', '/admin/products'],
      ['Payments', '/admin/payments'],
      ['Support', '/admin/support'],
      ['Analytics', '/admin/analytics'],
      ['Audit log', '/admin/audit'],
    ] as const) {
      const link = sidebar.getByRole('link', { name, exact: true });
      expect(await link.getAttribute('href')).toBe(path);
      await link.click();
      await page.getByRole('region', { name, exact: true }).waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
      await eventually(async () => expect(await currentLinks(page)).toEqual([name]));
      // The title is set in an effect, after the render that shows the panel.
      await eventually(async () => expect(await page.title()).toMatch(new RegExp(`^${name} · Admin \\|`)));
    }
    // A reload stays on the section; Back returns to the one before.
    await page.reload();
    await page.getByRole('region', { name: 'Audit log', exact: true }).waitFor();
    expect(await currentLinks(page)).toEqual(['Audit log']);
    await page.goBack();
    await page.getByRole('region', { name: 'Analytics', exact: true }).waitFor();
    expect(await currentLinks(page)).toEqual(['Analytics']);

    // The keyboard: Tab goes from link to link, with a focus ring.
    await sidebar.getByRole('link', { name: 'Orders', exact: true }).focus();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toEqual({ text: 'Payments', current: null, ring: true });
    await page.keyboard.press('Tab');
    expect(await focused(page)).toEqual({ text: 'Referral codes', current: null, ring: true });
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Referral codes', exact: true }).waitFor();
    expect(await currentLinks(page)).toEqual(['Referral codes']);
    await page.mouse.move(0, 0);
    await page.screenshot({ path: screenshotPath('admin-sidebar-1280') });
    // A record's address (the order's details open over its list) keeps its section current.
    const products = (await (await shop.api.get('/api/products')).json()) as { id: number }[];
    const { order } = await placeBitcoinOrder(products[0].id);
    await page.goto(`/admin/orders/${order.id}`);
    await page.getByRole('dialog', { name: `Order #${order.id} Details` }).waitFor();
    expect(await currentLinks(page)).toEqual(['Orders']);
    expect(unexpectedErrors(consoleErrors, [404])).toEqual([]);
  }, 120_000);

  it('at 390 px puts the same sections behind a Menu button: the keyboard opens it, a link or Escape closes it, the focus returns', async () => {
    const { page, consoleErrors } = await openAdmin(shop, MOBILE);
    await page.goto('/admin/orders');
    await page.getByRole('region', { name: 'Orders', exact: true }).waitFor();
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    const sheet = page.getByRole('dialog', { name: 'Menu' });
    // No sidebar beside the content: the Menu button and where the page is.
    await expectPage(adminNavigation(page)).toHaveCount(0);
    await expectPage(page.getByText('Sales / Orders', { exact: true })).toBeVisible();
    expect(await menu.getAttribute('aria-expanded')).toBe('false');

    // Opened from the keyboard: the current section's link has the focus.
    await menu.focus();
    await page.keyboard.press('Enter');
    await expectPage(sheet).toBeVisible();
    await eventually(async () => expect(await menu.getAttribute('aria-expanded')).toBe('true'));
    expect(await sheet.getByRole('navigation', { name: 'Back office' }).getByRole('link').allTextContents()).toEqual(['Dashboard', 'Products', 'Orders', 'Payments', 'Referral codes', 'Reviews', 'Support', 'Verifications', 'Analytics', 'Notifications', 'Audit log', 'API tokens', 'Staff']);
    expect(await sheet.getByRole('list', { name: 'Sales', exact: true }).getByRole('link').allTextContents()).toEqual(['Orders', 'Payments', 'Referral codes']);
    // The sheet moves the focus in once it is open (an effect): waited for, not read once.
    await eventually(async () => expect(await focused(page)).toEqual({ text: 'Orders', current: 'page', ring: true }));
    // Measured once it has slid in.
    await sheet.evaluate((panel) => Promise.all((panel as { getAnimations(): { finished: Promise<unknown> }[] }).getAnimations().map((animation) => animation.finished)));
    await expectWithinWidth(sheet, MOBILE.width);
    await page.screenshot({ path: screenshotPath('admin-menu-390-open') });

    // Escape closes it, and the focus is back on the button.
    await page.keyboard.press('Escape');
    await expectPage(sheet).toBeHidden();
    await eventually(async () => expect(await focused(page)).toMatchObject({ text: 'Menu' }));
    expect(await menu.getAttribute('aria-expanded')).toBe('false');

    // Following a link closes it too.
    await page.keyboard.press(' ');
    await expectPage(sheet).toBeVisible();
    // Tab only once the focus is in the sheet, on the current section's link.
    await eventually(async () => expect(await focused(page)).toMatchObject({ text: 'Orders' }));
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ text: 'Payments' });
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Payments', exact: true }).waitFor();
    await expectPage(sheet).toBeHidden();
    expect(new URL(page.url()).pathname).toBe('/admin/payments');
    await expectPage(page.getByText('Sales / Payments', { exact: true })).toBeVisible();
    await eventually(async () => expect(await focused(page)).toMatchObject({ text: 'Menu' }));
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await expectNoSidewaysPan(page, MOBILE.width);
    await page.screenshot({ path: screenshotPath('admin-menu-390-closed') });

    // Back returns to Orders; a click beside the sheet closes it.
    await page.goBack();
    await page.getByRole('region', { name: 'Orders', exact: true }).waitFor();
    await menu.click();
    await expectPage(sheet).toBeVisible();
    await page.mouse.click(MOBILE.width - 10, MOBILE.height / 2);
    await expectPage(sheet).toBeHidden();
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
  }, 120_000);
});
