import type { Page } from 'playwright-core';

/**
 * Resolves once React has taken over the page: for a server-rendered page (home, products,
 * categories, a product), once `hydrateRoot` has committed its first render over the server's
 * markup. That markup is on screen, buttons and all, before the page's code has loaded (main.tsx
 * awaits the page's chunk before hydrating, which can end after the load event on a busy machine):
 * a click or a scroll there before then does nothing, and a link click is a full page load.
 * Reads React's own marks on the root element (`__reactContainer$…`, its root's `isDehydrated`).
 * A function, not a string: the shop's CSP has no 'unsafe-eval'.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    type HostRoot = { stateNode?: { current?: { memoizedState?: { isDehydrated?: boolean } } } };
    const root = (globalThis as unknown as { document: { getElementById(id: string): Record<string, unknown> | null } }).document.getElementById('root');
    const key = root ? Object.keys(root).find((name) => name.startsWith('__reactContainer$')) : undefined;
    return key !== undefined && (root![key] as HostRoot).stateNode?.current?.memoizedState?.isDehydrated === false;
  });
}
