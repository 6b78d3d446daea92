import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startServerProcess } from '../test/support/server-process';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const GOALS: Partial<Record<(typeof CATEGORIES)[number], number>> = { performance: 95, accessibility: 100 };
/** Pages whose scores the goals speak of; /products is measured for information. */
const GOAL_PAGES = new Set(['home', 'product page']);

/** Runs per page (LIGHTHOUSE_RUNS, 3 by default); the page's figures are those of its median run by performance. */
const RUNS = Math.max(1, Number.parseInt(process.env.LIGHTHOUSE_RUNS ?? '3', 10) || 3);
/**
 * Lighthouse simulates a slow phone from the CPU time Chrome takes here, so anything else running on the machine
 * inflates total blocking time (27 Nov: 81 with other tests running, 97 idle, same build). Each run waits until the
 * machine's CPUs are at least this idle over 2 s (for two minutes at most) and records how idle they were.
 */
const IDLE_BEFORE_RUN = 0.85;

function cpuTimes(): { idle: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  return { idle: fields[3] + fields[4], total: fields.reduce((sum, value) => sum + value, 0) };
}

async function waitForIdleCpu(): Promise<number> {
  const started = Date.now();
  for (;;) {
    const before = cpuTimes();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const after = cpuTimes();
    const idle = (after.idle - before.idle) / Math.max(1, after.total - before.total);
    if (idle >= IDLE_BEFORE_RUN || Date.now() - started > 120_000) return Math.round(idle * 100) / 100;
  }
}

interface PageScores {
  page: string;
  url: string;
  /** This run's CPU idle share just before it, and Lighthouse's measure of the machine's speed. */
  idleBefore: number;
  benchmarkIndex: number | null;
  /** Every run's performance score; the figures here are the median run's. */
  runScores: (number | null)[];
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
      const runs: PageScores[] = [];
      for (let run = 1; run <= RUNS; run += 1) {
        const idleBefore = await waitForIdleCpu();
        console.log(`[lighthouse] ${page} (${run}/${RUNS}, CPU ${Math.round(idleBefore * 100)} % idle): ${url}`);
        const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
        if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
        const { categories, audits, runtimeError, environment } = result.lhr;
        const scores = Object.fromEntries(CATEGORIES.map((id) => [id, typeof categories[id]?.score === 'number' ? Math.round(categories[id].score! * 100) : null]));
        const failedAudits = CATEGORIES.filter((id) => id !== 'performance').flatMap((category) =>
          (categories[category]?.auditRefs ?? [])
            .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 1)
            .map((ref) => ({ category, id: ref.id, title: audits[ref.id].title })),
        );
        const metrics = Object.fromEntries(Object.entries(METRICS).map(([name, id]) => [name, audits[id]?.numericValue === undefined ? null : Math.round(audits[id].numericValue! * 1000) / 1000]));
        runs.push({ page, url: path, idleBefore, benchmarkIndex: environment?.benchmarkIndex ?? null, runScores: [], scores, metrics, failedAudits, runtimeError: runtimeError ? `${runtimeError.code}: ${runtimeError.message}` : null });
      }
      const ordered = [...runs].sort((a, b) => (a.scores.performance ?? -1) - (b.scores.performance ?? -1));
      results.push({ ...ordered[Math.floor((ordered.length - 1) / 2)], runScores: runs.map((r) => r.scores.performance) });
    }
  } finally {
    chrome.kill();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  console.table(results.map((r) => ({ page: r.page, path: r.url, ...r.scores })));
  console.table(results.map((r) => ({ page: r.page, ...r.metrics, runs: r.runScores.join(' '), 'CPU idle before': r.idleBefore, benchmarkIndex: r.benchmarkIndex })));
  for (const result of results) {
    if (result.runtimeError) console.log(`  ${result.page} · not scored: ${result.runtimeError}`);
    for (const audit of result.failedAudits) console.log(`  ${result.page} · ${audit.category}: ${audit.id} (${audit.title})`);
  }
  const goals = results
    .filter((r) => GOAL_PAGES.has(r.page))
    .flatMap((r) => Object.entries(GOALS).map(([category, target]) => ({ page: r.page, category, target: `≥ ${target}`, measured: r.scores[category], met: (r.scores[category] ?? 0) >= target! })));
  console.table(goals.map((g) => ({ ...g, met: g.met ? 'yes' : 'NO' })));
  mkdirSync(resolve('bench', 'results'), { recursive: true });
  writeFileSync(resolve('bench', 'results', 'lighthouse.json'), `${JSON.stringify({ date: new Date().toISOString(), formFactor: 'mobile', runsPerPage: RUNS, pages: results, goals }, null, 2)}\n`);
  console.log('[lighthouse] Written to bench/results/lighthouse.json');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
