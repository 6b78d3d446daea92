import Bowser from 'bowser';
import { isbot } from 'isbot';
import { DeviceType } from '../contract/analytics.views';

/** Distinct User-Agents whose device is remembered in memory: most reports come from a few hundred browsers. */
const REMEMBERED_USER_AGENTS = 2_000;
const remembered = new Map<string, DeviceType | null>();

/**
 * The kind of device a User-Agent names, or null for a client that is not a person's browser: a
 * crawler or monitor (isbot, or bowser's own bot list) or no User-Agent at all, none of which is
 * counted. The User-Agent itself is used for this and for the visitor hash, and never written
 * anywhere; the answer for recent ones is kept in this process's memory (about 50 µs of regular
 * expressions saved per report), forgotten all at once when the map is full.
 */
export function deviceOf(userAgent: string | undefined): DeviceType | null {
  if (!userAgent?.trim()) return null;
  let device = remembered.get(userAgent);
  if (device === undefined) {
    if (remembered.size >= REMEMBERED_USER_AGENTS) remembered.clear();
    device = classify(userAgent);
    remembered.set(userAgent, device);
  }
  return device;
}

function classify(userAgent: string): DeviceType | null {
  if (isbot(userAgent)) return null;
  switch (Bowser.getParser(userAgent).getPlatformType(true)) {
    case 'bot':
      return null;
    case 'mobile':
      return 'mobile';
    case 'tablet':
      return 'tablet';
    // Desktops, TVs and consoles, and what bowser cannot tell: browsed on a large screen.
    default:
      return 'desktop';
  }
}
