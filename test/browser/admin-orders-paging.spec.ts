import type { APIRequestContext, Page } from 'playwright-core';
import { eventually } from '../support/eventually';
import {
  adminApiClient,
  DESKTOP,
  expectNoSidewaysPan,
  expectWithinWidth,
  MOBILE,
  openAdmin,
  openAdminForAxe,
  placeGuestOrder,
  screenshotPath,
  seriousAxeViolations,
  Shop,
  signInToAdmin,
  startShop,
  unexpectedErrors,
  openAdminSection,
} from './browser-support';
import { expect as expectPage } from './expect-page';

/** More than the server's default page of 50, so the Orders tab has a second page. */
const ORDERS = 60;
/** The third order placed is Ada's: the one a search by name finds. */
const ADA = 2;
/** The four oldest orders are moved to processing, the next two cancelled. */
const PROCESSING = [0, 1, 2, 3];
const CANCELLED = [4, 5];

const address = (firstName: string, lastName: string) => ({ firstName, lastName, phone: '02 9876 5432', address: '1 Paging Lane', city: 'Newcastle', state: 'NSW' as const, postalCode: '2300', country: 'Australia' });

/**
 * The back office's Orders tab over more orders than one page: the server pages, filters and counts
 * them; the page and the filters live in the URL, so reload, back and a shared link show the same view.
 */
describe('Paging and filtering the orders in the back office', () => {
  let shop: Shop;
  let admin: APIRequestContext;
  /** Order ids in the order they were placed, oldest first. */
  const ids: number[] = [];
  /** The ids a page shows, newest first. */
  const newestFirst = (from: number, to: number) => ids.slice(from, to).reverse();

  beforeAll(async () => {
    shop = await startShop();
    admin = await adminApiClient(shop);
    const created = await admin.post('/api/admin/products', { data: { name: 'Paging Peptide 5mg', sku: 'ORDER-PAGING-5', price: '25.00', stock: 1000 } });
    expect(created.status()).toBe(201);
    const product = (await created.json()) as { id: number };
    for (let i = 0; i < ORDERS; i += 1) {
      const [firstName, lastName, customerEmail] = i === ADA ? ['Ada', 'Lovelace', 'ada@analytical.example'] : ['Paging', `Buyer ${i}`, `buyer-${i}@example.com`];
      const { order } = await placeGuestOrder(shop.api, { customerEmail, shippingAddress: address(firstName, lastName), items: [{ productId: product.id, quantity: 1 }] });
      ids.push(order.id);
    }
    for (const [indices, status] of [[PROCESSING, 'processing'], [CANCELLED, 'cancelled']] as const) {
      for (const index of indices) expect((await admin.put(`/api/orders/${ids[index]}/status`, { data: { status } })).status()).toBe(200);
    }
  }, 180_000);
  afterAll(async () => shop?.close());

  const orderList = (page: Page) => page.getByRole('list', { name: 'Orders' });
  const pager = (page: Page) => page.getByRole('navigation', { name: 'Order pages' });
  const shownIds = async (page: Page) => (await orderList(page).getByRole('heading', { level: 3 }).allTextContents()).map((title) => Number(/#(\d+)/.exec(title)![1]));
  const expectShown = (page: Page, expected: number[]) => eventually(async () => expect(await shownIds(page)).toEqual(expected));
  const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

  it('pages on the server, keeps the page and the filters in the URL, and restores them on reload and Back', async () => {
    const { page, consoleErrors } = await openAdmin(shop, DESKTOP);
    await openAdminSection(page, 'Orders');
    await page.waitForURL((url) => url.pathname === '/admin/orders');

    // The status tabs count every order, from the server's figures.
    for (const label of [`All Orders (${ORDERS})`, `Pending (${ORDERS - PROCESSING.length - CANCELLED.length})`, `Processing (${PROCESSING.length})`, 'Shipped (0)', `Cancelled (${CANCELLED.length})`]) {
      await expectPage(page.getByRole('tab', { name: label, exact: true })).toBeVisible();
    }
    // The first page: the 50 newest, and only those.
    await expectPage(pager(page).getByText(`Showing 1–50 of ${ORDERS}`)).toBeVisible();
    await expectPage(pager(page).getByText('Page 1 of 2')).toBeVisible();
    await expectShown(page, newestFirst(ORDERS - 50, ORDERS));
    expect(await pager(page).getByRole('button', { name: 'Previous' }).getAttribute('aria-disabled')).toBe('true');

    // Next: the ten oldest, with the page in the URL; Next is now at its end and keeps the focus.
    await pager(page).getByRole('button', { name: 'Next' }).click();
    await expectPage(pager(page).getByText(`Showing 51–${ORDERS} of ${ORDERS}`)).toBeVisible();
    expect(query(page)).toEqual({ page: '2' });
    await expectShown(page, newestFirst(0, ORDERS - 50));
    await eventually(async () => expect(await pager(page).getByRole('button', { name: 'Next' }).getAttribute('aria-disabled')).toBe('true'));
    await eventually(async () => expect(await page.evaluate('document.activeElement?.textContent?.trim()')).toBe('Next'));
    await pager(page).scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('admin-orders-page-2-1280') });

    // Reload: the same page.
    await page.reload();
    await expectPage(pager(page).getByText(`Showing 51–${ORDERS} of ${ORDERS}`)).toBeVisible();
    await expectShown(page, newestFirst(0, ORDERS - 50));

    // A status tab filters on the server and starts at page 1.
    await page.getByRole('tab', { name: /^Processing/ }).click();
    await expectShown(page, newestFirst(0, PROCESSING.length));
    expect(query(page)).toEqual({ status: 'processing' });
    await expectPage(pager(page).getByText(`Showing 1–${PROCESSING.length} of ${PROCESSING.length}`)).toBeVisible();

    // A change reads the page and the counts again: the order leaves Processing for Shipped. The menu offers
    // only the moves the shop allows: forward, or cancelled before shipping, never back to Pending.
    const moved = ids[PROCESSING.length - 1];
    const card = orderList(page).getByRole('listitem').filter({ has: page.getByRole('heading', { name: new RegExp(`^Order #${moved}\\b`) }) });
    const menu = card.getByRole('combobox', { name: 'Order status' });
    expect(await menu.getByRole('option').allTextContents()).toEqual(['Processing', 'Shipped', 'Delivered', 'Cancelled']);
    await menu.selectOption('shipped');
    // Unpaid in crypto: the shop asks first.
    await page.getByRole('dialog').getByRole('button', { name: 'Mark as Shipped' }).click();
    await expectPage(page.getByText('Order status updated successfully.')).toBeVisible();
    await expectPage(page.getByRole('tab', { name: `Processing (${PROCESSING.length - 1})` })).toBeVisible();
    await expectPage(page.getByRole('tab', { name: 'Shipped (1)' })).toBeVisible();
    await expectShown(page, newestFirst(0, PROCESSING.length - 1));

    // Search by part of a name, ignoring case, after typing stops.
    const search = page.getByRole('searchbox', { name: 'Search orders' });
    await search.fill('LOVELACE');
    await expectShown(page, [ids[ADA]]);
    expect(query(page)).toEqual({ status: 'processing', search: 'LOVELACE' });
    await page.screenshot({ path: screenshotPath('admin-orders-search-1280') });

    // Back: the search goes, then the status; page 2 of every order again.
    await page.goBack();
    await expectShown(page, newestFirst(0, PROCESSING.length - 1));
    await expectPage(search).toHaveValue('');
    await page.goBack();
    await expectPage(pager(page).getByText(`Showing 51–${ORDERS} of ${ORDERS}`)).toBeVisible();
    await expectShown(page, newestFirst(0, ORDERS - 50));
    expect(query(page)).toEqual({ page: '2' });
    await expectPage(page.getByRole('tab', { name: `All Orders (${ORDERS})`, selected: true })).toBeVisible();

    // An order number with its #, submitted with Enter, over every status.
    await search.fill(`#${ids[40]}`);
    await search.press('Enter');
    await expectShown(page, [ids[40]]);
    expect(query(page)).toEqual({ search: `#${ids[40]}` });

    // Store days: none placed from a day far ahead; a range that ends before it starts is said so.
    await search.fill('');
    await search.press('Enter');
    // The cleared search leaves the address first (on a busy machine it came after the date below was filled).
    await page.waitForURL((url) => !url.searchParams.has('search'));
    await page.getByLabel('Placed from').fill('2999-01-01');
    await expectPage(page.getByText('No orders found for this status.')).toBeVisible();
    expect(query(page)).toEqual({ from: '2999-01-01' });
    await page.getByLabel('Placed to').fill('2998-12-31');
    await expectPage(page.getByRole('alert').filter({ hasText: 'The end date is before the start date.' })).toBeVisible();
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
  }, 120_000);

  it('gives every order and payment an address of its own: reload, Back and a shared link show its details', async () => {
    const { page, consoleErrors } = await openAdmin(shop, DESKTOP);
    await page.goto('/admin/orders?page=2');
    await expectShown(page, newestFirst(0, ORDERS - 50));
    const oldest = ids[0];
    await page.getByRole('button', { name: `View Details of order #${oldest}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Order #${oldest} Details` });
    await expectPage(dialog).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(`/admin/orders/${oldest}`);
    expect(query(page)).toEqual({ page: '2' });

    // Reload: the same list page behind the same order.
    await page.reload();
    await expectPage(dialog).toBeVisible();
    await expectShown(page, newestFirst(0, ORDERS - 50));
    await page.screenshot({ path: screenshotPath('admin-order-record-1280') });
    // Closing after a reload goes to the list it was opened on.
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
    await expectPage(dialog).toBeHidden();
    await page.waitForURL((url) => url.pathname === '/admin/orders');
    expect(query(page)).toEqual({ page: '2' });

    // Opened from the list, Back closes it and Forward opens it again.
    await page.getByRole('button', { name: `View Details of order #${oldest}`, exact: true }).click();
    await expectPage(dialog).toBeVisible();
    await page.goBack();
    await expectPage(dialog).toBeHidden();
    await page.waitForURL((url) => url.pathname === '/admin/orders');
    await page.goForward();
    await expectPage(dialog).toBeVisible();

    // A shared link to an order that is not on the page shown: read on its own.
    await page.goto(`/admin/orders/${ids[ORDERS - 1]}?status=cancelled`);
    await expectPage(page.getByRole('dialog', { name: `Order #${ids[ORDERS - 1]} Details` })).toBeVisible();
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    // The two 404s below are the answers asked for (the unknown order, the page that is none).
    const before = consoleErrors.length;
    await page.goto('/admin/orders/99999999');
    await expectPage(page.getByRole('dialog', { name: 'Order #99999999' }).getByText('Order #99999999 was not found.')).toBeVisible();
    // Records only where a tab has them; anything else is the 404 page.
    await page.goto('/admin/products/12');
    await expectPage(page.getByRole('heading', { name: /not found/i })).toBeVisible();

    // A payment's address: its details dialog, from a link.
    // (Started by the admin for a pending order: another order would change the other tests' counts.)
    const started = await admin.post('/api/payments/crypto', { data: { orderId: ids[10], paymentMethod: 'bitcoin' } });
    expect(started.status()).toBe(201);
    const payment = (await started.json()) as { id: number };
    await page.goto(`/admin/payments/${payment.id}`);
    const paymentDialog = page.getByRole('dialog', { name: `Payment Details - #${payment.id}` });
    await expectPage(paymentDialog).toBeVisible();
    await page.screenshot({ path: screenshotPath('admin-payment-record-1280') });
    await paymentDialog.getByRole('button', { name: 'Close', exact: true }).first().click();
    // Closing navigates (the router's navigation settles after the click has returned).
    await page.waitForURL((url) => url.pathname === '/admin/payments');
    expect(unexpectedErrors(consoleErrors.slice(before)).filter((message) => !message.includes('status of 404'))).toEqual([]);
  }, 90_000);

  it('has no serious or critical axe violations in the Orders tab with its filters and pager, on a desktop and a phone', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const page = await openAdminForAxe(shop, viewport);
      await page.goto('/admin/orders?page=2');
      await expectPage(pager(page).getByText(`Showing 51–${ORDERS} of ${ORDERS}`)).toBeVisible();
      const serious = (await seriousAxeViolations(page, '.admin-page')).map((violation) => `${viewport.width}px: ${violation}`);
      expect(serious).toEqual([]);
      await page.context().close();
    }
  }, 60_000);

  it('opens a shared link to page 2 on a 390 px phone, and pages back with the keyboard', async () => {
    const { page, consoleErrors } = await shop.newPage(MOBILE);
    await signInToAdmin(shop, page);
    await page.goto('/admin/orders?page=2');
    await expectPage(pager(page).getByText(`Showing 51–${ORDERS} of ${ORDERS}`)).toBeVisible();
    await expectShown(page, newestFirst(0, ORDERS - 50));
    await page.screenshot({ path: screenshotPath('admin-orders-filters-390') });
    await pager(page).scrollIntoViewIfNeeded();
    for (const control of [pager(page), pager(page).getByRole('button', { name: 'Previous' }), pager(page).getByRole('button', { name: 'Next' })]) {
      await expectWithinWidth(control, MOBILE.width);
    }
    await expectNoSidewaysPan(page, MOBILE.width);
    await page.screenshot({ path: screenshotPath('admin-orders-page-2-390') });

    await pager(page).getByRole('button', { name: 'Previous' }).focus();
    await page.keyboard.press('Enter');
    await expectPage(pager(page).getByText(`Showing 1–50 of ${ORDERS}`)).toBeVisible();
    expect(query(page)).toEqual({});
    await expectShown(page, newestFirst(ORDERS - 50, ORDERS));
    await page.screenshot({ path: screenshotPath('admin-orders-page-1-390'), fullPage: true });
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
  }, 60_000);
});
