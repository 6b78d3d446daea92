import { adminApiClient, DESKTOP, MOBILE, screenshotPath, Shop, startShop, unexpectedErrors } from './browser-support';
import { PRODUCT_PAGE_SIZE } from '../../frontend/src/features/catalogue/api/useCatalogue';
import { hydrated } from './hydrated';

const UI_TIMEOUT = 15_000;
/** Enough beyond the demo catalogue that /products needs more than one page. */
const EXTRA_PRODUCTS = 30;

let shop: Shop;
let total: number;

beforeAll(async () => {
  shop = await startShop();
  const admin = await adminApiClient(shop);
  for (let i = 1; i <= EXTRA_PRODUCTS; i += 1) {
    const created = await admin.post('/api/admin/products', { data: { name: `Paging Peptide ${String(i).padStart(2, '0')}`, sku: `PAGE-${i}`, price: '19.99', stock: 10 } });
    expect(created.status()).toBe(201);
  }
  total = Number((await (await fetch(`${shop.url}/api/products?limit=1`)).headers.get('X-Total-Count')) ?? 0);
  expect(total).toBeGreaterThan(PRODUCT_PAGE_SIZE);
}, 120_000);

afterAll(async () => {
  await shop?.close();
});

describe('Catalogue pages', () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', MOBILE],
  ] as const)('shows the first page of /products with the full count, and the rest as the shopper scrolls (%s)', async (name, viewport) => {
    const { page, consoleErrors } = await shop.newPage(viewport);
    const listRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/products') listRequests.push(new URL(request.url()).search);
    });
    await page.goto('/products');
    await page.getByText(`${total} products`, { exact: true }).waitFor({ timeout: UI_TIMEOUT });
    const cards = page.locator('.product-card');
    await page.getByText(`Showing ${PRODUCT_PAGE_SIZE} of ${total} products`).waitFor({ timeout: UI_TIMEOUT });
    expect(await cards.count()).toBe(PRODUCT_PAGE_SIZE);
    // The whole catalogue is never asked for: every list request names a page.
    expect(listRequests.every((search) => /limit=\d+/.test(search))).toBe(true);

    await page.getByRole('button', { name: 'Show more products' }).scrollIntoViewIfNeeded();
    await page.waitForFunction(cardsShown, total, { timeout: UI_TIMEOUT });
    await expectNoMoreButton(page);
    await page.screenshot({ path: screenshotPath(`catalogue-paging-${name}`), fullPage: false });
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
  });

  it('loads the next page with the keyboard too', async () => {
    const { page } = await shop.newPage(DESKTOP);
    await page.addInitScript('delete window.IntersectionObserver');
    await page.goto('/products');
    const more = page.getByRole('button', { name: 'Show more products' });
    await more.waitFor({ timeout: UI_TIMEOUT });
    // The server's markup has the button before the page's code is in: Enter on it before hydration does nothing.
    await hydrated(page);
    await more.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(cardsShown, total, { timeout: UI_TIMEOUT });
  });
});

/** Runs in the page (this test's tsconfig has no DOM types); a function, as the shop's CSP forbids evaluating strings. */
function cardsShown(expected: number): boolean {
  return (globalThis as unknown as { document: { querySelectorAll(selector: string): { length: number } } }).document.querySelectorAll('.product-card').length === expected;
}

async function expectNoMoreButton(page: import('playwright-core').Page): Promise<void> {
  await page.getByRole('button', { name: 'Show more products' }).waitFor({ state: 'detached', timeout: UI_TIMEOUT });
}
