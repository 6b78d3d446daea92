import { DEMO_ADMIN } from '../../backend/src/demo/demo-data.seeder';

/** The session cookie of the demo administrator on a running server. */
export async function adminCookie(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }) });
  if (response.status !== 200) throw new Error(`Admin login answered ${response.status}`);
  return response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
}

/** A JSON call; resolves with the status and the parsed body. */
export async function callJson<T = unknown>(url: string, path: string, options: { method?: string; body?: unknown; cookie?: string } = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(`${url}${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers: { 'Content-Type': 'application/json', ...(options.cookie ? { cookie: options.cookie } : {}) },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: response.status, body: (await response.json()) as T };
}
