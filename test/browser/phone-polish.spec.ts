import { MOBILE, DESKTOP, screenshotPath, Shop, startShop } from './browser-support';
import { hydrated } from './hydrated';

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
}, 60_000);
afterAll(async () => {
  await shop?.close();
});

/** The page's globals this test reads (its tsconfig has no DOM types). */
type PageWindow = { getComputedStyle(element: unknown): { opacity: string }; innerHeight: number; document: { querySelector(selector: string): { getBoundingClientRect(): { top: number } } } };

/** Whether the floating chat link can be seen (on screen, not faded out); a function, as the CSP forbids evaluating strings. */
function chatVisible(): boolean {
  const page = globalThis as unknown as PageWindow;
  const element = page.document.querySelector('.chat-button-wrap');
  return page.getComputedStyle(element).opacity === '1' && element.getBoundingClientRect().top < page.innerHeight;
}

function chatHidden(): boolean {
  const page = globalThis as unknown as PageWindow;
  return page.getComputedStyle(page.document.querySelector('.chat-button-wrap')).opacity === '0';
}

const chatShown = (page: import('playwright-core').Page) => page.evaluate(chatVisible);

/** Whether the page has scrolled at all (a wheel event is dispatched, not waited for). */
function scrolled(): boolean {
  return (globalThis as unknown as { scrollY: number }).scrollY > 0;
}

describe('The floating chat button on a phone', () => {
  it('steps aside while the shopper scrolls down a list, and comes back on the way up', async () => {
    const { page } = await shop.newPage(MOBILE);
    await page.goto('/products');
    await page.locator('.product-card').first().waitFor();
    // The server's markup has the cards before the page's code (and its scroll listener) is in.
    await hydrated(page);
    await page.waitForFunction(chatVisible);
    await page.mouse.wheel(0, 900);
    await page.waitForFunction(chatHidden);
    await page.mouse.wheel(0, -300);
    await page.waitForFunction(chatVisible);
  });

  it('stays put on a desktop', async () => {
    const { page } = await shop.newPage(DESKTOP);
    await page.goto('/products');
    await page.locator('.product-card').first().waitFor();
    await hydrated(page);
    await page.mouse.wheel(0, 900);
    // The scroll has happened, then the phone's hide (a transition) would have had time to start.
    await page.waitForFunction(scrolled);
    await page.waitForTimeout(400);
    expect(await chatShown(page)).toBe(true);
  });
});

/** What covers the centre of the element (its class or tag), or null when the element itself is on top there. */
function coverOf(element: unknown): string | null {
  const page = globalThis as unknown as { document: { elementFromPoint(x: number, y: number): { className?: string; tagName: string } | null } };
  const target = element as { getBoundingClientRect(): { left: number; top: number; width: number; height: number }; contains(other: unknown): boolean };
  const box = target.getBoundingClientRect();
  const top = page.document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  if (top === null) return 'nothing (off screen)';
  return (target as unknown) === top || target.contains(top) ? null : `${top.tagName}.${top.className ?? ''}`;
}

describe('Nothing covers what the shopper acts on', () => {
  it.each([
    ['phone', MOBILE],
    ['desktop', DESKTOP],
  ])('the "Added to cart" toast shows inside the opened cart, above its lines, never over Total and Checkout (%s)', async (_, viewport) => {
    const { page } = await shop.newPage(viewport);
    await page.goto('/products/1');
    await hydrated(page);
    await page.getByRole('button', { name: /ADD TO CART/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Shopping Cart' });
    const toast = drawer.getByRole('status').filter({ hasText: 'Added to cart' });
    await toast.waitFor({ timeout: 10_000 });
    // The panel slides in: measured once it stands still.
    await drawer.evaluate((panel) => Promise.all((panel as { getAnimations(options: object): { finished: Promise<unknown> }[] }).getAnimations({ subtree: true }).map((animation) => animation.finished)));
    for (const control of [drawer.getByRole('button', { name: 'Checkout' }), drawer.getByRole('button', { name: 'Close cart' }), drawer.getByRole('button', { name: /^Remove / }).first()]) {
      expect(await control.evaluate(coverOf)).toBeNull();
    }
    expect(await drawer.getByTestId('cart-total').evaluate(coverOf)).toBeNull();
    await page.screenshot({ path: screenshotPath(`cart-toast-${viewport.width}`) });
  });

  it('draws no chat button on the checkout, an order\'s payment page or the back office; the footer keeps the support link', async () => {
    const { page } = await shop.newPage(MOBILE);
    await page.goto('/products');
    await page.locator('.chat-button-wrap').waitFor();
    for (const path of ['/checkout', '/orders/1', '/admin']) {
      await page.goto(path);
      await page.locator('main h1, main h2').first().waitFor({ timeout: 15_000 });
      expect(await page.locator('.chat-button-wrap').count()).toBe(0);
    }
  });
});
