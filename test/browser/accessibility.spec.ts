import type { BrowserContext } from 'playwright-core';
import { expect as expectPage } from './expect-page';
import { DESKTOP, seriousAxeViolations as seriousViolations, Shop, startShop, QUIET_MOTION } from './browser-support';
import { hydrated } from './hydrated';

describe('Accessibility (axe-core): no serious or critical violations', () => {
  let shop: Shop;
  let context: BrowserContext;
  beforeAll(async () => {
    shop = await startShop();
    // axe is injected as an inline script, which the shop's own CSP rightly forbids.
    context = await shop.browser.newContext({ baseURL: shop.url, viewport: DESKTOP, bypassCSP: true , ...QUIET_MOTION });
  }, 90_000);
  afterAll(async () => {
    await context?.close();
    await shop?.close();
  });

  it.each([
    ['home', '/', 'main h1'],
    ['all products', '/products', 'main article'],
    ['product', '/product/1', 'main h1'],
    ['auth', '/auth', 'main h1'],
    ['checkout', '/checkout', 'main h1'],
  ])('%s page', async (_, path, ready) => {
    const page = await context.newPage();
    await page.goto(path);
    await page.locator(ready).first().waitFor({ timeout: 15_000 });
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  }, 60_000);

  it('cart drawer with items', async () => {
    const page = await context.newPage();
    await page.goto('/products');
    const add = page.locator('article').getByRole('button', { name: 'Add', exact: true }).first();
    await add.waitFor();
    // Before hydration the server's Add button does nothing, and the drawer would be checked empty.
    await hydrated(page);
    await add.click();
    await expectPage(page.getByTestId('cart-count')).toHaveText('1');
    await page.getByRole('button', { name: /Open cart/ }).click();
    await expectPage(page.getByRole('dialog', { name: 'Shopping Cart' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  }, 60_000);
});
