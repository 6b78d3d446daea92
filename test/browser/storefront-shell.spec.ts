import { expect as expectPage } from './expect-page';
import { DESKTOP, expectNoSidewaysPan, expectWithinWidth, MOBILE, Shop, startShop, unexpectedErrors } from './browser-support';
import { hydrated } from './hydrated';
import { noteToasts, toastsSeen } from './toasts-seen';

/** The storefront as a whole: every route renders, and cart and display currency survive a reload. */
describe('Storefront shell in a real browser', () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await startShop();
  }, 90_000);
  afterAll(async () => shop?.close());

  const routes = ['/', '/products', '/search?q=bpc', '/categories', '/product/1', '/products/1', '/calculator', '/auth', '/checkout', '/faq', '/shipping', '/returns', '/privacy', '/terms'];

  it.each([
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ])('renders every public route without console errors (%s)', async (_, viewport) => {
    const { page, consoleErrors } = await shop.newPage(viewport);
    for (const route of routes) {
      await page.goto(route);
      await page.locator('main h1, main h2').first().waitFor({ timeout: 15_000 });
      expect(await page.getByText('404 Page Not Found').count()).toBe(0);
    }
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
  }, 120_000);

  it('matches routes case-insensitively with an optional trailing slash, and shows the 404 page for anything else', async () => {
    const { page } = await shop.newPage();
    await page.goto('/CATEGORIES/');
    await expectPage(page.getByRole('link', { name: 'Explore Products' }).first()).toBeVisible();
    await page.goto('/no/such/page');
    await expectPage(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    // On a phone its two buttons stay on the screen.
    const phone = (await shop.newPage(MOBILE)).page;
    await phone.goto('/no/such/page');
    await expectPage(phone.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expectNoSidewaysPan(phone, MOBILE.width);
    for (const name of ['Back to the store', 'Browse Products']) await expectWithinWidth(phone.getByRole('link', { name }), MOBILE.width);
  }, 60_000);

  it('shows the 404 page at /admin to a guest and sends a guest at /dashboard to sign in', async () => {
    const { page } = await shop.newPage();
    await page.goto('/admin');
    await expectPage(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await noteToasts(page);
    await page.goto('/dashboard');
    // After signing in, the shopper comes back to the dashboard.
    // A full page load (through /api/login) 500 ms after the toast, which the page noted (it lives too short to wait for).
    await page.waitForURL('**/auth?returnTo=%2Fdashboard');
    expect(await toastsSeen(page)).toContain('You are logged out. Logging in again...');
  }, 60_000);

  it('keeps the cart and the display currency across a reload, with BTC prices in 8 decimals', async () => {
    const { page, consoleErrors } = await shop.newPage();
    await page.goto('/products');
    const addButtons = page.locator('article').getByRole('button', { name: 'Add', exact: true });
    await addButtons.first().waitFor();
    // The server's markup has the Add buttons before the page's code is in: clicks before hydration are lost.
    await hydrated(page);
    await addButtons.nth(0).click();
    await addButtons.nth(1).click();
    await expectPage(page.getByTestId('cart-count')).toHaveText('2');

    await page.getByRole('button', { name: /Open cart/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Shopping Cart' });
    await expectPage(drawer).toBeVisible();
    const firstDecrease = drawer.getByRole('button', { name: /Decrease quantity/ }).first();
    await expectPage(firstDecrease).toBeDisabled();
    await drawer.getByRole('button', { name: /Increase quantity/ }).first().click();
    await expectPage(firstDecrease).toBeEnabled();
    await expectPage(page.getByTestId('cart-count')).toHaveText('3');
    const audTotal = await drawer.getByTestId('cart-total').textContent();
    expect(audTotal).toMatch(/^A\$\d[\d,]*\.\d{2}$/);
    await drawer.getByRole('button', { name: 'Close cart' }).click();

    await page.getByLabel('Display currency').first().selectOption('BTC');
    await page.getByRole('button', { name: /Open cart/ }).click();
    await expectPage(drawer.getByTestId('cart-total')).toHaveText(/^₿\d+\.\d{8}$/);

    await page.reload();
    await expectPage(page.getByTestId('cart-count')).toHaveText('3');
    await expectPage(page.getByLabel('Display currency').first()).toHaveValue('BTC');
    await page.getByRole('button', { name: /Open cart/ }).click();
    await expectPage(drawer.getByTestId('cart-total')).toHaveText(/^₿\d+\.\d{8}$/);

    await drawer.getByRole('button', { name: /^Remove / }).first().click();
    await drawer.getByRole('button', { name: /^Remove / }).first().click();
    await expectPage(drawer.getByText('Your cart is empty')).toBeVisible();
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
  }, 90_000);

  it('resets a cart saved in a shape it cannot read, without bothering the shopper', async () => {
    const context = await shop.newContext();
    await context.addInitScript({ content: "window.localStorage.setItem('peptide-research-supply:cart', '{not json')" });
    const page = await context.newPage();
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('button', { name: /Open cart/ }).click();
    await expectPage(page.getByText('Your cart is empty')).toBeVisible();
  }, 60_000);
});
