import { Page } from 'playwright-core';
import type { Category, Product } from '../../frontend/src/api/types';
import { SEARCH_DEBOUNCE_MS } from '../../frontend/src/hooks/useDebouncedValue';
import { DESKTOP, MOBILE, Shop, startShop, unexpectedErrors, screenshotPath } from './browser-support';
import { expect as expectLocator } from './expect-page';
import { hydrated } from './hydrated';

const UI_TIMEOUT = 10_000;

let shop: Shop;
let categories: Category[];
let activeProducts: Product[];

/** Retries a jest assertion about several elements at once (expect-page covers single locators) until it holds. */
async function eventually(check: () => Promise<void> | void, timeout = UI_TIMEOUT): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${shop.url}${path}`);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

/** Records location.search at every history change, so a term that comes back only briefly is still seen. */
const RECORD_URL_CHANGES = `(() => {
  window.urlQueriesSeen = [];
  for (const method of ['pushState', 'replaceState']) {
    const original = history[method].bind(history);
    history[method] = (...args) => {
      original(...args);
      window.urlQueriesSeen.push(location.search);
    };
  }
})()`;

async function cardNames(page: Page, scope = page.locator('main')): Promise<string[]> {
  return scope.getByRole('article').getByRole('heading', { level: 3 }).allInnerTexts();
}

async function cardBoxes(page: Page, count: number) {
  const cards = page.locator('main').getByRole('article');
  return Promise.all(Array.from({ length: count }, async (_, index) => (await cards.nth(index).boundingBox())!));
}

beforeAll(async () => {
  shop = await startShop();
  categories = await api<Category[]>('/api/categories');
  activeProducts = await api<Product[]>('/api/products');
}, 120_000);

afterAll(async () => {
  await shop?.close();
});

describe('browsing the storefront', () => {
  jest.setTimeout(90_000);

  it('shows a guest the landing page: at most 8 products, the coin strip scrolling every 25 s, and category filters', async () => {
    const { page, consoleErrors } = await shop.newPage(DESKTOP);
    await page.goto('/');
    await expectLocator(page.getByText('30% OFF EVERYTHING').first()).toBeVisible();
    const range = page.getByRole('region', { name: 'Our Complete Product Range' });
    await expectLocator(range.getByRole('article').first()).toBeVisible();
    expect(activeProducts.length).toBeGreaterThan(8);
    await eventually(async () => expect(await cardNames(page, range)).toEqual(activeProducts.slice(0, 8).map((product) => product.name)));

    const strip = page.getByRole('region', { name: 'Accepted cryptocurrencies' });
    for (const coin of ['Bitcoin (BTC)', 'Ethereum (ETH)', 'USDT (USDT-TRC20)', 'USDT (USDT-ERC20)', 'Tron (TRX)']) {
      await expectLocator(strip.getByText(coin).first()).toBeVisible();
    }
    // The ticker moves for a shopper who allows motion (the suites' browsers ask for reduced motion), and not otherwise.
    const tickerDuration = () => page.evaluate("getComputedStyle(document.querySelector('[data-testid=coin-track]')).animationDuration");
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect(await tickerDuration()).toBe('25s');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await tickerDuration()).not.toBe('25s');

    const sarms = categories.find((category) => category.name === 'SARMs')!;
    const sarmsProducts = await api<Product[]>(`/api/products?categoryId=${sarms.id}`);
    // The server's markup has the filter buttons before the page's code is in: a click before hydration is lost.
    await hydrated(page);
    await range.getByRole('button', { name: 'SARMs', exact: true }).click();
    await eventually(async () => expect(await range.getByRole('button', { name: 'SARMs', exact: true }).getAttribute('aria-pressed')).toBe('true'));
    await eventually(async () => expect(await cardNames(page, range)).toEqual(sarmsProducts.map((product) => product.name)));

    await range.getByRole('button', { name: 'All Categories' }).click();
    await eventually(async () => expect(await cardNames(page, range)).toHaveLength(8));
    await expectLocator(page.getByRole('heading', { name: 'Why Choose Us' })).toBeVisible();
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
  });

  it('fits the home page into desktop and mobile widths (screenshots kept for a person to look at)', async () => {
    for (const [name, viewport] of [['desktop', DESKTOP], ['mobile', MOBILE]] as const) {
      const { page, consoleErrors } = await shop.newPage(viewport);
      await page.goto('/');
      await expectLocator(page.getByRole('region', { name: 'Our Complete Product Range' }).getByRole('article').first()).toBeVisible();
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(viewport.width);
      await page.screenshot({ path: screenshotPath(`home-guest-${name}`), fullPage: true });
      expect(unexpectedErrors(consoleErrors)).toEqual([]);
    }
  });

  it('searches all products, keeps the term in the URL, and switches between list, grid and column counts', async () => {
    const { page, consoleErrors } = await shop.newPage(DESKTOP);
    const bpcLatestFirst = await api<Product[]>('/api/products?search=BPC&sortBy=newest');
    expect(bpcLatestFirst.length).toBeGreaterThan(2);
    await page.goto('/products');
    await expectLocator(page.getByRole('heading', { name: 'All Products' })).toBeVisible();
    await eventually(async () => expect(await cardNames(page)).toHaveLength(activeProducts.length));
    await expectLocator(page.getByText('Guest', { exact: true })).toBeVisible();

    // Typed into the server's markup before hydration, the term would never reach React.
    await hydrated(page);
    await page.getByRole('searchbox', { name: 'Search products' }).fill('BPC');
    await expectLocator(page.getByRole('heading', { name: 'Search Results' })).toBeVisible();
    await expectLocator(page.getByText(`Found ${bpcLatestFirst.length} products for "BPC"`)).toBeVisible();
    await eventually(async () => expect(await cardNames(page)).toEqual(bpcLatestFirst.map((product) => product.name)));
    for (const text of await page.locator('main').getByRole('article').allInnerTexts()) expect(text.toLowerCase()).toContain('bpc');
    await eventually(() => expect(new URL(page.url()).searchParams.get('q')).toBe('BPC'));

    await page.getByRole('button', { name: 'List view' }).click();
    await eventually(async () => expect(await page.getByRole('button', { name: 'List view' }).getAttribute('aria-pressed')).toBe('true'));
    await expectLocator(page.getByRole('group', { name: 'Columns' })).toHaveCount(0);
    const [firstRow, secondRow] = await cardBoxes(page, 2);
    expect(secondRow.y).toBeGreaterThan(firstRow.y + firstRow.height - 1);
    expect(firstRow.width).toBeGreaterThan(DESKTOP.width * 0.7);

    await page.getByRole('button', { name: 'Grid view' }).click();
    await page.getByRole('button', { name: '2 columns' }).click();
    await eventually(async () => expect(await page.getByRole('button', { name: '2 columns' }).getAttribute('aria-pressed')).toBe('true'));
    const [left, right, below] = await cardBoxes(page, 3);
    expect(right.y).toBeCloseTo(left.y, 0);
    expect(right.x).toBeGreaterThan(left.x + left.width - 1);
    expect(below.y).toBeGreaterThan(left.y + left.height - 1);

    await page.reload();
    await expectLocator(page.getByRole('searchbox', { name: 'Search products' })).toHaveValue('BPC');
    // The reloaded page is the server's markup (the box already says BPC) until hydrated: Clear before then does nothing.
    await hydrated(page);
    await page.evaluate(RECORD_URL_CHANGES);
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await expectLocator(page.getByRole('heading', { name: 'All Products' })).toBeVisible();
    await page.waitForTimeout(SEARCH_DEBOUNCE_MS * 2);
    expect(await page.evaluate<string[]>('window.urlQueriesSeen')).toEqual(['']);
    await expectLocator(page.getByRole('searchbox', { name: 'Search products' })).toHaveValue('');

    await page.getByRole('searchbox', { name: 'Search products' }).fill('no such compound');
    await expectLocator(page.getByRole('heading', { name: 'No products found' })).toBeVisible();
    await expectLocator(page.getByText('No products match "no such compound". Try adjusting your search terms.')).toBeVisible();
    await page.getByRole('button', { name: 'View All Products' }).click();
    await eventually(async () => expect(await cardNames(page)).toHaveLength(activeProducts.length));
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
  });

  it('keeps the search text of /search in ?q= across a reload and suggests products while typing', async () => {
    const { page, consoleErrors } = await shop.newPage(DESKTOP);
    const tirzepatide = await api<Product[]>('/api/products?search=tirz');
    await page.goto('/search?q=tirz');
    const box = page.getByRole('combobox', { name: 'Search products' });
    await expectLocator(box).toHaveValue('tirz');
    await eventually(async () => expect(await cardNames(page)).toEqual(tirzepatide.map((product) => product.name)));

    await page.reload();
    await expectLocator(box).toHaveValue('tirz');
    expect(new URL(page.url()).searchParams.get('q')).toBe('tirz');
    await eventually(async () => expect(await cardNames(page)).toEqual(tirzepatide.map((product) => product.name)));

    await box.fill('');
    await box.pressSequentially('sema', { delay: 40 });
    const suggestions = page.getByRole('listbox', { name: 'Search suggestions' });
    await expectLocator(suggestions.getByRole('option', { name: /Semaglutide 5mg/ })).toBeVisible();
    expect(await suggestions.getByRole('option').count()).toBeLessThanOrEqual(6);
    await eventually(() => expect(new URL(page.url()).searchParams.get('q')).toBe('sema'));

    await box.press('ArrowDown');
    await eventually(async () => expect(await suggestions.getByRole('option').first().getAttribute('aria-selected')).toBe('true'));
    await box.press('Escape');
    await expectLocator(suggestions).toHaveCount(0);
    await expectLocator(box).toHaveValue('sema');

    await box.press('Enter');
    await box.fill('');
    await expectLocator(page.getByRole('listbox', { name: 'Search suggestions' }).getByRole('option', { name: /sema.*Recent/ })).toBeVisible();
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
  });

  it('lists every category with its product count, and Explore Products searches that category', async () => {
    const { page, consoleErrors } = await shop.newPage(DESKTOP);
    await page.goto('/categories');
    const list = page.getByRole('list', { name: 'Categories' });
    await expectLocator(list.getByRole('listitem')).toHaveCount(categories.length);
    for (const category of categories) {
      const card = list.getByRole('listitem').filter({ has: page.getByRole('heading', { name: category.name, exact: true }) });
      await expectLocator(card.getByText(`${category.productCount} product${category.productCount === 1 ? '' : 's'}`, { exact: true })).toBeVisible();
    }

    const peptides = categories.find((category) => category.name === 'Peptides')!;
    const peptideProducts = await api<Product[]>(`/api/products?categoryId=${peptides.id}`);
    await page.getByRole('link', { name: 'Explore Products in Peptides' }).click();
    await page.waitForURL(`**/search?categoryId=${peptides.id}`);
    await expectLocator(page.getByText('Category: Peptides')).toBeVisible();
    await eventually(async () => expect(await cardNames(page)).toEqual(peptideProducts.map((product) => product.name)));
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
  });

  it('answers an unknown path with the 404 page', async () => {
    const { page, consoleErrors } = await shop.newPage(DESKTOP);
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expectLocator(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    expect(unexpectedErrors(consoleErrors, [404])).toEqual([]);
  });

  it('welcomes a signed-up customer on the signed-in home with their orders, cart and featured products', async () => {
    const { page, consoleErrors } = await shop.newPage(DESKTOP);
    const signup = await page.request.post('/api/auth/signup', {
      data: { fullName: 'Rosalind Franklin', email: `rosalind-${Date.now()}@example.com`, password: 'helix-1953' },
    });
    expect(signup.status()).toBe(201);
    await page.goto('/');
    await expectLocator(page.getByRole('heading', { name: 'Welcome back, Rosalind Franklin!' })).toBeVisible();
    await expectLocator(page.getByRole('link', { name: 'My Orders' }).first()).toBeVisible();
    await expectLocator(page.getByRole('link', { name: 'Admin Dashboard' })).toHaveCount(0);
    await expectLocator(page.getByText(String(activeProducts.length), { exact: true })).toBeVisible();
    await expectLocator(page.getByText('99%+', { exact: true })).toBeVisible();

    const featured = page.getByRole('region', { name: 'Featured Products' });
    await eventually(async () => expect(await cardNames(page, featured)).toHaveLength(8));
    await featured.getByRole('button', { name: 'Most Popular' }).click();
    const newestIds = [...activeProducts].sort((a, b) => b.id - a.id).slice(0, 8);
    await eventually(async () => expect(await cardNames(page, featured)).toEqual(newestIds.map((product) => product.name)));

    const peptides = categories.find((category) => category.name === 'Peptides')!;
    await featured.getByLabel('Category').selectOption(String(peptides.id));
    await eventually(async () => expect(await cardNames(page, featured)).toHaveLength(peptides.productCount));
    await expectLocator(featured.getByText(`${peptides.productCount} products found in Peptides`)).toBeVisible();
    await featured.getByRole('button', { name: 'Clear Filters' }).click();
    await eventually(async () => expect(await cardNames(page, featured)).toHaveLength(8));
    await page.screenshot({ path: screenshotPath('home-customer-desktop'), fullPage: true });

    await page.getByRole('button', { name: 'View Cart (0)' }).click();
    await expectLocator(page.getByRole('heading', { name: 'Shopping Cart' })).toBeVisible();
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
  });

  it('offers an administrator the Admin Dashboard button on the signed-in home', async () => {
    const { page, consoleErrors } = await shop.newPage(MOBILE);
    const login = await page.request.post('/api/auth/login', { data: { email: 'admin@peptide.shop', password: 'admin12345' } });
    expect(login.ok()).toBe(true);
    await page.goto('/');
    await expectLocator(page.getByRole('heading', { name: /^Welcome back, / })).toBeVisible();
    await eventually(async () => expect(await page.getByRole('link', { name: 'Admin Dashboard' }).getAttribute('href')).toBe('/admin'));
    await page.screenshot({ path: screenshotPath('home-admin-mobile'), fullPage: true });
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
  });
});
