import { isIPv4, isIPv6 } from 'node:net';

/**
 * What a session list shows of the browser behind a session (issue 23): a device name from its user agent and its
 * address as a network prefix only (/24 for IPv4, /48 for IPv6), enough to tell "my phone at home" from a stranger's
 * network without keeping where anyone is.
 */

const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
  [/curl\//, 'curl'],
];

const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

const firstMatch = (text: string, patterns: [RegExp, string][]) => patterns.find(([pattern]) => pattern.test(text))?.[1] ?? null;

/** "Firefox on Windows", "Safari on iPhone"; "Unknown device" when the user agent says nothing known. */
export function deviceOf(userAgent: string | undefined): string {
  const agent = userAgent ?? '';
  const browser = firstMatch(agent, BROWSERS);
  const system = firstMatch(agent, SYSTEMS);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `A browser on ${system}` : 'Unknown device');
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded); null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  if (!isIPv6(address) || address.includes('.')) return null;
  const [head, tail] = address.split('::');
  const groupsOf = (part: string | undefined) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const front = groupsOf(head);
  const back = tail === undefined ? [] : groupsOf(tail);
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/** `203.0.113.0/24`, `2001:db8:12::/48`; an IPv4 address mapped into IPv6 is read as IPv4. */
export function networkPrefixOf(address: string | undefined): string {
  const plain = (address ?? '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  if (isIPv4(plain)) return `${plain.split('.').slice(0, 3).join('.')}.0/24`;
  const groups = ipv6Groups(plain);
  if (groups) return `${groups.slice(0, 3).map((group) => group.toString(16)).join(':')}::/48`;
  return 'unknown network';
}
