import { APIRequestContext } from 'playwright-core';
import { adminApiClient, signedInApiClient, DESKTOP, expectNoSidewaysPan, MOBILE, screenshotPath, Shop, startShop, unexpectedErrors, openAdminSection } from './browser-support';
import { expect as expectPage } from './expect-page';
import { noteToasts, toastsSeen } from './toasts-seen';

const address = { firstName: 'Rosalind', lastName: 'Franklin', phone: '0412345678', address: '1 Lab Road', city: 'Perth', state: 'WA', postalCode: '6000' };

/** Issue 10, Deliver 3 and 4: a guest's order follows them into their new account, with its detail and history; "Find your order" for guests. */
describe('A guest order becomes the customer’s', () => {
  let shop: Shop;
  let admin: APIRequestContext;
  let productId: number;

  beforeAll(async () => {
    shop = await startShop();
    admin = await adminApiClient(shop);
    const created = await admin.post('/api/admin/products', { data: { name: 'Thymosin Beta-4 5mg', sku: `TB4-${Date.now()}`, price: '58.00', stock: 40 } });
    expect(created.status()).toBe(201);
    productId = ((await created.json()) as { id: number }).id;
  }, 90_000);
  afterAll(async () => shop?.close());

  it.each([
    ['desktop', DESKTOP],
    ['phone', MOBILE],
  ] as const)('on a %s: a guest orders, signs up with the same e-mail, finds the order on the dashboard and opens its detail and history', async (name, viewport) => {
    const { page, consoleErrors } = await shop.newPage(viewport);
    // The "logged out" toast lives the 500 ms before the page leaves for sign-in, too short to wait for: the page notes it.
    await noteToasts(page);
    const sessionEndedToastSeen = async () => {
      const seen = await toastsSeen(page);
      expect(seen).toContain('Unauthorized');
      expect(seen).toContain('You are logged out. Logging in again...');
    };
    const email = `rosalind-${name}-${Date.now()}@example.com`;
    await page.goto('/');
    // The guest's order, placed from this browser (its session remembers it), as the checkout does.
    const placed = await page.request.post('/api/orders', {
      data: { customerEmail: email, paymentMethod: 'bitcoin', shippingMethod: 'express', shippingAddress: address, items: [{ productId, quantity: 2 }] },
      headers: { Origin: shop.url },
    });
    expect(placed.status()).toBe(201);
    const order = (await placed.json()) as { id: number; totalAmount: string };
    expect((await admin.put(`/api/orders/${order.id}/shipping`, { data: { trackingNumber: '1Z999AA10123456784', shippingCarrier: 'UPS' } })).status()).toBe(200);

    await page.goto('/auth?returnTo=/dashboard');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByRole('textbox', { name: 'Full name' }).fill('Rosalind Franklin');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.locator('#signup-password').fill('secret-123');
    await page.locator('#signup-confirm').fill('secret-123');
    await page.getByRole('checkbox', { name: /I accept the terms of sale/ }).check();
    await page.getByRole('button', { name: 'Create Account' }).click();

    await page.waitForURL('**/dashboard');
    const card = page.getByRole('link', { name: `Order #${order.id}` });
    await card.waitFor({ timeout: 15_000 });
    await page.screenshot({ path: screenshotPath(`guest-claims-order-dashboard-${name}`), fullPage: true });
    await card.click();

    await page.waitForURL(`**/orders/${order.id}`);
    await expectPage(page.getByRole('heading', { level: 1, name: `Order #${order.id}` })).toBeVisible();
    const history = page.locator('.order-timeline');
    await expectPage(history.getByText('Order placed')).toBeVisible();
    await expectPage(history.getByText('Shipped')).toBeVisible();
    await expectPage(history.getByText('Added to your account')).toBeVisible();
    await expectPage(page.getByText('Thymosin Beta-4 5mg').first()).toBeVisible();
    await expectPage(page.getByText(`A$${order.totalAmount}`).first()).toBeVisible();
    const track = page.getByRole('link', { name: /Track your parcel/ }).first();
    expect(await track.getAttribute('href')).toBe('https://www.ups.com/track?loc=en_AU&tracknum=1Z999AA10123456784');
    await expectNoSidewaysPan(page, viewport.width);
    await page.screenshot({ path: screenshotPath(`guest-claims-order-detail-${name}`), fullPage: true });

    // The session ends on the server (signed out from another device): the next customer call says so and sends the
    // shopper to sign in again. Not by clearing this browser's cookie: the session rolls, so an answer still on its way
    // (the dashboard's own calls) could set the cookie again, and the page would stay signed in.
    const endThisBrowsersSession = async () => {
      const elsewhere = await signedInApiClient(shop, { email, password: 'secret-123' });
      const ended = await elsewhere.post('/api/user/sessions/end-others');
      expect(ended.status()).toBe(200);
      expect(((await ended.json()) as { ended: number }).ended).toBeGreaterThanOrEqual(1);
      await elsewhere.dispose();
    };
    await endThisBrowsersSession();
    await page.getByRole('link', { name: 'Back to your orders' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('link', { name: `Order #${order.id}` }).click();
    await page.waitForURL(`**/auth?returnTo=${encodeURIComponent(`/orders/${order.id}`)}`);
    await sessionEndedToastSeen();

    // Signed in again, the dashboard: its session ends too, and the next load says so the same way.
    await page.request.post('/api/auth/login', { data: { email, password: 'secret-123' }, headers: { Origin: shop.url } });
    await page.goto('/dashboard');
    await page.getByRole('link', { name: `Order #${order.id}` }).waitFor({ timeout: 15_000 });
    await endThisBrowsersSession();
    await page.reload();
    await page.waitForURL(`**/auth?returnTo=${encodeURIComponent('/dashboard')}`);
    await sessionEndedToastSeen();
    expect(unexpectedErrors(consoleErrors, [401, 404])).toEqual([]);
  }, 90_000);

  it.each([
    ['desktop', DESKTOP],
    ['phone', MOBILE],
  ] as const)('on a %s: a guest finds an order by its number and e-mail; a wrong pair reveals nothing', async (name, viewport) => {
    const email = `lookup-${name}-${Date.now()}@example.com`;
    const placed = await shop.api.post('/api/orders', { data: { customerEmail: email, paymentMethod: 'bitcoin', shippingMethod: 'regular', shippingAddress: address, items: [{ productId, quantity: 1 }] } });
    const order = (await placed.json()) as { id: number };
    const { page, consoleErrors } = await shop.newPage(viewport);
    await page.goto('/');
    await page.getByRole('link', { name: 'Find your order' }).click();
    await page.waitForURL('**/orders/lookup');

    await page.getByRole('textbox', { name: 'Order number' }).fill(String(order.id));
    await page.getByRole('textbox', { name: 'E-mail address' }).fill('someone-else@example.com');
    await page.getByRole('button', { name: 'Find order' }).click();
    await expectPage(page.getByRole('alert').filter({ hasText: 'No order matches this order number and e-mail address.' })).toBeVisible();
    await page.screenshot({ path: screenshotPath(`order-lookup-no-match-${name}`), fullPage: true });

    await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
    await page.getByRole('button', { name: 'Find order' }).click();
    await expectPage(page.getByRole('heading', { level: 1, name: `Order #${order.id}` })).toBeVisible();
    await expectPage(page.locator('.order-timeline').getByText('Order placed')).toBeVisible();
    await expectPage(page.getByText(/Action Required/)).toBeVisible();
    await expectNoSidewaysPan(page, viewport.width);
    await page.screenshot({ path: screenshotPath(`order-lookup-found-${name}`), fullPage: true });
    expect(unexpectedErrors(consoleErrors, [404])).toEqual([]);
  }, 90_000);

  it('shows the administrator the notification outbox', async () => {
    const { page } = await shop.newPage(DESKTOP);
    const login = await page.request.post('/api/auth/login', { data: { email: 'admin@peptide.shop', password: 'admin12345' }, headers: { Origin: shop.url } });
    expect(login.status()).toBe(200);
    await page.goto('/admin');
    await openAdminSection(page, 'Notifications');
    const first = page.locator('.outbox-entry summary').first();
    await first.waitFor({ timeout: 15_000 });
    await first.click();
    await expectPage(page.locator('.outbox-text').first()).toBeVisible();
    await page.screenshot({ path: screenshotPath('admin-notifications-desktop'), fullPage: true });
  }, 90_000);
});
