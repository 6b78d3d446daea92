import { performance } from 'node:perf_hooks';
import { adminCookie } from '../test/support/http-client';

/** The shop's calls the bench makes, as a browser or an administrator would make them. */

const ADDRESS = { firstName: 'Bench', lastName: 'Mark', phone: '0412345678', address: '1 Load St', city: 'Adelaide', state: 'SA', postalCode: '5000' };
/** Same limit as autocannon's in load.ts: a request not answered by then counts as an error. */
const REQUEST_TIMEOUT_MS = 10_000;

export interface OrderLine {
  productId: number;
  quantity: number;
}

/** A guest order paid by bitcoin with regular shipping: no payment provider or service-area check in the way. */
export function orderBody(items: OrderLine[]) {
  return { customerEmail: 'bench@example.com', paymentMethod: 'bitcoin', shippingMethod: 'regular', shippingAddress: ADDRESS, items };
}

/** A new product with nothing but the required fields; returns its id. */
export async function createProduct(baseUrl: string, product: { name: string; sku: string; stock: number }): Promise<number> {
  const response = await fetch(`${baseUrl}/api/admin/products`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: await adminCookie(baseUrl) },
    body: JSON.stringify({ ...product, price: '25.00' }),
  });
  if (response.status !== 201) throw new Error(`Creating ${product.sku} failed with ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { id: number }).id;
}

export async function productStock(baseUrl: string, productId: number): Promise<number> {
  const response = await fetch(`${baseUrl}/api/products/${productId}`);
  if (response.status !== 200) throw new Error(`Reading product ${productId} failed with ${response.status}`);
  return ((await response.json()) as { stock: number }).stock;
}

export interface OrderAttempt {
  /** The HTTP status, or 'network error' when no answer came (refused, reset, timed out). */
  outcome: number | 'network error';
  /** Placed: a 201 whose body carries the new order's id. */
  placed: boolean;
  /** From sending the request until the whole answer was read. */
  ms: number;
}

/**
 * One order of `quantity` units of one product through the global fetch, which keeps its
 * connections alive between calls, so a loop of calls reuses one connection as a client would.
 */
export async function placeOrder(baseUrl: string, productId: number, quantity = 1): Promise<OrderAttempt> {
  const started = performance.now();
  try {
    const response = await fetch(`${baseUrl}/api/orders`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(orderBody([{ productId, quantity }])),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    const ms = performance.now() - started;
    return { outcome: response.status, placed: response.status === 201 && typeof parseId(text) === 'number', ms };
  } catch {
    return { outcome: 'network error', placed: false, ms: performance.now() - started };
  }
}

function parseId(text: string): unknown {
  try {
    return (JSON.parse(text) as { id?: unknown }).id;
  } catch {
    return undefined;
  }
}

/** Counts per outcome, e.g. { "201": 9990, "409": 10 }, for the report. */
export function countOutcomes(attempts: OrderAttempt[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { outcome, placed } of attempts) {
    const key = outcome === 201 && !placed ? '201 without id' : String(outcome);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/**
 * Resolves once every projector and reactor of the server has handled the whole log: nothing left over
 * from earlier load. Read from `/metrics` (open to this machine: the bench sets no METRICS_TOKEN or
 * TRUST_PROXY), whose `projector_lag_events` are what readiness tells only an operator.
 */
export async function untilCaughtUp(baseUrl: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${baseUrl}/metrics`);
    if (!response.ok) throw new Error(`GET /metrics answered ${response.status}: ${await response.text()}`);
    const lags = [...(await response.text()).matchAll(/^projector_lag_events\{[^}]*\} (\d+)$/gm)].map((match) => Number(match[1]));
    if (lags.length > 0 && lags.every((lag) => lag === 0)) return;
    if (Date.now() > deadline) throw new Error('The projectors did not catch up with the log in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
