import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startServerProcess } from '../test/support/server-process';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const GOALS: Partial<Record<(typeof CATEGORIES)[number], number>> = { performance: 95, accessibility: 100 };
/** Pages whose scores the goals speak of; /products is measured for information. */
const GOAL_PAGES = new Set(['home', 'product page']);

interface PageScores {
  page: string;
  url: string;
  /** null where Lighthouse could not score the category (see runtimeError). */
  scores: Record<string, number | null>;
  runtimeError: string | null;
  /** The metrics the performance score is made of, in ms (CLS unitless). */
  metrics: Record<string, number | null>;
  /** Audits that cost points in accessibility, best practices and SEO, so the page's owner knows what to fix. */
  failedAudits: { category: string; id: string; title: string }[];
}

const METRICS = { FCP: 'first-contentful-paint', LCP: 'largest-contentful-paint', TBT: 'total-blocking-time', CLS: 'cumulative-layout-shift', SI: 'speed-index' };

/**
 * Lighthouse (its default mobile profile: emulated mid-range phone, simulated slow 4G) on
 * the built storefront served by the built server on a fresh demo catalogue, through
 * Debian's Chromium. Run through `npm run lighthouse`, which builds first.
 */
async function main(): Promise<void> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-lighthouse-'));
  const server = await startServerProcess(dataDir);
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'] });
  const results: PageScores[] = [];
  try {
    const [product] = (await (await fetch(`${server.url}/api/products`)).json()) as { id: number }[];
    const pages = [
      ['home', '/'],
      ['product page', `/products/${product.id}`],
      ['product list', '/products'],
    ];
    for (const [page, path] of pages) {
      const url = `${server.url}${path}`;
      console.log(`[lighthouse] ${page}: ${url}`);
      const run = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
      if (!run) throw new Error(`Lighthouse returned no result for ${url}`);
      const { categories, audits, runtimeError } = run.lhr;
      const scores = Object.fromEntries(CATEGORIES.map((id) => [id, typeof categories[id]?.score === 'number' ? Math.round(categories[id].score! * 100) : null]));
      const failedAudits = CATEGORIES.filter((id) => id !== 'performance').flatMap((category) =>
        (categories[category]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => ({ category, id: ref.id, title: audits[ref.id].title })),
      );
      const metrics = Object.fromEntries(Object.entries(METRICS).map(([name, id]) => [name, audits[id]?.numericValue === undefined ? null : Math.round(audits[id].numericValue! * 1000) / 1000]));
      results.push({ page, url: path, scores, metrics, failedAudits, runtimeError: runtimeError ? `${runtimeError.code}: ${runtimeError.message}` : null });
    }
  } finally {
    chrome.kill();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  console.table(results.map((r) => ({ page: r.page, path: r.url, ...r.scores })));
  console.table(results.map((r) => ({ page: r.page, ...r.metrics })));
  for (const result of results) {
    if (result.runtimeError) console.log(`  ${result.page} · not scored: ${result.runtimeError}`);
    for (const audit of result.failedAudits) console.log(`  ${result.page} · ${audit.category}: ${audit.id} (${audit.title})`);
  }
  const goals = results
    .filter((r) => GOAL_PAGES.has(r.page))
    .flatMap((r) => Object.entries(GOALS).map(([category, target]) => ({ page: r.page, category, target: `≥ ${target}`, measured: r.scores[category], met: (r.scores[category] ?? 0) >= target! })));
  console.table(goals.map((g) => ({ ...g, met: g.met ? 'yes' : 'NO' })));
  mkdirSync(resolve('bench', 'results'), { recursive: true });
  writeFileSync(resolve('bench', 'results', 'lighthouse.json'), `${JSON.stringify({ date: new Date().toISOString(), formFactor: 'mobile', pages: results, goals }, null, 2)}\n`);
  console.log('[lighthouse] Written to bench/results/lighthouse.json');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
