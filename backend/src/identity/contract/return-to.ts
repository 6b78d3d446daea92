/**
 * Where the shopper goes after signing in: a path of this shop only (never another site, so a
 * crafted link cannot send a fresh session elsewhere), else the home page.
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || value.length > 300) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\') || value.startsWith('/api/')) return '/';
  // `+` is a space in a query string (a search of the back office, say).
  return /^[\w\-./?=&%+]*$/.test(value) ? value : '/';
}
