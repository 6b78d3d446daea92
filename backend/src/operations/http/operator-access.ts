import type { Request } from 'express';
import { timingSafeEqual } from 'node:crypto';
import type { AppConfig } from '../../config';
import { may } from '../../identity/contract/staff-roles';
import { currentUserOf } from '../../shared/http/request-context';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
/** Headers a reverse proxy adds: a request carrying one came through a proxy, whatever its socket says. */
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

type OperatorSettings = Pick<AppConfig, 'metricsToken' | 'trustProxy'>;

/**
 * Why `request` may not read `/metrics`, or null when it may. With METRICS_TOKEN set, only its bearer
 * token opens them. Without it, only a request from this machine that no proxy handed on: a reverse
 * proxy on the same host connects from loopback for every client on the internet, so TRUST_PROXY (a
 * proxy is in front) or any proxy header (this request came through one) closes them.
 */
export function metricsRefusal(request: Request, settings: OperatorSettings): string | null {
  if (settings.metricsToken !== null) return carriesToken(request, settings.metricsToken) ? null : 'Metrics need the METRICS_TOKEN as a bearer token.';
  const remedy = 'Set METRICS_TOKEN and send it as a bearer token (Authorization: Bearer <token>).';
  if (settings.trustProxy !== false) return `Metrics need METRICS_TOKEN when TRUST_PROXY is set: behind a proxy every client can look local. ${remedy}`;
  if (!LOOPBACK.has(request.socket.remoteAddress ?? '')) return `Metrics are readable from this machine only. ${remedy}`;
  if (PROXY_HEADERS.some((header) => request.headers[header] !== undefined)) return `Metrics are not readable through a proxy without METRICS_TOKEN. ${remedy}`;
  return null;
}

/** Whether `request` may read what operators read beyond the bare status: the METRICS_TOKEN as a bearer token, or the session of staff who run operations. */
export function isOperator(request: Request, settings: OperatorSettings): boolean {
  if (settings.metricsToken !== null && carriesToken(request, settings.metricsToken)) return true;
  return may(currentUserOf(request)?.role, 'operations:manage');
}

function carriesToken(request: Request, token: string): boolean {
  const sent = Buffer.from(/^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}
