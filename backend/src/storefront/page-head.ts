import type { CategoryView, ProductView } from '../catalogue/contract/catalogue.views';
import { formatCents, parseCents } from '../shared/money';

/** The storefront's name, as its pages title themselves (frontend/src/lib/shop.ts). */
export const SHOP_NAME = 'Peptide Research Supply';
const HOME_TITLE = `${SHOP_NAME} — research-grade compounds`;
const DEFAULT_DESCRIPTION =
  'Pharmaceutical-grade research peptides for laboratory use only. GMP certified, 99%+ purity, discreet tracked shipping across Australia. Pay with crypto.';
/** Search engines show about this much of a description. */
const DESCRIPTION_MAX = 160;

/** What a page says about itself to search engines and link previews. */
export interface PageHead {
  /** As the page's own `usePageTitle` sets it, so the title does not change when the client takes over. */
  title: string;
  description: string;
  /** Path of the page's one address (query strings that only filter are dropped). */
  canonicalPath: string;
  ogType: 'website' | 'product';
  /** Absolute or root-relative URL of the preview image. */
  image?: string;
  /** Structured data (schema.org), written as JSON-LD. */
  jsonLd?: object;
  /** Pages that are not content of their own (a search) are left out of the index. */
  noindex?: boolean;
}

/** Text and attribute values: product names and descriptions are admin input. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
}

/**
 * JSON inside a `<script>` element: no `<` (so no `</script>` or `<!--`), `>` or `&` can end or
 * confuse the element, and the two line separators JSON allows but old JavaScript parsers do not.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function titled(title: string): string {
  return `${title} | ${SHOP_NAME}`;
}

/** One line of plain text, cut at a word near the limit. */
export function summary(text: string | null | undefined, fallback = DEFAULT_DESCRIPTION): string {
  const plain = (text ?? '').replace(/\s+/g, ' ').trim();
  if (!plain) return fallback;
  if (plain.length <= DESCRIPTION_MAX) return plain;
  const cut = plain.slice(0, DESCRIPTION_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > DESCRIPTION_MAX / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

export function homeHead(): PageHead {
  return { title: HOME_TITLE, description: DEFAULT_DESCRIPTION, canonicalPath: '/', ogType: 'website' };
}

export function productsHead(category: CategoryView | undefined, search: string | undefined): PageHead {
  if (search) {
    return { title: titled(`Search: ${search}`), description: `Research compounds matching “${search}”.`, canonicalPath: '/products', ogType: 'website', noindex: true };
  }
  return {
    title: titled('All Products'),
    description: category
      ? summary(`${category.name}: ${category.description ?? 'research compounds'} — ${SHOP_NAME}.`)
      : 'All research peptides and compounds in the catalogue: 99%+ purity, lab-tested, shipped discreetly across Australia. For laboratory research use only.',
    canonicalPath: category ? `/products?categoryId=${category.id}` : '/products',
    ogType: 'website',
  };
}

export function categoriesHead(categories: CategoryView[]): PageHead {
  const names = categories.map((category) => category.name).join(', ');
  return {
    title: titled('Categories'),
    description: summary(names ? `Browse research compounds by category: ${names}.` : 'Browse research compounds by category.'),
    canonicalPath: '/categories',
    ogType: 'website',
  };
}

/** `/privacy` and `/terms` (issue 22). */
export function legalHead(which: 'privacy' | 'terms'): PageHead {
  return which === 'privacy'
    ? { title: titled('Privacy'), description: 'What the shop stores about you, why, for how long, and how analytics work without cookies.', canonicalPath: '/privacy', ogType: 'website' }
    : { title: titled('Terms of sale'), description: 'Terms of sale: research use only, buyers 18 and over, payment, shipping within Australia, returns and refunds.', canonicalPath: '/terms', ogType: 'website' };
}

export function searchHead(): PageHead {
  return { title: titled('Search'), description: 'Search the research compound catalogue by name, SKU or description.', canonicalPath: '/search', ogType: 'website', noindex: true };
}

export function productHead(product: ProductView, origin: string): PageHead {
  const canonicalPath = productPath(product.id);
  return {
    title: titled(product.name),
    description: summary(product.description),
    canonicalPath,
    ogType: 'product',
    image: product.imageUrl ?? undefined,
    jsonLd: productJsonLd(product, origin, canonicalPath),
  };
}

/** Any other path (the 404 page): never indexed. */
export function pageNotFoundHead(): PageHead {
  return { title: titled('Page not found'), description: DEFAULT_DESCRIPTION, canonicalPath: '/', ogType: 'website', noindex: true };
}

export function notFoundHead(): PageHead {
  return { title: titled('Product not found'), description: DEFAULT_DESCRIPTION, canonicalPath: '/products', ogType: 'website', noindex: true };
}

/** The product page's one address (the spec serves both `/product/{id}` and `/products/{id}`). */
export function productPath(productId: number): string {
  return `/products/${productId}`;
}

/** What a shopper pays per unit, as checkout prices it: the sale price while the product is on sale. */
export function offeredPrice(product: Pick<ProductView, 'price' | 'salePrice' | 'isOnSale'>): string {
  return formatCents(product.isOnSale && product.salePrice !== null ? parseCents(product.salePrice) : parseCents(product.price));
}

/** schema.org Product with its Offer: the price in AUD as a decimal string, availability from the stock. */
export function productJsonLd(product: ProductView, origin: string, path = productPath(product.id)): object {
  const url = absolute(origin, path);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: summary(product.description),
    sku: product.sku,
    ...(product.imageUrl ? { image: absolute(origin, product.imageUrl) } : {}),
    url,
    ...(product.totalReviews > 0
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: product.averageRating, reviewCount: product.totalReviews, bestRating: 5, worstRating: 1 } }
      : {}),
    offers: {
      '@type': 'Offer',
      url,
      price: offeredPrice(product),
      priceCurrency: 'AUD',
      availability: product.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
  };
}

export function absolute(origin: string, pathOrUrl: string): string {
  return /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/** The tags a page's head gets, every value escaped. */
export function headTags(head: PageHead, origin: string): string {
  const canonical = absolute(origin, head.canonicalPath);
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    ...(head.noindex ? ['<meta name="robots" content="noindex, follow" />'] : []),
    `<meta property="og:site_name" content="${escapeHtml(SHOP_NAME)}" />`,
    `<meta property="og:type" content="${head.ogType}" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(canonical)}" />`,
    ...(head.image ? [`<meta property="og:image" content="${escapeHtml(absolute(origin, head.image))}" />`] : []),
    `<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}" />`,
    ...(head.jsonLd ? [`<script type="application/ld+json">${jsonForScript(head.jsonLd)}</script>`] : []),
  ];
  return tags.join('\n    ');
}

export interface PageParts {
  head: PageHead;
  origin: string;
  /** Stylesheets and module preloads of the page's own code, so the server markup is styled at first paint. */
  assets?: string[];
  /** Server-rendered markup for `<div id="root">`. */
  body?: string;
  /** A `<script type="application/json">` element with the dehydrated queries. */
  state?: string;
}

/**
 * The built index.html with the page's head in place of the generic title and description, and
 * the server markup (when there is any) inside the root element.
 */
export function fillTemplate(template: string, parts: PageParts): string {
  let html = template.replace(/<title>[\s\S]*?<\/title>\s*/i, '').replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  const head = [headTags(parts.head, parts.origin), ...(parts.assets ?? [])].join('\n    ');
  html = html.replace(/<\/head>/i, `  ${head}\n  </head>`);
  if (parts.body !== undefined) html = html.replace('<div id="root"></div>', `<div id="root">${parts.body}</div>${parts.state ?? ''}`);
  return html;
}

export interface SitemapEntry {
  path: string;
  /** ISO date or time of the last change; left out when unknown. */
  lastmod?: string;
}

export function sitemapXml(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.map(
    (entry) => `  <url><loc>${escapeHtml(absolute(origin, entry.path))}</loc>${entry.lastmod ? `<lastmod>${escapeHtml(entry.lastmod)}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** Crawlers may read the shop, not its back office, accounts, checkout or API. */
export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /dashboard', 'Disallow: /checkout', 'Disallow: /api', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
