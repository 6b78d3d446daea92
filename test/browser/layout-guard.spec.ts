import type { Page } from 'playwright-core';
import { DEMO_ADMIN, DESKTOP, MOBILE, screenshotPath, Shop, startShop, unexpectedErrors } from './browser-support';

/**
 * Issue 19 item 6: every page, at 1280 and 390 px, for a guest, a customer and an administrator:
 * nothing pans the page sideways, no visible button, link or field has its centre covered by another
 * element (a toast, the chat button, a badge, a sticky header), and the console stays clean.
 * Screenshots of each are kept under test-results/.
 */
let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
}, 90_000);
afterAll(async () => shop?.close());

const GUEST_ROUTES = ['/', '/products', '/search', '/categories', '/products/1', '/calculator', '/auth', '/checkout', '/faq', '/shipping', '/returns', '/orders/lookup', '/no-such-page'];
const CUSTOMER_ROUTES = ['/', '/products/2', '/dashboard', '/dashboard/support', '/checkout'];
const ADMIN_ROUTES = ['/admin', '/admin/products', '/admin/orders', '/admin/payments', '/admin/analytics', '/admin/referrals', '/admin/reviews', '/admin/support', '/admin/notifications', '/admin/audit'];

/**
 * The controls on screen whose centre another element covers, described for the failure message.
 * Runs in the page (a function: the CSP forbids evaluating strings; the test's tsconfig has no DOM types).
 */
function coveredControls(): string[] {
  type Box = { left: number; top: number; width: number; height: number };
  type Node = {
    tagName: string;
    className: unknown;
    textContent: string | null;
    getAttribute(name: string): string | null;
    getBoundingClientRect(): Box;
    contains(other: unknown): boolean;
    closest(selector: string): Node | null;
    checkVisibility(options: object): boolean;
    parentElement: Node | null;
  };
  const page = globalThis as unknown as {
    innerWidth: number;
    innerHeight: number;
    document: { querySelectorAll(selector: string): Node[]; elementFromPoint(x: number, y: number): Node | null };
    getComputedStyle(element: Node): { visibility: string; opacity: string; pointerEvents: string; overflowX: string; overflowY: string };
  };
  const describe = (node: Node) => `${node.tagName.toLowerCase()}${typeof node.className === 'string' && node.className ? `.${node.className.trim().split(/\s+/).join('.')}` : ''} "${(node.getAttribute('aria-label') ?? node.textContent ?? '').trim().slice(0, 40)}"`;
  const covered: string[] = [];
  for (const control of Array.from(page.document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, [role=tab]'))) {
    const box = control.getBoundingClientRect();
    // Hidden (a closed <details>, a faded-out button), visually hidden (a skip link, an input under its styled
    // label), decorative (aria-hidden: a card's picture, whose title link covers the card) or scrolled off: not on screen to be covered.
    if (box.width < 4 || box.height < 4) continue;
    if (!control.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true, contentVisibilityAuto: true })) continue;
    if (control.closest('[aria-hidden="true"]') !== null) continue;
    const style = page.getComputedStyle(control);
    if (style.pointerEvents === 'none') continue;
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    if (x < 0 || y < 0 || x >= page.innerWidth || y >= page.innerHeight) continue;
    // Scrolled out of a box that scrolls (a row of tiles, a wide table): the shopper scrolls that box to reach it.
    let clipped = false;
    for (let parent = control.parentElement; parent !== null && !clipped; parent = parent.parentElement) {
      const overflow = page.getComputedStyle(parent);
      if (overflow.overflowX === 'visible' && overflow.overflowY === 'visible') continue;
      const clip = parent.getBoundingClientRect();
      clipped = x < clip.left || x > clip.left + clip.width || y < clip.top || y > clip.top + clip.height;
    }
    if (clipped) continue;
    const top = page.document.elementFromPoint(x, y);
    if (top === null || (top as unknown) === control || control.contains(top)) continue;
    // A label drawn over its own input (a styled checkbox) is the input's own face.
    const label = top.closest('label');
    if (label !== null && label.contains(control)) continue;
    covered.push(`${describe(control)} under ${describe(top)}`);
  }
  return covered;
}

async function checkPages(page: Page, consoleErrors: string[], role: string, routes: string[], width: number): Promise<void> {
  const problems: string[] = [];
  for (const route of routes) {
    await page.goto(route);
    await page.locator('main h1, main h2').first().waitFor({ timeout: 15_000 });
    // Images, lazy parts and the first queries settle.
    await page.waitForLoadState('networkidle').catch(() => undefined);
    const scrollWidth = Number(await page.evaluate('document.documentElement.scrollWidth'));
    if (scrollWidth > width) problems.push(`${route}: the page pans sideways (${scrollWidth} px wide)`);
    for (const covered of await page.evaluate(coveredControls)) problems.push(`${route}: ${covered}`);
    await page.screenshot({ path: screenshotPath(`layout-${role}-${width}-${route.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}`) });
  }
  expect(problems).toEqual([]);
  expect(unexpectedErrors(consoleErrors, [404])).toEqual([]);
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', MOBILE],
])('Every page on a %s', (_, viewport) => {
  it('as a guest', async () => {
    const { page, consoleErrors } = await shop.newPage(viewport);
    await checkPages(page, consoleErrors, 'guest', GUEST_ROUTES, viewport.width);
  }, 180_000);

  it('as a customer', async () => {
    const { page, consoleErrors } = await shop.newPage(viewport);
    const signup = await page.request.post('/api/auth/signup', {
      data: { fullName: 'Barbara McClintock', email: `barbara-${viewport.width}-${Date.now()}@example.com`, password: 'maize-1983' },
      headers: { Origin: shop.url },
    });
    expect(signup.status()).toBe(201);
    await checkPages(page, consoleErrors, 'customer', CUSTOMER_ROUTES, viewport.width);
  }, 180_000);

  it('as an administrator', async () => {
    const { page, consoleErrors } = await shop.newPage(viewport);
    const login = await page.request.post('/api/auth/login', { data: DEMO_ADMIN, headers: { Origin: shop.url } });
    expect(login.status()).toBe(200);
    await checkPages(page, consoleErrors, 'admin', ADMIN_ROUTES, viewport.width);
  }, 180_000);
});

it('the guard sees a control that something is drawn over', async () => {
  const { page } = await shop.newPage(MOBILE);
  await page.goto('/products');
  await page.locator('main h1, main h2').first().waitFor({ timeout: 15_000 });
  expect(await page.evaluate(coveredControls)).toEqual([]);
  // A banner fixed over the top of the screen, as a badly placed toast would be.
  await page.evaluate(() => {
    const document = (globalThis as unknown as { document: { createElement(tag: string): { className: string; style: { cssText: string } }; body: { append(node: unknown): void } } }).document;
    const cover = document.createElement('div');
    cover.className = 'test-cover';
    cover.style.cssText = 'position: fixed; top: 0; left: 0; right: 0; height: 120px; z-index: 1000; background: rgb(0 0 0 / 0.2)';
    document.body.append(cover);
  });
  expect((await page.evaluate(coveredControls)).filter((line) => line.includes('under div.test-cover')).length).toBeGreaterThan(0);
}, 60_000);

it('draws the back office in a shell of its own: no storefront banner, header, footer, cart or chat button; a guest at /admin gets the storefront 404 page', async () => {
  const { page, consoleErrors } = await shop.newPage(DESKTOP);
  const login = await page.request.post('/api/auth/login', { data: DEMO_ADMIN, headers: { Origin: shop.url } });
  expect(login.status()).toBe(200);
  await page.goto('/admin/orders');
  await page.getByRole('heading', { level: 1, name: /Admin$/ }).waitFor({ timeout: 15_000 });
  for (const storefront of ['.sale-banner', '.site-header', 'footer', '.chat-button-wrap']) expect({ storefront, count: await page.locator(storefront).count() }).toEqual({ storefront, count: 0 });
  await page.getByRole('link', { name: 'View Store' }).click();
  await page.locator('.sale-banner').waitFor({ timeout: 15_000 });
  expect(unexpectedErrors(consoleErrors)).toEqual([]);

  const guest = (await shop.newPage(DESKTOP)).page;
  await guest.goto('/admin');
  await guest.getByRole('heading', { name: '404 Page Not Found' }).waitFor({ timeout: 15_000 });
  expect(await guest.locator('.site-header').count()).toBe(1);
}, 60_000);
