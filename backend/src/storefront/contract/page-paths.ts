/**
 * Storefront spec §2: every address the single-page app draws a page for, in react-router's syntax
 * (`:name` one segment, `:name?` an optional one). The browser's router is built from this list
 * (App.tsx gives each an element), and the server answers 404 with the 404 page for any path that
 * matches none, so a search engine never indexes a "soft 404".
 */
export const PAGE_PATHS = [
  '/',
  '/products',
  '/search',
  '/categories',
  '/product/:id',
  '/products/:id',
  '/calculator',
  '/auth',
  '/auth/reset',
  '/staff/accept',
  '/checkout',
  '/dashboard',
  '/orders/lookup',
  '/orders/:id',
  '/dashboard/account',
  '/dashboard/support',
  '/dashboard/support/:id',
  '/dashboard/verification',
  '/admin/:tab?/:record?',
  '/faq',
  '/shipping',
  '/returns',
  '/privacy',
  '/terms',
] as const;

export type PagePath = (typeof PAGE_PATHS)[number];

const MATCHERS: ReadonlyArray<readonly [PagePath, RegExp]> = PAGE_PATHS.map((pattern) => [pattern, matcherOf(pattern)] as const);

function matcherOf(pattern: string): RegExp {
  if (pattern === '/') return /^\/$/;
  const segments = pattern
    .split('/')
    .slice(1)
    .map((segment) => {
      if (segment.startsWith(':')) return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    });
  return new RegExp(`^${segments.join('')}/?$`, 'i');
}

/** The page pattern a path is drawn by, as react-router matches it (case-insensitive, optional trailing slash), or null. */
export function pagePathOf(path: string): PagePath | null {
  for (const [pattern, matcher] of MATCHERS) if (matcher.test(path)) return pattern;
  return null;
}
