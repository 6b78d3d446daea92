import { MOBILE, DESKTOP, Shop, startShop } from './browser-support';

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

describe('The floating chat button on a phone', () => {
  it('steps aside while the shopper scrolls down a list, and comes back on the way up', async () => {
    const { page } = await shop.newPage(MOBILE);
    await page.goto('/products');
    await page.locator('.product-card').first().waitFor();
    expect(await chatShown(page)).toBe(true);
    await page.mouse.wheel(0, 900);
    await page.waitForFunction(chatHidden, undefined, { timeout: 5000 });
    await page.mouse.wheel(0, -300);
    await page.waitForFunction(chatVisible, undefined, { timeout: 5000 });
  });

  it('stays put on a desktop', async () => {
    const { page } = await shop.newPage(DESKTOP);
    await page.goto('/products');
    await page.locator('.product-card').first().waitFor();
    await page.mouse.wheel(0, 900);
    await page.waitForTimeout(400);
    expect(await chatShown(page)).toBe(true);
  });
});
