import autocannon from 'autocannon';

export interface LoadResult {
  name: string;
  connections: number;
  /** The fixed request rate asked for; null for a closed loop at fixed concurrency. */
  targetRate: number | null;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  non2xx: number;
  errors: number;
}

export interface LoadOptions {
  name: string;
  url: string;
  connections: number;
  seconds: number;
  overallRate?: number;
  method?: 'GET' | 'POST';
  /** A fresh body per request, so writes spread over many streams as real traffic would. */
  body?: () => unknown;
  /** A fresh path per request. */
  path?: () => string;
  /** Headers of each request (a browser's User-Agent, a session cookie). */
  headers?: () => Record<string, string>;
}

const WARM_UP_SECONDS = 2;
const REQUEST_TIMEOUT_SECONDS = 10;

/** One scenario: a short warm-up (JIT, caches, connection pools) that is thrown away, then the measured run. */
export async function measure(options: LoadOptions): Promise<LoadResult> {
  await run(options, WARM_UP_SECONDS);
  const result = await run(options, options.seconds);
  return {
    name: options.name,
    connections: options.connections,
    targetRate: options.overallRate ?? null,
    seconds: result.duration,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.total / result.duration),
    latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

function run(options: LoadOptions, seconds: number): Promise<autocannon.Result> {
  const { body, path, headers } = options;
  return autocannon({
    url: options.url,
    connections: options.connections,
    duration: seconds,
    overallRate: options.overallRate,
    timeout: REQUEST_TIMEOUT_SECONDS,
    method: options.method ?? 'GET',
    headers: body ? { 'content-type': 'application/json' } : {},
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          ...(path ? { path: path() } : {}),
          ...(body ? { body: JSON.stringify(body()) } : {}),
          ...(headers ? { headers: { ...request.headers, ...headers() } } : {}),
        }),
      },
    ],
  });
}
