import { DeviceType } from '../contract/analytics.views';
import { deviceOf } from './client-device';
import { VisitorSalts } from './visitor-salts';

/** Who sent a report, as the request tells it: used to count the report, never recorded. */
export interface ReportingClient {
  ipAddress: string;
  userAgent: string | undefined;
  /** The host the shop was reached at, to tell its own pages from referring sites. */
  host: string;
}

/** A report's visitor: the day's hash of the client and the kind of device; null for a bot, which is not counted. */
export async function visitorOf(client: ReportingClient, day: string, salts: VisitorSalts): Promise<{ visitor: string; device: DeviceType } | null> {
  const device = deviceOf(client.userAgent);
  if (device === null || client.userAgent === undefined) return null;
  return { visitor: await salts.visitorOf(day, client.ipAddress, client.userAgent), device };
}
