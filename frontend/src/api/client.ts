/**
 * The one API client of the storefront (spec §7): every call sends the session cookie, bodies are
 * JSON, and any non-ok answer fails with "status: body" while keeping the server's own message.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The server's `{ message }`, or the status text when the body had none. */
    readonly serverMessage: string,
    bodyText: string,
  ) {
    super(`${status}: ${bodyText || serverMessage}`);
    this.name = 'ApiError';
  }

  get isUnauthorized(): boolean {
    return this.status === 401;
  }
}

async function failure(response: Response): Promise<ApiError> {
  const bodyText = await response.text();
  let serverMessage = response.statusText;
  try {
    const parsed = JSON.parse(bodyText) as { message?: unknown };
    if (typeof parsed.message === 'string' && parsed.message) serverMessage = parsed.message;
  } catch {
    if (bodyText) serverMessage = bodyText;
  }
  return new ApiError(response.status, serverMessage, bodyText);
}

export async function apiRequest<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw await failure(response);
  if (response.status === 204) return undefined as T;
  const location = response.headers.get('Location');
  if (response.status === 202 && location) return readOnceVisible<T>(location, await failure(response));
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const apiGet = <T>(path: string) => apiRequest<T>('GET', path);

const VISIBLE_RETRIES_MS = [250, 500, 1000, 2000, 4000];

/**
 * 202 with a Location: the server recorded the change but could not yet show it. The result is read
 * from there as soon as it can be; if it still cannot after about 8 s, the server's own message is the error.
 */
async function readOnceVisible<T>(location: string, accepted: ApiError): Promise<T> {
  for (const delay of VISIBLE_RETRIES_MS) {
    await new Promise((resolve) => setTimeout(resolve, delay));
    try {
      return await apiGet<T>(location);
    } catch (error) {
      if (!(error instanceof ApiError) || (error.status !== 404 && error.status !== 202)) throw error;
    }
  }
  throw accepted;
}

/** For queries that should read "signed out" as null instead of failing (spec §7). */
export async function apiGetOrNullWhenUnauthorized<T>(path: string): Promise<T | null> {
  try {
    return await apiGet<T>(path);
  } catch (error) {
    if (error instanceof ApiError && error.isUnauthorized) return null;
    throw error;
  }
}

export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage || fallback;
  return fallback;
}

export function queryString(params: Record<string, string | number | boolean | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
