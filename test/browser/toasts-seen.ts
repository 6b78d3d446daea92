import type { Page } from 'playwright-core';

/** Installed in every document of the page: notes the text of each toast shown, in sessionStorage. */
function noteToastsInDocument(): void {
  type Node = { textContent: string | null };
  const world = globalThis as unknown as {
    document: { querySelectorAll(selector: string): Iterable<Node> } & object;
    sessionStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
    MutationObserver: new (callback: () => void) => { observe(target: object, options: object): void };
    toastsNoted?: boolean;
  };
  if (world.toastsNoted) return;
  world.toastsNoted = true;
  const note = () => {
    try {
      for (const toast of world.document.querySelectorAll('.toast')) {
        const text = toast.textContent ?? '';
        const seen = world.sessionStorage.getItem('toasts-seen') ?? '';
        if (text && !seen.includes(text)) world.sessionStorage.setItem('toasts-seen', `${seen}|${text}`);
      }
    } catch {
      // A document without storage (about:blank) has no toasts either.
    }
  };
  new world.MutationObserver(note).observe(world.document, { subtree: true, childList: true, characterData: true });
}

/**
 * Some toasts live only a moment: "You are logged out. Logging in again..." shows for the 500 ms before the page
 * leaves for sign-in, which a wait for it can miss on a busy machine. From here on, every document of `page` (this one
 * and the next ones) notes the toasts it shows in sessionStorage, which the next page of the tab keeps.
 */
export async function noteToasts(page: Page): Promise<void> {
  await page.addInitScript(noteToastsInDocument);
  await page.evaluate(noteToastsInDocument);
}

/** The toasts' texts noted since `noteToasts` (or the last call), joined; forgets them. Call it once the page has settled. */
export async function toastsSeen(page: Page): Promise<string> {
  return page.evaluate(() => {
    const storage = (globalThis as unknown as { sessionStorage: { getItem(key: string): string | null; removeItem(key: string): void } }).sessionStorage;
    const seen = storage.getItem('toasts-seen') ?? '';
    storage.removeItem('toasts-seen');
    return seen;
  });
}
