import type { Page } from 'playwright-core';
import { adminApiClient, DESKTOP, expectNoSidewaysPan, MOBILE, screenshotPath, Shop, startShop, unexpectedErrors } from './browser-support';
import { expect as expectPage } from './expect-page';

interface ApiProduct {
  id: number;
  name: string;
  isOnSale: boolean;
  stock: number;
}

const melbourne = { firstName: 'Grace', lastName: 'Hopper', phone: '03 9876 5432', address: '1 Collins St', city: 'Melbourne', state: 'VIC', postalCode: '3000', country: 'Australia' };

/** The signed-in customer's dashboard: favorites from the product page, counted on the dashboard, and a one-click reorder. */
describe('Customer dashboard in a real browser', () => {
  let shop: Shop;
  let products: ApiProduct[];

  beforeAll(async () => {
    shop = await startShop();
    products = (await (await fetch(`${shop.url}/api/products`)).json()) as ApiProduct[];
  }, 90_000);
  afterAll(async () => shop?.close());

  /** Signs the page's browser profile up as a new customer through the API: the page shares its cookies. */
  const signUp = async (page: Page) => {
    const email = `dash-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
    const response = await page.request.post('/api/auth/signup', { data: { fullName: 'Grace Hopper', email, password: 'secret-123' }, headers: { Origin: shop.url } });
    expect(response.status()).toBe(201);
  };

  it('tells a guest to sign in when they tap the heart, and sends them to the sign-in page', async () => {
    const { page } = await shop.newPage(DESKTOP);
    await page.goto(`/product/${products[0].id}`);
    await page.getByRole('button', { name: 'Add to Favorites' }).click();
    await expectPage(page.getByText('You are logged out. Logging in again...')).toBeVisible();
    await page.waitForURL((url) => url.pathname === '/auth', { timeout: 5_000 });
  });

  it('saves a favorite on the product page, counts it on the dashboard, and reorders in one click', async () => {
    const inStock = products.filter((product) => product.stock >= 5 && !product.isOnSale);
    const [ordered, favorite] = [inStock[0], inStock[1]];
    const { page, consoleErrors } = await shop.newPage(DESKTOP);
    await signUp(page);
    const placed = await page.request.post('/api/orders', {
      data: { customerEmail: 'grace@example.com', paymentMethod: 'bitcoin', shippingMethod: 'regular', shippingAddress: melbourne, items: [{ productId: ordered.id, quantity: 2 }] },
      headers: { Origin: shop.url },
    });
    expect(placed.status()).toBe(201);

    await page.goto(`/product/${favorite.id}`);
    await page.getByRole('button', { name: 'Add to Favorites' }).click();
    await expectPage(page.getByText('Product added to your favorites.')).toBeVisible();
    await expectPage(page.getByRole('button', { name: 'In Favorites' })).toBeVisible();
    expect(await page.getByRole('button', { name: 'In Favorites' }).getAttribute('aria-pressed')).toBe('true');
    await page.screenshot({ path: screenshotPath('product-favorite-1280') });

    await page.goto('/dashboard');
    await expectPage(page.getByRole('heading', { level: 1, name: 'Welcome back, Grace' })).toBeVisible();
    await expectPage(page.getByTestId('favorites-count')).toHaveText('1');
    await expectPage(page.getByTestId('count-pending')).toHaveText('1');
    const favorites = page.locator('#favorites');
    await expectPage(favorites.getByRole('link', { name: favorite.name })).toBeVisible();
    await expectPage(page.getByText('Action Required')).toBeVisible();
    await expectPage(page.getByRole('link', { name: /Pay now/ })).toBeVisible();
    await expectPage(page.locator('#recommended .product-card').first()).toBeVisible();

    await page.getByRole('button', { name: `Reorder 2 × ${ordered.name}` }).click();
    await expectPage(page.getByText(`${ordered.name} has been added to your cart.`)).toBeVisible();
    await expectPage(page.getByTestId('cart-count')).toHaveText('2');
    await page.getByRole('button', { name: 'Dismiss notification' }).click();
    await page.screenshot({ path: screenshotPath('customer-dashboard-1280'), fullPage: true });

    // The heart on the dashboard's own card takes it out again.
    await favorites.getByRole('button', { name: `Remove ${favorite.name} from favorites` }).click();
    await expectPage(page.getByText('Product removed from your favorites.')).toBeVisible();
    await expectPage(page.getByTestId('favorites-count')).toHaveText('0');
    await expectPage(favorites.getByText('Tap the heart on a product to save it here.')).toBeVisible();
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
  });

  it('counts every order on the counters while the list shows a page of them at a time', async () => {
    const orders = 55;
    const product = products.find((candidate) => candidate.stock >= orders)!;
    const { page, consoleErrors } = await shop.newPage(DESKTOP);
    await signUp(page);
    for (let i = 0; i < orders; i += 1) {
      const placed = await page.request.post('/api/orders', {
        data: { customerEmail: 'grace@example.com', paymentMethod: 'bitcoin', shippingMethod: 'regular', shippingAddress: melbourne, items: [{ productId: product.id, quantity: 1 }] },
        headers: { Origin: shop.url },
      });
      expect(placed.status()).toBe(201);
    }
    await page.goto('/dashboard');
    await expectPage(page.getByTestId('count-pending')).toHaveText(String(orders));
    const pages = page.getByRole('navigation', { name: 'Your order pages' });
    await expectPage(pages.getByText(`Showing 1–50 of ${orders}`)).toBeVisible();
    expect(await page.locator('.dashboard-orders .order-card').count()).toBe(50);
    await pages.getByRole('button', { name: 'Next' }).click();
    await expectPage(pages.getByText(`Showing 51–${orders} of ${orders}`)).toBeVisible();
    await expectPage(page.locator('.dashboard-orders .order-card')).toHaveCount(orders - 50);
    await expectPage(page.getByTestId('count-pending')).toHaveText(String(orders));
    await pages.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('customer-dashboard-orders-page-2-1280') });
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
  }, 60_000);

  it('fits a phone at 390 px, with a favorite saved from a product card', async () => {
    const { page, consoleErrors } = await shop.newPage(MOBILE);
    await signUp(page);
    await page.goto('/products');
    const card = page.locator('.product-card').first();
    const heart = card.getByRole('button', { name: /^Add .* to favorites$/ });
    await heart.click();
    await expectPage(page.getByText('Product added to your favorites.')).toBeVisible();
    await expectPage(card.getByRole('button', { name: /^Remove .* from favorites$/ })).toBeVisible();

    await page.goto('/dashboard');
    await expectPage(page.getByTestId('favorites-count')).toHaveText('1');
    await expectPage(page.getByText('You have not placed any orders yet.')).toBeVisible();
    await expectPage(page.getByRole('link', { name: 'Start Shopping' })).toBeVisible();
    await expectPage(page.locator('#recommended .product-card').first()).toBeVisible();
    await expectNoSidewaysPan(page, MOBILE.width);
    await page.screenshot({ path: screenshotPath('customer-dashboard-390'), fullPage: true });
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
  });

  it('changes the password from Account settings at 390 px, asking for the current one first', async () => {
    const { page, consoleErrors } = await shop.newPage(MOBILE);
    await signUp(page);
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Account settings' }).click();
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password', { exact: true }).fill('not-my-password');
    await form.getByLabel('New password', { exact: true }).fill('brand-new-secret');
    await form.getByLabel('New password again', { exact: true }).fill('brand-new-secret');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expectPage(form.getByText('Your current password is not right.')).toBeVisible();
    await form.getByLabel('Current password', { exact: true }).fill('secret-123');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expectPage(form.getByText(/^Your password was changed\./)).toBeVisible();
    await expectNoSidewaysPan(page, MOBILE.width);
    await page.screenshot({ path: screenshotPath('account-settings-390') });
    // Still signed in here.
    await page.goto('/dashboard');
    await expectPage(page.getByRole('heading', { name: /^Welcome back/ })).toBeVisible();
    expect(unexpectedErrors(consoleErrors, [400])).toEqual([]);
  });

  describe('cancelling an unpaid order (issue 21)', () => {
    const placeOrder = async (page: Page, customerEmail: string) => {
      const placed = await page.request.post('/api/orders', {
        data: { customerEmail, paymentMethod: 'bitcoin', shippingMethod: 'regular', shippingAddress: melbourne, items: [{ productId: products[0].id, quantity: 1 }] },
        headers: { Origin: shop.url },
      });
      expect(placed.status()).toBe(201);
      return ((await placed.json()) as { id: number }).id;
    };

    it('lets a signed-in customer cancel an unpaid order from its page on a phone, after asking once', async () => {
      const { page, consoleErrors } = await shop.newPage(MOBILE);
      await signUp(page);
      const orderId = await placeOrder(page, 'grace@example.com');
      await page.goto(`/orders/${orderId}`);
      await page.getByRole('button', { name: 'Cancel order' }).click();
      const dialog = page.getByRole('dialog', { name: `Cancel order #${orderId}?` });
      await expectPage(dialog.getByText('If you have already sent a payment, do not cancel')).toBeVisible();
      await expectNoSidewaysPan(page, MOBILE.width);
      await page.screenshot({ path: screenshotPath('order-cancel-dialog-390') });
      // Keeping it changes nothing.
      await dialog.getByRole('button', { name: 'Keep order' }).click();
      await expectPage(dialog).toBeHidden();
      await page.getByRole('button', { name: 'Cancel order' }).click();
      await dialog.getByRole('button', { name: 'Cancel order' }).click();
      await expectPage(dialog).toBeHidden();
      await expectPage(page.getByRole('note').filter({ hasText: 'Cancelled by the customer before payment' })).toBeVisible();
      await expectPage(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
      await expectPage(page.getByRole('region', { name: 'Order history' }).getByText('Cancelled by the customer before payment')).toBeVisible();
      await page.screenshot({ path: screenshotPath('order-cancelled-390'), fullPage: true });
      expect(unexpectedErrors(consoleErrors)).toEqual([]);
    });

    it('offers a paid order\'s customer to ask for a cancellation and refund, as a support case about the order', async () => {
      const { page, consoleErrors } = await shop.newPage(DESKTOP);
      await signUp(page);
      const orderId = await placeOrder(page, 'grace@example.com');
      const admin = await adminApiClient(shop);
      const payment = (await (await page.request.post('/api/payments/crypto', { data: { orderId, paymentMethod: 'bitcoin' }, headers: { Origin: shop.url } })).json()) as { id: number };
      expect((await admin.post(`/api/admin/payments/${payment.id}/confirm`, { data: { transactionHash: 'd'.repeat(64) } })).status()).toBe(200);
      await page.goto(`/orders/${orderId}`);
      await expectPage(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
      await page.getByRole('button', { name: 'Ask to cancel and refund' }).click();
      const dialog = page.getByRole('dialog').filter({ has: page.getByRole('textbox', { name: /Subject/ }) });
      await expectPage(dialog.getByRole('textbox', { name: /Subject/ })).toHaveValue(`Cancel order #${orderId} and refund it`);
      await dialog.getByRole('textbox', { name: /Description/ }).fill(`Please cancel order #${orderId} and refund it.\nRefund address: bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh`);
      await dialog.getByRole('button', { name: /Create|Submit|Open/ }).click();
      await expectPage(page.getByText(/Support Case Created/)).toBeVisible();
      const cases = (await (await page.request.get('/api/support/cases')).json()) as { subject: string; orderId: number | null; category: string }[] | { items: { subject: string; orderId: number | null; category: string }[] };
      const list = Array.isArray(cases) ? cases : cases.items;
      expect(list[0]).toMatchObject({ subject: `Cancel order #${orderId} and refund it`, orderId, category: 'order_issue' });
      expect(unexpectedErrors(consoleErrors)).toEqual([]);
    });

    it('lets a guest cancel an order found with "Find your order" from another browser', async () => {
      const email = `lookup-${Date.now()}@example.com`;
      const { page: placing } = await shop.newPage(DESKTOP);
      const orderId = await placeOrder(placing, email);
      const { page, consoleErrors } = await shop.newPage(DESKTOP);
      await page.goto('/orders/lookup');
      await page.getByRole('textbox', { name: 'Order number' }).fill(String(orderId));
      await page.getByRole('textbox', { name: /E-mail/i }).fill(email);
      await page.getByRole('button', { name: 'Find order' }).click();
      await page.getByRole('button', { name: 'Cancel order' }).click();
      await page.getByRole('dialog', { name: `Cancel order #${orderId}?` }).getByRole('button', { name: 'Cancel order' }).click();
      await expectPage(page.getByRole('note').filter({ hasText: 'Cancelled by the customer before payment' })).toBeVisible();
      await page.screenshot({ path: screenshotPath('order-cancelled-lookup-1280') });
      const order = await (await placing.request.get(`/api/orders/${orderId}`)).json();
      expect(order.status).toBe('cancelled');
      expect(unexpectedErrors(consoleErrors)).toEqual([]);
    });
  });
});
