import type { AxeResults } from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';
import { expect as expectPage } from './expect-page';
import { DESKTOP, Shop, startShop } from './browser-support';

const AXE_SOURCE = require.resolve('axe-core/axe.min.js');

/** Serious and critical WCAG 2.x A/AA violations on the page as it stands, described for a failure message. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_SOURCE });
  const results = (await page.evaluate(
    `axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })`,
  )) as AxeResults;
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 3).join(', ')}`);
}

describe('Accessibility (axe-core): no serious or critical violations', () => {
  let shop: Shop;
  let context: BrowserContext;
  beforeAll(async () => {
    shop = await startShop();
    // axe is injected as an inline script, which the shop's own CSP rightly forbids.
    context = await shop.browser.newContext({ baseURL: shop.url, viewport: DESKTOP, bypassCSP: true });
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
    await add.click();
    await page.getByRole('button', { name: /Open cart/ }).click();
    await expectPage(page.getByRole('dialog', { name: 'Shopping Cart' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  }, 60_000);
});
