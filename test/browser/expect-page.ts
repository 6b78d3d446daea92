import type { Locator } from 'playwright-core';

/**
 * Auto-retrying assertions on a locator, in the manner of Playwright's web-first `expect`
 * (which ships with the @playwright/test runner, not with playwright-core): the page renders
 * asynchronously, so each check polls until it holds or the timeout passes.
 */
const DEFAULT_TIMEOUT_MS = 10_000;
const POLL_MS = 100;

async function eventually(description: string, check: () => Promise<{ pass: boolean; actual: unknown }>, timeout: number): Promise<void> {
  const deadline = Date.now() + timeout;
  let actual: unknown;
  for (;;) {
    try {
      const result = await check();
      if (result.pass) return;
      actual = result.actual;
    } catch (error) {
      actual = error instanceof Error ? error.message : error;
    }
    if (Date.now() > deadline) throw new Error(`Expected ${description} within ${timeout} ms; last seen: ${JSON.stringify(actual)}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

const matches = (actual: string, expected: string | RegExp) => (typeof expected === 'string' ? actual.trim() === expected : expected.test(actual.trim()));

export function expect(locator: Locator, { timeout = DEFAULT_TIMEOUT_MS } = {}) {
  const describe = (what: string) => `${locator} ${what}`;
  return {
    toBeVisible: () => eventually(describe('to be visible'), async () => ({ pass: await locator.isVisible(), actual: 'hidden or missing' }), timeout),
    toBeHidden: () => eventually(describe('to be hidden'), async () => ({ pass: await locator.isHidden(), actual: 'visible' }), timeout),
    toBeEnabled: () => eventually(describe('to be enabled'), async () => ({ pass: await locator.isEnabled(), actual: 'disabled' }), timeout),
    toBeDisabled: () => eventually(describe('to be disabled'), async () => ({ pass: await locator.isDisabled(), actual: 'enabled' }), timeout),
    toHaveText: (expected: string | RegExp) =>
      eventually(describe(`to have text ${expected}`), async () => {
        const actual = (await locator.textContent({ timeout: POLL_MS * 5 })) ?? '';
        return { pass: matches(actual, expected), actual };
      }, timeout),
    toContainText: (expected: string) =>
      eventually(describe(`to contain text ${expected}`), async () => {
        const actual = (await locator.textContent({ timeout: POLL_MS * 5 })) ?? '';
        return { pass: actual.includes(expected), actual };
      }, timeout),
    toHaveValue: (expected: string | RegExp) =>
      eventually(describe(`to have value ${expected}`), async () => {
        const actual = await locator.inputValue({ timeout: POLL_MS * 5 });
        return { pass: matches(actual, expected), actual };
      }, timeout),
    toHaveCount: (expected: number) =>
      eventually(describe(`to have count ${expected}`), async () => {
        const actual = await locator.count();
        return { pass: actual === expected, actual };
      }, timeout),
  };
}
