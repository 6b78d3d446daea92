import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { bodyAsBytes, signInAsAdmin, signUp, startTestApp, TestApp } from '../support/test-app';

/**
 * Issue 13 item 1: what search engines and link previews read from the storefront's pages, before
 * any JavaScript runs. Served from the built storefront (dist/frontend), as `npm test` builds it first.
 */
const built = existsSync(join(process.cwd(), 'dist', 'frontend', 'index.html'));
const describeBuilt = built ? describe : describe.skip;

interface ProductBody {
  id: number;
  name: string;
  sku: string;
  price: string;
  salePrice: string | null;
  isOnSale: boolean;
  stock: number;
}

const HOSTILE_NAME = '</title><script>alert(1)</script>';
const IMAGE = '/objects/images/0123456789abcdef01234567-1280x960/640.webp';

function headOf(html: string): string {
  return html.slice(0, html.indexOf('</head>'));
}

function attribute(html: string, selector: RegExp): string | undefined {
  return selector.exec(html)?.[1];
}

function jsonLd(html: string): Record<string, any> {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error('no JSON-LD in the page');
  return JSON.parse(match[1]) as Record<string, any>;
}

describeBuilt('Storefront pages for search engines (server-rendered head, sitemap, robots)', () => {
  let shop: TestApp;
  let hostile: ProductBody;
  let hidden: ProductBody;
  let soldOut: ProductBody;

  beforeAll(async () => {
    shop = await startTestApp({ env: { PUBLIC_URL: 'https://shop.example/' } });
    const admin = shop.agent();
    await signInAsAdmin(admin);
    const create = async (body: object) => (await admin.post('/api/admin/products').send({ description: 'A research compound.', ...body }).expect(201)).body as ProductBody;
    hostile = await create({ name: HOSTILE_NAME, sku: 'SEO-HOSTILE', price: '120', salePrice: '99.5', isOnSale: true, stock: 7, imageUrl: IMAGE, description: 'Fine & "pure" <b>compound</b> </script><script>alert(2)</script>' });
    hidden = await create({ name: 'Hidden compound', sku: 'SEO-HIDDEN', price: '10', stock: 3, isActive: false });
    soldOut = await create({ name: 'Sold-out compound', sku: 'SEO-SOLDOUT', price: '45.00', stock: 0 });
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('gives each public page its own title, description, canonical URL (from PUBLIC_URL) and Open Graph tags', async () => {
    const pages = [
      { path: '/', title: 'Peptide Research Supply — research-grade compounds', canonical: 'https://shop.example/' },
      { path: '/products', title: 'All Products | Peptide Research Supply', canonical: 'https://shop.example/products' },
      { path: '/categories', title: 'Categories | Peptide Research Supply', canonical: 'https://shop.example/categories' },
      { path: '/Products/', title: 'All Products | Peptide Research Supply', canonical: 'https://shop.example/products' },
    ];
    for (const page of pages) {
      const response = await shop.agent().get(page.path).expect(200).expect('Content-Type', /html/);
      const head = headOf(response.text);
      expect(head.match(/<title>/g)).toHaveLength(1);
      expect(head).toContain(`<title>${page.title}</title>`);
      expect(head.match(/<meta name="description"/g)).toHaveLength(1);
      expect(attribute(head, /<link rel="canonical" href="([^"]*)"/)).toBe(page.canonical);
      expect(attribute(head, /<meta property="og:url" content="([^"]*)"/)).toBe(page.canonical);
      expect(attribute(head, /<meta property="og:title" content="([^"]*)"/)).toBe(page.title);
      expect(attribute(head, /<meta property="og:description" content="([^"]*)"/)).toEqual(expect.any(String));
    }
  });

  it('ignores a forged Host in canonical URLs, Open Graph, sitemap.xml and robots.txt', async () => {
    const forged = (path: string) => shop.agent().get(path).set('Host', 'evil.example').set('X-Forwarded-Host', 'evil.example').set('X-Forwarded-Proto', 'http').expect(200);
    const page = await forged(`/products/${hostile.id}`);
    expect(attribute(page.text, /<link rel="canonical" href="([^"]*)"/)).toBe(`https://shop.example/products/${hostile.id}`);
    expect(attribute(page.text, /<meta property="og:url" content="([^"]*)"/)).toBe(`https://shop.example/products/${hostile.id}`);
    const sitemap = (await forged('/sitemap.xml')).text;
    expect(sitemap).toContain('<loc>https://shop.example/</loc>');
    expect(`${page.text}${sitemap}${(await forged('/robots.txt')).text}`).not.toContain('evil.example');
  });

  it('without PUBLIC_URL points canonical URLs, sitemap.xml and robots.txt to the address the server was started on, never to the request\'s Host', async () => {
    const plain = await startTestApp({ env: { PORT: '4124' } });
    try {
      const forged = (path: string) => plain.agent().get(path).set('Host', 'evil.example:8080').expect(200);
      const page = await forged('/categories');
      expect(attribute(page.text, /<link rel="canonical" href="([^"]*)"/)).toBe('http://localhost:4124/categories');
      const sitemap = (await forged('/sitemap.xml')).text;
      expect(sitemap).toContain('<loc>http://localhost:4124/products</loc>');
      const robots = (await forged('/robots.txt')).text;
      expect(robots).toContain('Sitemap: http://localhost:4124/sitemap.xml');
      expect(`${page.text}${sitemap}${robots}`).not.toContain('evil.example');
    } finally {
      await plain.close();
    }
  });

  it('describes a product page with Open Graph (its image variant) and JSON-LD Product/Offer matching its price and stock', async () => {
    const response = await shop.agent().get(`/product/${hostile.id}`).expect(200);
    const head = headOf(response.text);
    expect(attribute(head, /<link rel="canonical" href="([^"]*)"/)).toBe(`https://shop.example/products/${hostile.id}`);
    expect(attribute(head, /<meta property="og:type" content="([^"]*)"/)).toBe('product');
    expect(attribute(head, /<meta property="og:image" content="([^"]*)"/)).toBe(`https://shop.example${IMAGE}`);
    const data = jsonLd(response.text);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: HOSTILE_NAME,
      sku: 'SEO-HOSTILE',
      image: `https://shop.example${IMAGE}`,
      url: `https://shop.example/products/${hostile.id}`,
      offers: { '@type': 'Offer', price: '99.50', priceCurrency: 'AUD', availability: 'https://schema.org/InStock' },
    });

    const soldOutData = jsonLd((await shop.agent().get(`/products/${soldOut.id}`).expect(200)).text);
    expect(soldOutData.offers).toMatchObject({ price: '45.00', priceCurrency: 'AUD', availability: 'https://schema.org/OutOfStock' });
    expect(soldOutData.image).toBeUndefined();
  });

  it('escapes admin-entered text everywhere in the page: no script of the product name or description runs', async () => {
    const { text } = await shop.agent().get(`/products/${hostile.id}`).expect(200);
    expect(text).not.toContain('<script>alert(');
    expect(text).not.toContain('</title><script>');
    expect(text).toContain('<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; | Peptide Research Supply</title>');
    expect(attribute(text, /<meta property="og:title" content="([^"]*)"/)).toBe('&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; | Peptide Research Supply');
    // Inside JSON-LD and the dehydrated state nothing can close the script element early.
    for (const script of text.match(/<script type="application\/(?:ld\+)?json"[^>]*>[\s\S]*?<\/script>/g) ?? []) {
      const inner = script.slice(script.indexOf('>') + 1, -'</script>'.length);
      expect(inner).not.toMatch(/<\/?script/i);
      expect(() => JSON.parse(inner)).not.toThrow();
    }
    // The only executable script is the storefront's own module, which the CSP (script-src 'self') allows.
    const executable = (text.match(/<script(?![^>]*type="application\/(?:ld\+)?json")[^>]*>/g) ?? []);
    expect(executable.every((tag) => /type="module"/.test(tag) && /src="\//.test(tag))).toBe(true);
  });

  it('answers an unknown, inactive or malformed product page with the storefront\'s 404 page and status 404', async () => {
    for (const path of ['/products/999999', `/products/${hidden.id}`, '/product/abc', '/products/012']) {
      const response = await shop.agent().get(path).expect(404).expect('Content-Type', /html/);
      expect(response.text).toContain('<div id="root"');
      expect(response.text).toContain('<meta name="robots" content="noindex');
    }
  });

  it('answers any path the storefront has no page for with the 404 page and status 404, never a soft 404', async () => {
    for (const path of ['/no-such-page', '/products/12/reviews', '/FAQ.php', '/dashboard/nope']) {
      const response = await shop.agent().get(path).expect(404).expect('Content-Type', /html/);
      expect(response.text).toContain('<div id="root"');
      expect(response.text).toContain('<meta name="robots" content="noindex');
      expect(response.text).toContain('<title>Page not found');
    }
    for (const path of ['/faq', '/Shipping/', '/orders/lookup', '/orders/1042', '/dashboard', '/dashboard/support/3', '/checkout', '/auth']) await shop.agent().get(path).expect(200);
  });

  it('renders /privacy and /terms on the server with their own head, and lists them in sitemap.xml (issue 22)', async () => {
    const privacy = (await shop.agent().get('/privacy').expect(200)).text;
    expect(privacy).toContain('<title>Privacy');
    expect(privacy).toContain('<link rel="canonical" href="');
    expect(privacy).toContain('Analytics without cookies');
    expect(privacy).toContain('only an argon2id hash of it');
    const terms = (await shop.agent().get('/terms/').expect(200)).text;
    expect(terms).toContain('<title>Terms of sale');
    expect(terms).toContain('Research use only');
    expect(terms).toContain('We ship within Australia only');
    const sitemap = (await shop.agent().get('/sitemap.xml').expect(200)).text;
    expect(sitemap).toMatch(/<loc>[^<]*\/privacy<\/loc>/);
    expect(sitemap).toMatch(/<loc>[^<]*\/terms<\/loc>/);
  });

  it('answers /admin with the 404 page to guests and customers, and with the back office to an administrator', async () => {
    await shop.agent().get('/admin').expect(404);
    const customer = shop.agent();
    await signUp(customer);
    await customer.get('/admin/orders').expect(404);
    const admin = shop.agent();
    await signInAsAdmin(admin);
    await admin.get('/admin').expect(200);
    await admin.get('/admin/payments').expect(200);
  });

  it('lists the static pages, categories and active products in sitemap.xml, with lastmod, and no inactive product', async () => {
    const response = await shop.agent().get('/sitemap.xml').expect(200).expect('Content-Type', /xml/);
    const xml = response.text;
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    for (const path of ['/', '/products', '/categories']) expect(xml).toContain(`<loc>https://shop.example${path}</loc><lastmod>`);
    expect(xml).toContain(`<loc>https://shop.example/products/${hostile.id}</loc><lastmod>`);
    expect(xml).toContain(`<loc>https://shop.example/products/${soldOut.id}</loc>`);
    expect(xml).not.toContain(`/products/${hidden.id}<`);
    expect(xml).toMatch(/<loc>https:\/\/shop\.example\/products\?categoryId=\d+<\/loc>/);
    const products = (await shop.agent().get('/api/products').expect(200)).body as ProductBody[];
    expect(xml.match(/<loc>https:\/\/shop\.example\/products\/\d+<\/loc>/g)).toHaveLength(products.length);
  });

  it('serves robots.txt that keeps crawlers out of the back office, accounts, checkout and API, and names the sitemap', async () => {
    const response = await shop.agent().get('/robots.txt').expect(200).expect('Content-Type', /text\/plain/);
    const lines = response.text.split('\n');
    expect(lines).toEqual(expect.arrayContaining(['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /dashboard', 'Disallow: /checkout', 'Disallow: /api', 'Sitemap: https://shop.example/sitemap.xml']));
  });

  it('sends the build\'s scripts precompressed (Brotli or gzip, as the browser accepts), cached a year, with a validator', async () => {
    const folder = join(process.cwd(), 'dist', 'frontend', 'assets');
    const name = readdirSync(folder).find((file) => file.endsWith('.js') && existsSync(join(folder, `${file}.br`)))!;
    const original = readFileSync(join(folder, name));
    // supertest decodes the body as a browser would; the length says which bytes travelled.
    const fetched = async (acceptEncoding: string) => {
      const response = await bodyAsBytes(shop.agent().get(`/assets/${name}`).set('Accept-Encoding', acceptEncoding)).expect(200);
      expect((response.body as Buffer).equals(original)).toBe(true);
      return response;
    };
    const br = await fetched('gzip, deflate, br');
    expect(br.headers).toMatchObject({ 'content-encoding': 'br', 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=31536000, immutable', vary: 'Accept-Encoding' });
    expect(Number(br.headers['content-length'])).toBe(statSync(join(folder, `${name}.br`)).size);
    const gzip = await fetched('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(Number(gzip.headers['content-length'])).toBe(statSync(join(folder, `${name}.gz`)).size);
    const plain = await fetched('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBe(original.length);
    // Revalidation answers 304 without the body; an unknown asset is the storefront's 404.
    await shop.agent().get(`/assets/${name}`).set('Accept-Encoding', 'br').set('If-None-Match', String(br.headers.etag)).expect(304);
    await shop.agent().get('/assets/no-such-file-0000.js').expect(404);
  });
});
