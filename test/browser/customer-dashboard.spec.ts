import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { adminApiClient, DESKTOP, expectNoSidewaysPan, MOBILE, openAdmin, screenshotPath, Shop, startShop, unexpectedErrors } from './browser-support';
import { expect as expectPage } from './expect-page';
import { hydrated } from './hydrated';
import { noteToasts, toastsSeen } from './toasts-seen';

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
    // The server's markup has the heart before the page's code is in: a click before hydration is lost.
    await hydrated(page);
    await noteToasts(page);
    await page.getByRole('button', { name: 'Add to Favorites' }).click();
    // A full page load (through /api/login) 500 ms after the toast, which the page noted (it lives too short to wait for).
    await page.waitForURL((url) => url.pathname === '/auth');
    expect(await toastsSeen(page)).toContain('You are logged out. Logging in again...');
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
    await hydrated(page);
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
    await expectPage(page.locator('.dashboard-orders .order-card')).toHaveCount(50);
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
    await card.waitFor();
    await hydrated(page);
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

  it('asks for a change of e-mail address from Account settings at 390 px, and says so when the mailed link brings the browser back', async () => {
    const { page, consoleErrors } = await shop.newPage(MOBILE);
    await signUp(page);
    await page.goto('/dashboard/account');
    const form = page.getByRole('form', { name: 'Change e-mail address' });
    await form.getByLabel('New e-mail address').fill('grace.moved@example.com');
    await form.getByLabel('Current password', { exact: true }).fill('not-my-password');
    await form.getByRole('button', { name: 'Send the confirmation link' }).click();
    await expectPage(form.getByText('Your current password is not right.')).toBeVisible();
    await form.getByLabel('New e-mail address').fill('grace.moved@example.com');
    await form.getByLabel('Current password', { exact: true }).fill('secret-123');
    await form.getByRole('button', { name: 'Send the confirmation link' }).click();
    await expectPage(form.getByText(/^We have mailed a link to grace.moved@example.com\./)).toBeVisible();
    await expectNoSidewaysPan(page, MOBILE.width);
    await form.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('account-email-change-390') });
    await page.goto('/dashboard/account?emailChanged=1');
    await expectPage(page.getByRole('form', { name: 'Change e-mail address' }).getByText('Your e-mail address was changed. Sign in with the new one from now on.')).toBeVisible();
    expect(unexpectedErrors(consoleErrors, [400])).toEqual([]);
  });

  it.each([
    ['390', MOBILE],
    ['1280', DESKTOP],
  ] as const)('closes the account from Account settings at %s px after the password and CLOSE, then is signed out on the storefront (issue 22)', async (width, viewport) => {
    const { page, consoleErrors } = await shop.newPage(viewport);
    await signUp(page);
    await page.goto('/dashboard/account');
    await page.getByRole('button', { name: 'Close my account…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Close your account?' });
    await dialog.getByLabel('Password', { exact: true }).fill('not-my-password');
    await dialog.getByLabel('Type CLOSE to confirm').fill('CLOSE');
    await dialog.getByRole('button', { name: 'Close account', exact: true }).click();
    await expectPage(dialog.getByText('Your current password is not right.')).toBeVisible();
    await dialog.getByLabel('Password', { exact: true }).fill('secret-123');
    await page.screenshot({ path: screenshotPath(`account-close-dialog-${width}`) });
    await dialog.getByRole('button', { name: 'Close account', exact: true }).click();
    await expectPage(page.getByText(/^Your account is closed\./)).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/');
    await expectPage(page.getByRole('link', { name: 'Login', exact: true }).first()).toBeVisible();
    await page.screenshot({ path: screenshotPath(`account-closed-${width}`) });
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
    expect(unexpectedErrors(consoleErrors, [400, 401])).toEqual([]);
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

  it('takes a return from the buyer\'s phone (items, reason, a photo) through the back office: authorized, received, refunded (issue 21)', async () => {
    const { page, consoleErrors } = await shop.newPage(MOBILE);
    await signUp(page);
    const product = products.find((candidate) => candidate.stock >= 5)!;
    const placed = await page.request.post('/api/orders', {
      data: { customerEmail: 'grace@example.com', paymentMethod: 'bitcoin', shippingMethod: 'regular', shippingAddress: melbourne, items: [{ productId: product.id, quantity: 2 }] },
      headers: { Origin: shop.url },
    });
    const orderId = ((await placed.json()) as { id: number }).id;
    const admin = await adminApiClient(shop);
    const payment = (await (await page.request.post('/api/payments/crypto', { data: { orderId, paymentMethod: 'bitcoin' }, headers: { Origin: shop.url } })).json()) as { id: number };
    expect((await admin.post(`/api/admin/payments/${payment.id}/confirm`, { data: { transactionHash: 'f'.repeat(64) } })).status()).toBe(200);
    expect((await admin.put(`/api/orders/${orderId}/status`, { data: { status: 'delivered' } })).status()).toBe(200);

    await page.goto(`/orders/${orderId}`);
    // Issue 22: the paid order's tax invoice, downloaded by the buyer's own session.
    const invoiceLink = page.getByRole('link', { name: 'Download the tax invoice (PDF)' });
    const invoice = await page.request.get((await invoiceLink.getAttribute('href'))!);
    expect(invoice.status()).toBe(200);
    expect(invoice.headers()['content-type']).toBe('application/pdf');
    await page.getByRole('button', { name: 'Return items' }).click();
    const dialog = page.getByRole('dialog', { name: `Return items of order #${orderId}` });
    await dialog.getByRole('spinbutton', { name: `How many ${product.name} to return` }).fill('1');
    await dialog.getByRole('button', { name: 'Ask to return' }).click();
    await expectPage(dialog.getByText('Tell us why you are returning the items')).toBeVisible();
    await expectPage(dialog.getByText('Only unopened, unused items can be returned')).toBeVisible();
    await dialog.getByRole('textbox', { name: /Why are you returning them/ }).fill('Ordered one vial too many');
    await dialog.getByRole('checkbox', { name: 'The items are unopened and unused' }).check();
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#334155' } }).png().toBuffer();
    await dialog.locator('input[type=file]').setInputFiles({ name: 'sealed-vial.png', mimeType: 'image/png', buffer: photo });
    await expectPage(dialog.getByRole('img', { name: 'sealed-vial.png' })).toBeVisible();
    await expectNoSidewaysPan(page, MOBILE.width);
    await page.screenshot({ path: screenshotPath('order-return-dialog-390') });
    await dialog.getByRole('button', { name: 'Ask to return' }).click();
    await expectPage(dialog).toBeHidden();
    const card = page.getByRole('region', { name: 'Return' });
    await expectPage(card.getByText('Return requested: we will reply with how to send it back')).toBeVisible();
    await expectPage(card.getByText(`1 × ${product.name}`)).toBeVisible();
    await expectPage(page.getByRole('button', { name: 'Return items' })).toHaveCount(0);
    await expectPage(page.getByRole('region', { name: 'Order history' }).getByText('Return requested')).toBeVisible();
    await page.screenshot({ path: screenshotPath('order-return-requested-390'), fullPage: true });
    expect(unexpectedErrors(consoleErrors)).toEqual([]);

    // Staff: authorize with instructions, mark it received, then the refund offers the return's amount.
    const back = await openAdmin(shop, DESKTOP);
    await back.page.goto(`/admin/orders/${orderId}`);
    const details = back.page.getByRole('dialog', { name: `Order #${orderId} Details` });
    const review = details.getByRole('region', { name: 'Return' });
    await expectPage(review.getByText('Ordered one vial too many')).toBeVisible();
    await expectPage(review.getByRole('link', { name: /Image 1 of 1/ })).toBeVisible();
    await review.getByRole('button', { name: 'Authorize' }).click();
    const authorize = back.page.getByRole('dialog', { name: `Authorize the return of order #${orderId}` });
    await authorize.getByRole('textbox').fill('Post it to 1 Return St, Sydney NSW 2000');
    await authorize.getByRole('button', { name: 'Authorize' }).click();
    await expectPage(review.getByText('Return authorized: waiting for the parcel')).toBeVisible();
    await review.getByRole('button', { name: 'Mark received' }).click();
    await back.page.getByRole('dialog', { name: `Returned items received of order #${orderId}` }).getByRole('button', { name: 'Mark received' }).click();
    await expectPage(review.getByText('Returned items received: record the refund')).toBeVisible();
    await back.page.screenshot({ path: screenshotPath('admin-return-received-1280') });
    await details.getByRole('button', { name: 'Refund', exact: true }).click();
    const refund = back.page.getByRole('dialog', { name: `Refund order #${orderId}` });
    const order = (await (await admin.get(`/api/orders/${orderId}`)).json()) as { returnRequest: { amount: string } };
    await expectPage(refund.getByRole('textbox', { name: 'Amount (A$)' })).toHaveValue(order.returnRequest.amount);
    await refund.getByRole('textbox', { name: "Customer's Bitcoin (BTC) address" }).fill('bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh');
    await refund.getByRole('textbox', { name: 'Refund transaction hash' }).fill('a'.repeat(64));
    await refund.getByRole('button', { name: 'Record refund' }).click();
    await expectPage(review.getByText('Return refunded')).toBeVisible();
    expect(unexpectedErrors(back.consoleErrors)).toEqual([]);

    await page.reload();
    await expectPage(page.getByRole('region', { name: 'Return' }).getByText('Return refunded')).toBeVisible();
  }, 120_000);
});
