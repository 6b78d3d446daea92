import { MAX_PAGE_SIZE, Page, PAGE_HEADER, PAGE_SIZE_HEADER, TOTAL_COUNT_HEADER, TOTAL_IS_LOWER_BOUND_HEADER } from '../../../backend/src/shared/contract/paging';

export type { Page };

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
    /** The flags the server answered beside its message (`twoFactorRequired`, `twoFactorEnrolmentRequired`). */
    readonly flags: Readonly<Record<string, true>> = {},
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
  let flags: Record<string, true> = {};
  try {
    const parsed = JSON.parse(bodyText) as { message?: unknown };
    if (typeof parsed.message === 'string' && parsed.message) serverMessage = parsed.message;
    if (parsed !== null && typeof parsed === 'object') flags = Object.fromEntries(Object.entries(parsed).filter(([, value]) => value === true)) as Record<string, true>;
  } catch {
    if (bodyText) serverMessage = bodyText;
  }
  return new ApiError(response.status, serverMessage, bodyText, flags);
}

/** The answer to a call, once it is known to be ok. */
async function send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<Response> {
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw await failure(response);
  return response;
}

export async function apiRequest<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const response = await send(method, path, body);
  if (response.status === 204) return undefined as T;
  const location = response.headers.get('Location');
  if (response.status === 202 && location) return readOnceVisible<T>(location, await failure(response));
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const apiGet = <T>(path: string) => apiRequest<T>('GET', path);

/**
 * One page of a paged list (backend/src/shared/contract/paging.ts): the page's items are the body,
 * how many match and which page it is come in headers. A list that sends only X-Total-Count (the
 * catalogue's limit/offset pages) is read as one page of what it sent.
 */
export async function apiGetPage<T>(path: string): Promise<Page<T>> {
  const response = await send('GET', path);
  const items = (await response.json()) as T[];
  const header = (name: string, otherwise: number) => {
    const value = response.headers.get(name);
    return value === null || !/^\d+$/.test(value) ? otherwise : Number(value);
  };
  return {
    items,
    total: header(TOTAL_COUNT_HEADER, items.length),
    totalIsLowerBound: response.headers.get(TOTAL_IS_LOWER_BOUND_HEADER) === 'true',
    page: header(PAGE_HEADER, 1),
    pageSize: header(PAGE_SIZE_HEADER, items.length),
  };
}

/**
 * Every item of a paged list, read MAX_PAGE_SIZE at a time: for a figure that needs them all and has
 * no count of its own on the server (a customer's orders per status), over lists one person makes.
 */
export async function apiGetEveryPage<T>(path: string): Promise<T[]> {
  const separator = path.includes('?') ? '&' : '?';
  const items: T[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await apiGetPage<T>(`${path}${separator}page=${page}&pageSize=${MAX_PAGE_SIZE}`);
    items.push(...answer.items);
    if (answer.items.length < MAX_PAGE_SIZE || (!answer.totalIsLowerBound && items.length >= answer.total)) return items;
  }
}

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
