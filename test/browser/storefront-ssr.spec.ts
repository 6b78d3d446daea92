import { Shop, startShop, unexpectedErrors, QUIET_MOTION } from './browser-support';
import { expect as expectPage } from './expect-page';
import { hydrated } from './hydrated';

interface ApiProduct {
  id: number;
  name: string;
  stock: number;
}

/**
 * Issue 13 item 1: the public pages arrive rendered (the product is in the HTML before any script
 * runs) and the browser adopts that markup (hydration) without errors, also when the cart and the
 * display currency saved in this browser differ from what the server rendered.
 */
describe('Server-rendered storefront pages in a real browser', () => {
  let shop: Shop;
  let product: ApiProduct;

  beforeAll(async () => {
    shop = await startShop();
    const products = (await (await fetch(`${shop.url}/api/products`)).json()) as ApiProduct[];
    product = products.find((candidate) => candidate.stock >= 3)!;
  }, 90_000);
  afterAll(async () => shop?.close());

  it('sends the product page with the product in its HTML and its data for hydration', async () => {
    const response = await fetch(`${shop.url}/products/${product.id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toMatch(new RegExp(`<h1[^>]*>${escapeRegExp(escapeHtml(product.name))}</h1>`));
    expect(html).toContain('<script type="application/json" id="server-state">');
    expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/ProductDetailPage-[^"]+\.css"/);
  });

  it('shows the product, the product list and the categories with JavaScript switched off', async () => {
    const context = await shop.browser.newContext({ baseURL: shop.url, javaScriptEnabled: false , ...QUIET_MOTION });
    try {
      const page = await context.newPage();
      await page.goto(`/products/${product.id}`);
      await expectPage(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
      await page.goto('/products');
      await expectPage(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
      expect(await page.getByRole('link', { name: product.name }).count()).toBeGreaterThan(0);
      await page.goto('/categories');
      await expectPage(page.getByRole('heading', { level: 1, name: 'Research Categories' })).toBeVisible();
      expect(await page.locator('.category-card').count()).toBeGreaterThan(0);
      await page.goto('/');
      await expectPage(page.getByRole('heading', { level: 2, name: 'Our Complete Product Range' })).toBeVisible();
      expect(await page.locator('.product-range-results .product-card').count()).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });

  it('hydrates every server-rendered page without console errors, and the page then responds', async () => {
    const { page, consoleErrors } = await shop.newPage();
    for (const path of ['/', '/products', '/categories', `/product/${product.id}`]) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    // The server's markup has the button before the page's code is in: a click there before hydration is lost.
    await hydrated(page);
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    await expectPage(page.getByRole('button', { name: 'Open cart, 1 item' })).toBeVisible();
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
  });

  it('restores the saved cart and currency after hydrating markup rendered without them', async () => {
    const { page, consoleErrors } = await shop.newPage();
    await page.goto(`/products/${product.id}`);
    await hydrated(page);
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    await expectPage(page.getByRole('button', { name: 'Open cart, 1 item' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: 'Display currency' }).first().selectOption('USD');
    for (const path of [`/products/${product.id}`, '/products', '/']) {
      await page.goto(path);
      await expectPage(page.getByRole('button', { name: 'Open cart, 1 item' })).toBeVisible();
      // Restored from this browser's storage after hydration, not necessarily in the same render as the cart.
      await expectPage(page.getByRole('combobox', { name: 'Display currency' }).first()).toHaveValue('USD');
    }
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
  });
});

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
