import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Goal, round } from './report';

/** Failed logins sent at once, as an attacker would (argon2id, 64 MiB each). */
const FLOOD = 60;
const GOAL_P99_MS = 100;

export interface LoginFlood {
  logins: number;
  floodSeconds: number;
  /** p50/p99 of a static file and of /api/categories, at rest and during the flood. */
  atRest: { assetP50: number; assetP99: number; categoriesP50: number; categoriesP99: number };
  duringFlood: { assetP50: number; assetP99: number; categoriesP50: number; categoriesP99: number; samples: number };
}

const percentile = (values: number[], p: number) => round([...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)], 1);

/**
 * Issue 13: a flood of failed logins must not starve the rest of the shop. Times a static file and
 * /api/categories one after another, at rest and then while FLOOD failed logins are answered.
 */
export async function measureLoginFlood(baseUrl: string): Promise<LoginFlood> {
  const asset = `/assets/${readdirSync(resolve(process.env.STATIC_DIR ?? join('dist', 'frontend'), 'assets')).find((name) => name.endsWith('.js'))}`;
  const timed = async (path: string, init?: RequestInit) => {
    const started = performance.now();
    const response = await fetch(`${baseUrl}${path}`, { ...init, headers: { 'Accept-Encoding': 'gzip', ...(init?.headers ?? {}) } });
    await response.arrayBuffer();
    return performance.now() - started;
  };
  const sample = async (until: () => boolean, atLeast: number) => {
    const assets: number[] = [];
    const categories: number[] = [];
    while (!until() || assets.length < atLeast) {
      assets.push(await timed(asset));
      categories.push(await timed('/api/categories'));
      if (assets.length >= 400) break;
    }
    return { assets, categories };
  };
  let restDone = false;
  setTimeout(() => (restDone = true), 3000);
  const rest = await sample(() => restDone, 50);
  const started = performance.now();
  let floodDone = false;
  const flood = Promise.all(
    Array.from({ length: FLOOD }, (_, i) =>
      timed('/api/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: `bench-victim-${i % 5}@example.com`, password: `guess-${i}` }) }),
    ),
  ).then(() => (floodDone = true));
  const during = await sample(() => floodDone, 20);
  await flood;
  return {
    logins: FLOOD,
    floodSeconds: round((performance.now() - started) / 1000, 1),
    atRest: { assetP50: percentile(rest.assets, 50), assetP99: percentile(rest.assets, 99), categoriesP50: percentile(rest.categories, 50), categoriesP99: percentile(rest.categories, 99) },
    duringFlood: { assetP50: percentile(during.assets, 50), assetP99: percentile(during.assets, 99), categoriesP50: percentile(during.categories, 50), categoriesP99: percentile(during.categories, 99), samples: during.assets.length },
  };
}

export function describeLoginFlood(flood: LoginFlood): string {
  const { atRest: a, duringFlood: d } = flood;
  return (
    `Login flood (${flood.logins} failed logins at once, answered in ${flood.floodSeconds} s): static file p50/p99 ${a.assetP50}/${a.assetP99} ms at rest, ` +
    `${d.assetP50}/${d.assetP99} ms during; /api/categories ${a.categoriesP50}/${a.categoriesP99} ms at rest, ${d.categoriesP50}/${d.categoriesP99} ms during (${d.samples} samples)`
  );
}

export function loginFloodGoals(flood: LoginFlood): Goal[] {
  const worst = Math.max(flood.duringFlood.assetP99, flood.duringFlood.categoriesP99);
  return [{ goal: 'static file and /api/categories p99 during a login flood', target: `< ${GOAL_P99_MS} ms`, measured: `${worst} ms`, met: worst < GOAL_P99_MS }];
}
