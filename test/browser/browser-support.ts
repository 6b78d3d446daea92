import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AxeResults } from 'axe-core';
import { APIRequestContext, Browser, BrowserContext, chromium, Locator, Page, request as playwrightRequest } from 'playwright-core';
import type { z } from 'zod';
import type { CryptoPaymentMethod, PaymentMethod } from '../../backend/src/ordering/contract/checkout-rules';
import type { placeOrderSchema } from '../../backend/src/ordering/contract/order-input';
import type { PlacedOrderView } from '../../backend/src/ordering/contract/order.views';
import type { PaymentView } from '../../backend/src/payments/contract/payment.views';
import { hydrated } from './hydrated';
import { startServerProcess, ServerProcess } from '../support/server-process';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Headless, and nothing in the background: no QUIC, first-run setup, component updates, sync or other network chatter. */
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface Shop {
  url: string;
  server: ServerProcess;
  browser: Browser;
  /** A guest's API client: no session, and the Origin header the shop's CSRF check asks for. */
  api: APIRequestContext;
  /** Another API client like `api`, with a cookie jar (so a session) of its own; closed with the shop. */
  newApiClient(): Promise<APIRequestContext>;
  /** A fresh browser profile (cookies, localStorage) at the given viewport. */
  newContext(viewport?: { width: number; height: number }): Promise<BrowserContext>;
  /** A page in a fresh context whose console errors and uncaught exceptions are collected. */
  newPage(viewport?: { width: number; height: number }): Promise<{ page: Page; consoleErrors: string[] }>;
  close(): Promise<void>;
}

/** Journeys leave screenshots of what they saw here, for a person to look at. */
export const SCREENSHOTS_DIR = process.env.SCREENSHOTS_DIR ?? join(process.cwd(), 'test-results', 'screenshots');

export function screenshotPath(name: string): string {
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  return join(SCREENSHOTS_DIR, `${name}.png`);
}

export const DESKTOP = { width: 1280, height: 800 };
/**
 * Browsers in the suites ask for reduced motion, which the shop honours: the home page's coin ticker and the
 * spinners otherwise repaint 60 times a second for as long as a page stays open (about 0.15 of a core each in
 * headless Chromium without a GPU, measured on the home page: 1.55 s of CPU in 10 s, 0.06 s with reduced motion).
 * storefront-browse checks the ticker's animation with motion allowed.
 */
export const QUIET_MOTION = { reducedMotion: 'reduce' } as const;
export const MOBILE = { width: 390, height: 844 };

/** The production build on its own data folder (with `env` added to its environment), and headless Chromium from Debian's package. */
export async function startShop(env: Record<string, string> = {}): Promise<Shop> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-browser-'));
  const server = await startServerProcess(dataDir, env).catch((error) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  // A shop whose browser cannot start is stopped here: nothing outlives a failed start.
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS }).catch(async (error) => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  const contexts: BrowserContext[] = [];
  const apiClients: APIRequestContext[] = [];
  const newApiClient = async () => {
    const client = await playwrightRequest.newContext({ baseURL: server.url, extraHTTPHeaders: { Origin: server.url } });
    apiClients.push(client);
    return client;
  };
  const newContext = async (viewport = DESKTOP) => {
    const context = await browser.newContext({ baseURL: server.url, viewport, ...QUIET_MOTION });
    contexts.push(context);
    return context;
  };
  return {
    url: server.url,
    server,
    browser,
    api: await newApiClient(),
    newApiClient,
    newContext,
    async newPage(viewport = DESKTOP) {
      const context = await newContext(viewport);
      const page = await context.newPage();
      const consoleErrors: string[] = [];
      page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
      page.on('pageerror', (error) => consoleErrors.push(error.message));
      return { page, consoleErrors };
    },
    async close() {
      for (const client of apiClients) await client.dispose().catch(() => undefined);
      for (const context of contexts) await context.close().catch(() => undefined);
      await browser.close();
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Console errors other than the failed-resource lines Chromium logs for answers the journey
 * provoked on purpose (a wrong password's 401, an unknown referral code's 404).
 */
export function unexpectedErrors(consoleErrors: string[], expectedStatuses: number[] = []): string[] {
  return consoleErrors.filter((text) => !expectedStatuses.some((status) => text.includes(`status of ${status}`)));
}

/** The admin account the demo data seeds. */
export const DEMO_ADMIN = { email: 'admin@peptide.shop', password: 'admin12345' };

/** An API client of its own, signed in with the given account (a session of its own); closed with the shop. */
export async function signedInApiClient(shop: Shop, credentials: { email: string; password: string }): Promise<APIRequestContext> {
  const client = await shop.newApiClient();
  expect((await client.post('/api/auth/login', { data: credentials })).status()).toBe(200);
  return client;
}

/** An API client of its own, signed in as the demo admin; closed with the shop. */
export const adminApiClient = (shop: Shop): Promise<APIRequestContext> => signedInApiClient(shop, DEMO_ADMIN);

/** Signs the page's context in as the demo admin and opens the back office, waiting for its heading. */
export async function signInToAdmin(shop: Shop, page: Page): Promise<void> {
  const login = await page.request.post('/api/auth/login', { data: DEMO_ADMIN, headers: { Origin: shop.url } });
  expect(login.status()).toBe(200);
  await page.goto('/admin');
  await page.getByRole('heading', { level: 1, name: /Admin$/ }).waitFor({ timeout: 15_000 });
}

/** The back office in a fresh page at the given viewport, signed in as the demo admin. */
export async function openAdmin(shop: Shop, viewport = DESKTOP): Promise<{ page: Page; consoleErrors: string[] }> {
  const opened = await shop.newPage(viewport);
  await signInToAdmin(shop, opened.page);
  return opened;
}

/** The back office's navigation: the sidebar at 1024 px and wider, the Menu button's sheet when open on a narrower screen. */
export const adminNavigation = (page: Page): Locator => page.getByRole('navigation', { name: 'Back office' });

/**
 * Opens a back-office section (checkout spec §2's tab name) by its link in the navigation, through the
 * Menu button on a narrow screen, and waits for its panel: the region named like the section.
 */
export async function openAdminSection(page: Page, name: string): Promise<void> {
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  if (await menu.isVisible()) await menu.click();
  await adminNavigation(page).getByRole('link', { name, exact: true }).click();
  // The first: a section's own content may be a region of the same name (the Notifications outbox).
  await page.getByRole('region', { name, exact: true }).first().waitFor();
}

/** An order as POST /api/orders takes it; the payment and shipping methods default to bitcoin and regular. */
export type GuestOrder = Omit<z.input<typeof placeOrderSchema>, 'paymentMethod' | 'shippingMethod'> & { shippingMethod?: z.input<typeof placeOrderSchema>['shippingMethod'] };

/**
 * A guest's order placed through the API. Given a coin, the order is to be paid in it and its crypto
 * payment is started too (POST /api/payments/crypto).
 */
export async function placeGuestOrder(request: APIRequestContext, order: GuestOrder & { coin: CryptoPaymentMethod }): Promise<{ order: PlacedOrderView; payment: PaymentView }>;
export async function placeGuestOrder(request: APIRequestContext, order: GuestOrder & { paymentMethod?: PaymentMethod }): Promise<{ order: PlacedOrderView }>;
export async function placeGuestOrder(
  request: APIRequestContext,
  { coin, paymentMethod = coin ?? 'bitcoin', shippingMethod = 'regular', ...order }: GuestOrder & { coin?: CryptoPaymentMethod; paymentMethod?: PaymentMethod },
): Promise<{ order: PlacedOrderView; payment?: PaymentView }> {
  const placed = await request.post('/api/orders', { data: { ...order, paymentMethod, shippingMethod } });
  expect(placed.status()).toBe(201);
  const created = (await placed.json()) as PlacedOrderView;
  if (!coin) return { order: created };
  const started = await request.post('/api/payments/crypto', { data: { orderId: created.id, paymentMethod: coin } });
  expect(started.status()).toBe(201);
  return { order: created, payment: (await started.json()) as PaymentView };
}

/**
 * A guest puts the first listed product in the cart and fills checkout's step info (a Sydney address, regular
 * shipping) with the payment method named by `method`, up to the Place Order & Pay button, left to the caller.
 */
export async function fillGuestCheckout(page: Page, method: RegExp): Promise<void> {
  await page.goto('/products');
  const add = page.locator('article').getByRole('button', { name: 'Add', exact: true }).first();
  await add.waitFor({ timeout: 15_000 });
  // The products page is the server's markup until React has taken it over: a click on Add before then is lost.
  await hydrated(page);
  await add.click();
  await page.getByTestId('cart-count').filter({ hasText: '1' }).waitFor();
  await page.goto('/checkout');
  await page.getByRole('button', { name: 'Continue as Guest' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill('satoshi@example.com');
  await page.getByRole('textbox', { name: 'First name' }).fill('Hal');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Finney');
  await page.getByRole('textbox', { name: 'Phone' }).fill('0412345678');
  await page.getByRole('textbox', { name: 'Address' }).fill('1 George Street');
  await page.getByRole('textbox', { name: 'City / suburb' }).fill('Sydney');
  await page.getByRole('combobox', { name: 'State' }).selectOption('NSW');
  await page.getByRole('textbox', { name: 'Postcode' }).fill('2000');
  await page.getByRole('radio', { name: method }).check();
  await page.getByRole('checkbox', { name: /laboratory research only/ }).check();
}

/** How often the payment page asks for its payment's status (frontend's PAYMENT_POLL_INTERVAL_MS). */
export const PAYMENT_POLL_INTERVAL_MS = 10_000;

/**
 * Waits until the payment page shows `shown` by itself, through its own status poll, without waiting out the poll's
 * 10 s: the page's clock (installed with `page.clock.install()` before the page loaded) jumps to its next poll, again
 * each second while `shown` is not there (the server may not show the change yet).
 */
export async function nextPollsUntilVisible(page: Page, shown: Locator, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await page.clock.fastForward(PAYMENT_POLL_INTERVAL_MS);
    try {
      await shown.waitFor({ state: 'visible', timeout: 1_000 });
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
  }
}

/** Nothing pans the page sideways: whatever is wide scrolls inside its own box. */
export async function expectNoSidewaysPan(page: Page, width: number): Promise<void> {
  expect(Number(await page.evaluate('document.documentElement.scrollWidth'))).toBeLessThanOrEqual(width);
}

/** The element lies between the viewport's left edge and the given width. */
export async function expectWithinWidth(locator: Locator, width: number): Promise<void> {
  const box = (await locator.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
}

const AXE_SOURCE = require.resolve('axe-core/axe.min.js');

/** The back office, signed in as the demo admin, in a context of its own that lets axe in (see seriousAxeViolations); close its context after. */
export async function openAdminForAxe(shop: Shop, viewport: { width: number; height: number }): Promise<Page> {
  const context = await shop.browser.newContext({ baseURL: shop.url, viewport, bypassCSP: true });
  const page = await context.newPage();
  await signInToAdmin(shop, page);
  return page;
}

/**
 * Serious and critical WCAG 2.x A/AA violations within `selector` (the whole document without one),
 * described for a failure message. axe is injected as an inline script, which the shop's own CSP
 * rightly forbids: the page's context must be made with `bypassCSP`.
 */
export async function seriousAxeViolations(page: Page, selector?: string): Promise<string[]> {
  if (!(await page.evaluate('typeof axe !== "undefined"'))) await page.addScriptTag({ path: AXE_SOURCE });
  const results = (await page.evaluate(
    `axe.run(${selector === undefined ? 'document' : JSON.stringify(selector)}, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })`,
  )) as AxeResults;
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 3).join(', ')}`);
}
