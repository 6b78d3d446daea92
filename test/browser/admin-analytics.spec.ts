import { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import type { FunnelEventInput, PageViewInput } from '../../backend/src/analytics/contract/analytics-input';
import type { FunnelView, TrafficAnalyticsView } from '../../backend/src/analytics/contract/analytics.views';
import { adminApiClient, DESKTOP, expectNoSidewaysPan, expectWithinWidth, MOBILE, openAdmin, screenshotPath, Shop, startShop, unexpectedErrors, openAdminSection, QUIET_MOTION } from './browser-support';
import { expect as expectPage } from './expect-page';
import { hydrated } from './hydrated';

/**
 * Headless Chromium names itself "HeadlessChrome" in its User-Agent, which the server rightly drops
 * as a bot: the shoppers here browse with the User-Agents of an ordinary desktop Chrome and an iPhone.
 */
const DESKTOP_CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

interface Report {
  endpoint: string;
  body: PageViewInput | FunnelEventInput;
}

interface Shopper {
  page: Page;
  /** What the page reported to /api/analytics/*, in order, and the statuses it was answered with. */
  reports: Report[];
  statuses: number[];
  consoleErrors: string[];
}

/**
 * Issue 11's journey: shoppers on a desktop and on a phone browse, add to the cart and start the
 * checkout; the storefront reports each route view and funnel step in the background; then the
 * back office's Analytics tab shows those views, at 1280 and at 390 px.
 */
describe('Traffic analytics in a real browser', () => {
  let shop: Shop;
  let admin: APIRequestContext;
  let product: { id: number; name: string };
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    shop = await startShop();
    admin = await adminApiClient(shop);
    const products = (await (await shop.api.get('/api/products')).json()) as { id: number; name: string }[];
    product = products.find((candidate) => candidate.name === 'BPC-157 5mg') ?? products[0];
  }, 90_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await shop?.close();
  });

  /** A fresh browser profile with an ordinary browser's User-Agent, whose reports to the analytics API are collected. */
  async function shopper(viewport: { width: number; height: number }, userAgent: string): Promise<Shopper> {
    const phone = viewport.width < 500;
    const context = await shop.browser.newContext({ baseURL: shop.url, viewport, userAgent, isMobile: phone, hasTouch: phone , ...QUIET_MOTION });
    contexts.push(context);
    // Chromium shows Playwright a beacon's body only when the request passes through a route.
    await context.route('**/api/analytics/**', (route) => route.continue());
    const page = await context.newPage();
    const shopperState: Shopper = { page, reports: [], statuses: [], consoleErrors: [] };
    page.on('request', (request) => {
      const endpoint = new URL(request.url()).pathname;
      if (endpoint.startsWith('/api/analytics/')) shopperState.reports.push({ endpoint, body: request.postDataJSON() as Report['body'] });
    });
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/analytics/')) shopperState.statuses.push(response.status());
    });
    page.on('console', (message) => message.type() === 'error' && shopperState.consoleErrors.push(message.text()));
    page.on('pageerror', (error) => shopperState.consoleErrors.push(error.message));
    return shopperState;
  }

  /** From a storefront page, by the site's own links (route changes, not page loads): products, a product, add it, checkout. */
  async function browseToCheckout({ page }: Shopper, phone: boolean) {
    // The landing page is the server's markup until hydrated: a link clicked before then is a page load,
    // which the shop reports as a second landing view instead of a route change.
    await hydrated(page);
    if (phone) await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products', exact: true }).click();
    await page.waitForURL('**/products');
    // The router changes the URL at once but keeps the home page on screen (a transition) until the
    // products page's code is in; the home page lists the same product, and a click on it there
    // would skip the products view the test expects. So: the products page itself first.
    await expectPage(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
    await page.locator('main').getByRole('link', { name: product.name, exact: true }).first().click();
    await page.waitForURL(`**/product/${product.id}`);
    await expectPage(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await page.getByRole('button', { name: /ADD TO CART/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Shopping Cart' });
    await expectPage(drawer).toBeVisible();
    await drawer.getByRole('button', { name: 'Checkout', exact: true }).click();
    await page.waitForURL('**/checkout');
    await expectPage(page.getByRole('button', { name: 'Continue as Guest' })).toBeVisible();
  }

  /** Waits until the page has sent (and had answered) as many reports as expected (beacons go out in the background: the test's timeout is the bound). */
  async function reported(shopperState: Shopper, count: number) {
    const deadline = Date.now() + 45_000;
    while (shopperState.statuses.length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(shopperState.reports).toHaveLength(count);
    // Accepted at once, every one: nothing was refused, nothing was sent twice.
    expect(shopperState.statuses).toEqual(Array(count).fill(202));
  }

  /**
   * After the landing view: the route views in the order they were shown, and the funnel's steps in
   * theirs (a view and a step of the same moment, like opening the checkout, may come in either order).
   */
  function expectRestOfVisit(shopperState: Shopper) {
    const rest = shopperState.reports.slice(1);
    expect(rest.filter((report) => report.endpoint === '/api/analytics/pageview').map((report) => report.body)).toEqual([
      { path: '/products' },
      { path: `/product/${product.id}` },
      { path: '/checkout' },
    ]);
    expect(rest.filter((report) => report.endpoint === '/api/analytics/event').map((report) => report.body)).toEqual([
      { type: 'add_to_cart', productId: product.id, quantity: 1 },
      { type: 'checkout_started' },
    ]);
  }

  it('reports a desktop visit from a newsletter: each route view once, its campaign with the landing view only, and the funnel steps', async () => {
    const desktop = await shopper(DESKTOP, DESKTOP_CHROME);
    await desktop.page.goto('/?utm_source=newsletter&utm_medium=email&utm_campaign=launch');
    await desktop.page.getByRole('heading', { level: 1 }).first().waitFor();
    await browseToCheckout(desktop, false);
    await reported(desktop, 6);
    expect(desktop.reports[0]).toEqual({ endpoint: '/api/analytics/pageview', body: { path: '/', utm: { source: 'newsletter', medium: 'email', campaign: 'launch' } } });
    expectRestOfVisit(desktop);
    expect(unexpectedErrors(desktop.consoleErrors)).toEqual([]);
  }, 60_000);

  it('reports a phone visit from a search engine with the referring site alone', async () => {
    const phone = await shopper(MOBILE, IPHONE_SAFARI);
    await phone.page.goto('/', { referer: 'https://www.google.com/search?q=bpc-157+research' });
    await phone.page.getByRole('heading', { level: 1 }).first().waitFor();
    await browseToCheckout(phone, true);
    await reported(phone, 6);
    expect(phone.reports[0]).toEqual({ endpoint: '/api/analytics/pageview', body: { path: '/', referrer: 'https://www.google.com/' } });
    expectRestOfVisit(phone);
    expect(unexpectedErrors(phone.consoleErrors)).toEqual([]);
  }, 60_000);

  /** The projections have taken in both visits (so the tab's first read already shows them). */
  async function bothVisitsProjected(): Promise<TrafficAnalyticsView> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const traffic = (await (await admin.get('/api/analytics/traffic?days=30')).json()) as TrafficAnalyticsView;
      const funnel = (await (await admin.get('/api/analytics/funnel?days=30')).json()) as FunnelView;
      if ((traffic.totalPageViews >= 8 && funnel.totals.checkoutStarted >= 2) || Date.now() > deadline) return traffic;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  const panel = (page: Page) => page.getByRole('region', { name: 'Analytics', exact: true });
  const view = (page: Page, name: string) => panel(page).getByRole('tabpanel', { name });
  const card = (page: Page, label: string) => panel(page).locator('.admin-stat').filter({ hasText: label });

  it('shows the back office those views: totals, pages, sources, devices, the day, the funnel and who is here now', async () => {
    const traffic = await bothVisitsProjected();
    expect(traffic.totalPageViews).toBeGreaterThanOrEqual(8);
    const { page, consoleErrors } = await openAdmin(shop, DESKTOP);
    const adminReports: string[] = [];
    page.on('request', (request) => request.url().includes('/api/analytics/pageview') && adminReports.push(request.url()));
    await openAdminSection(page, 'Analytics');
    await expectPage(panel(page).getByRole('heading', { name: 'Traffic Analytics' })).toBeVisible();
    await expectPage(panel(page).getByRole('button', { name: '30 days', pressed: true })).toBeVisible();

    // The four cards: at least the 8 views of the two visits, by 2 visitors, and the busiest page.
    // Numbers at or above 8 and 2, waited for (the cards may show an earlier figure until the tab's read is in).
    await expectPage(card(page, 'Total Views').locator('.admin-stat-value')).toHaveText(/^([89]|[1-9]\d+)$/);
    await expectPage(card(page, 'Unique Visitors').locator('.admin-stat-value')).toHaveText(/^([2-9]|[1-9]\d+)$/);
    await expectPage(card(page, 'Avg. Daily Views').locator('.admin-stat-value')).toHaveText(String(Math.round(traffic.totalPageViews / 30)));
    await expectPage(card(page, 'Top Page').locator('.admin-stat-value')).toHaveText(traffic.topPages[0].path);

    // Pages: every page the shoppers saw, none of the back office.
    const pages = view(page, 'Pages');
    for (const path of ['/', '/products', `/product/${product.id}`, '/checkout']) {
      await expectPage(pages.getByRole('rowheader', { name: path, exact: true })).toBeVisible();
    }
    expect(await pages.getByRole('rowheader', { name: /^\/admin/ }).count()).toBe(0);
    await page.screenshot({ path: screenshotPath('admin-analytics-pages-desktop'), fullPage: true });

    // Each visit's views count under the site it came from (the server keeps a visit's entry source).
    await panel(page).getByRole('tab', { name: 'Sources' }).click();
    for (const source of ['newsletter', 'google.com']) {
      await expectPage(view(page, 'Sources').getByRole('rowheader', { name: source, exact: true })).toBeVisible();
    }

    await panel(page).getByRole('tab', { name: 'Devices' }).click();
    const devices = view(page, 'Devices');
    await expectPage(devices.getByRole('rowheader', { name: 'Desktop' })).toBeVisible();
    await expectPage(devices.getByRole('rowheader', { name: 'Mobile' })).toBeVisible();
    await expectPage(devices.getByRole('img', { name: /^Views by device: .*Desktop \d+%/ })).toBeVisible();

    await panel(page).getByRole('tab', { name: 'Trends' }).click();
    // The days the server counted the visits on (UTC), not the test's today: a run across midnight splits them over two rows.
    for (const { date, views } of traffic.dailyViews.filter((day) => day.views > 0)) {
      const dayRow = view(page, 'Trends').getByRole('row').filter({ has: page.locator(`time[datetime="${date}"]`) });
      await expectPage(dayRow).toBeVisible();
      expect(Number(await dayRow.getByRole('cell').first().textContent())).toBeGreaterThanOrEqual(views);
    }
    await page.screenshot({ path: screenshotPath('admin-analytics-trends-desktop'), fullPage: true });

    // The funnel: both visitors viewed a product, added it and started the checkout.
    await panel(page).getByRole('tab', { name: 'Funnel' }).click();
    const funnel = view(page, 'Funnel').getByRole('list', { name: /^Sales funnel/ });
    for (const step of ['Viewed a product', 'Added to cart', 'Started checkout']) {
      await expectPage(funnel.getByRole('listitem').filter({ hasText: step })).toHaveText(/(^|\D)([2-9]|\d{2,}) visitors/);
    }
    await expectPage(funnel.getByRole('listitem').filter({ hasText: 'Placed an order' })).toBeVisible();
    await expectPage(funnel.getByRole('listitem').filter({ hasText: 'Paid' })).toBeVisible();
    await expectPage(view(page, 'Funnel').getByRole('rowheader', { name: 'newsletter', exact: true })).toBeVisible();
    await page.screenshot({ path: screenshotPath('admin-analytics-funnel-desktop'), fullPage: true });

    // Someone is here now; the period and the export follow the buttons.
    await expectPage(panel(page).locator('.analytics-realtime')).toHaveText(/(^|\D)([2-9]|\d{2,}) visitors in the last 5 minutes/);
    await panel(page).getByRole('button', { name: '7 days' }).click();
    await expectPage(panel(page).getByRole('button', { name: '7 days', pressed: true })).toBeVisible();
    await expectPage(panel(page).getByRole('button', { name: '30 days', pressed: false })).toBeVisible();
    await expectPage(card(page, 'Avg. Daily Views')).toContainText('total ÷ 7 days');
    const exportLink = panel(page).getByRole('link', { name: 'Export CSV' });
    expect(await exportLink.getAttribute('href')).toBe('/api/analytics/traffic/export?days=7&format=csv');
    const exported = await admin.get('/api/analytics/traffic/export?days=7&format=csv');
    expect(exported.status()).toBe(200);
    expect(exported.headers()['content-type']).toMatch(/^text\/csv/);
    expect(await exported.text()).toContain(`/product/${product.id}`);

    // The back office is never reported as traffic.
    expect(adminReports).toEqual([]);
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
  }, 120_000);

  it('fits a 390 px phone: every view without panning the page sideways', async () => {
    const { page, consoleErrors } = await openAdmin(shop, MOBILE);
    await openAdminSection(page, 'Analytics');
    await expectPage(panel(page).getByRole('heading', { name: 'Traffic Analytics' })).toBeVisible();
    await expectPage(view(page, 'Pages').getByRole('rowheader', { name: '/products', exact: true })).toBeVisible();
    for (const name of ['Pages', 'Sources', 'Devices', 'Trends', 'Funnel']) {
      const tab = panel(page).getByRole('tab', { name, exact: true });
      await expectWithinWidth(tab, MOBILE.width);
      await tab.click();
      await view(page, name).locator('table, ol, .admin-empty').first().waitFor();
      await expectNoSidewaysPan(page, MOBILE.width);
      await page.screenshot({ path: screenshotPath(`admin-analytics-${name.toLowerCase()}-mobile`), fullPage: true });
    }
    await expectWithinWidth(panel(page).getByRole('link', { name: 'Export CSV' }), MOBILE.width);
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
  }, 120_000);
});
