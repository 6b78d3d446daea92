import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Browser, BrowserContext, chromium, Page } from 'playwright-core';
import { startServerProcess, ServerProcess } from '../support/server-process';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface Shop {
  url: string;
  server: ServerProcess;
  browser: Browser;
  /** A fresh browser profile (cookies, localStorage) at the given viewport. */
  newContext(viewport?: { width: number; height: number }): Promise<BrowserContext>;
  /** A page in a fresh context whose console errors and uncaught exceptions are collected. */
  newPage(viewport?: { width: number; height: number }): Promise<{ page: Page; consoleErrors: string[] }>;
  close(): Promise<void>;
}

/** Journeys leave screenshots of what they saw here, for a person to look at. */
export const SCREENSHOTS_DIR = process.env.SCREENSHOTS_DIR ?? join(tmpdir(), 'shots');

export function screenshotPath(name: string): string {
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  return join(SCREENSHOTS_DIR, `${name}.png`);
}

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };

/** The production build on its own data folder, and headless Chromium from Debian's package. */
export async function startShop(): Promise<Shop> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-browser-'));
  const server = await startServerProcess(dataDir);
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  const contexts: BrowserContext[] = [];
  const newContext = async (viewport = DESKTOP) => {
    const context = await browser.newContext({ baseURL: server.url, viewport });
    contexts.push(context);
    return context;
  };
  return {
    url: server.url,
    server,
    browser,
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
