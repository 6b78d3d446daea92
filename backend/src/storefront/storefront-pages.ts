import { Inject, Injectable, Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { CatalogueQueries } from '../../../projections/catalogue/catalogue.queries';
import type { CategoryView, ProductView } from '../catalogue/contract/catalogue.views';
import { APP_CONFIG, AppConfig } from '../config';
import { NotFoundError } from '../shared/errors';
import { currentUserOf } from '../shared/http/request-context';
import { isStaff } from '../identity/contract/staff-roles';
import { pagePathOf } from './contract/page-paths';
import { SERVER_STATE_ELEMENT_ID, ServerRenderedPage } from './contract/server-render';
import {
  categoriesHead,
  fillTemplate,
  homeHead,
  jsonForScript,
  legalHead,
  notFoundHead,
  pageNotFoundHead,
  PageHead,
  productHead,
  productPath,
  productsHead,
  robotsTxt,
  searchHead,
  SitemapEntry,
  sitemapXml,
} from './page-head';
import { StorefrontBundle, storefrontBuild } from './server-entry';

/** The first sort of the product list (PRODUCTS_PAGE_SORTS in the storefront): what /products shows before any choice. */
const PRODUCTS_PAGE_FIRST_SORT = 'newest';

/** What a page of the storefront is, from its path: matched like the client's router, case-insensitively with an optional trailing slash. */
type Route = { kind: 'home' | 'products' | 'categories' | 'search' | 'other' } | { kind: 'product'; id: number | null } | { kind: 'legal'; which: 'privacy' | 'terms' };

export function routeOf(path: string): Route {
  const normalised = path.length > 1 ? path.replace(/\/+$/, '').toLowerCase() : path;
  if (normalised === '/') return { kind: 'home' };
  if (normalised === '/products') return { kind: 'products' };
  if (normalised === '/categories') return { kind: 'categories' };
  if (normalised === '/search') return { kind: 'search' };
  if (normalised === '/privacy' || normalised === '/terms') return { kind: 'legal', which: normalised === '/privacy' ? 'privacy' : 'terms' };
  const product = /^\/products?\/([^/]+)$/.exec(normalised);
  if (product) return { kind: 'product', id: /^[1-9]\d{0,14}$/.test(product[1]) ? Number(product[1]) : null };
  return { kind: 'other' };
}

/** The source module of each server-rendered page, whose stylesheets and script the page links at once. */
const PAGE_SOURCES: Partial<Record<ServerRenderedPage['page'], string[]>> = {
  products: ['src/features/catalogue/pages/ProductsPage.tsx'],
  categories: ['src/features/catalogue/pages/CategoriesPage.tsx'],
  product: ['src/features/catalogue/pages/ProductDetailPage.tsx'],
  legal: ['src/features/content/pages/LegalPage.tsx'],
};

interface Page {
  status: number;
  head: PageHead | null;
  data: ServerRenderedPage | null;
}

/**
 * The storefront's public pages as search engines and a first paint see them: index.html with the
 * page's own title, description, canonical URL, Open Graph tags and (products) JSON-LD, the markup
 * React renders on the server from the catalogue read model, and the queries it used, for the
 * browser to hydrate. Also robots.txt and sitemap.xml.
 */
@Injectable()
export class StorefrontPages {
  private readonly logger = new Logger('Storefront');

  constructor(
    private readonly catalogue: CatalogueQueries,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The handlers for a storefront built into `root` (dist/frontend). */
  forBuild(root: string) {
    const bundle = new StorefrontBundle(storefrontBuild(root));
    return {
      /** Ahead of the static files: robots.txt and sitemap.xml are written for the shop's origin. */
      files: (request: Request, response: Response, next: NextFunction) => {
        if (request.method !== 'GET' && request.method !== 'HEAD') return next();
        if (request.path === '/robots.txt') {
          response.type('text/plain').setHeader('Cache-Control', 'public, max-age=3600');
          response.send(robotsTxt(this.config.shopOrigin));
          return;
        }
        if (request.path === '/sitemap.xml') {
          this.sitemap(this.config.shopOrigin)
            .then((xml) => response.type('application/xml').setHeader('Cache-Control', 'public, max-age=600').send(xml))
            .catch(next);
          return;
        }
        next();
      },
      /** A page: index.html, with what the server knows of it. */
      page: (request: Request, response: Response, next: NextFunction) => {
        this.answer(bundle, request, response).catch(next);
      },
    };
  }

  private async answer(bundle: StorefrontBundle, request: Request, response: Response): Promise<void> {
    const template = bundle.indexHtml();
    if (template === null) {
      response.status(503).type('text/plain').send('The storefront has not been built yet: run `npm run build`.');
      return;
    }
    const origin = this.config.shopOrigin;
    const page = await this.pageFor(request, origin);
    // A page carries who is signed in (its header, its queries): never one shopper's page for another.
    response.setHeader('Cache-Control', 'no-cache');
    response.vary('Cookie');
    response.status(page.status).type('html');
    if (!page.head) {
      response.send(template);
      return;
    }
    const rendered = page.data ? await this.render(bundle, request, page.data) : null;
    response.send(
      fillTemplate(template, {
        head: page.head,
        origin,
        assets: rendered && page.data ? bundle.assetsOf(PAGE_SOURCES[page.data.page] ?? []) : [],
        body: rendered?.html,
        state: rendered ? `<script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">${jsonForScript(rendered.state)}</script>` : undefined,
      }),
    );
  }

  private async pageFor(request: Request, origin: string): Promise<Page> {
    const route = routeOf(request.path);
    switch (route.kind) {
      case 'home': {
        const [products, categories] = await Promise.all([this.catalogue.listProducts({ activity: 'active' }), this.catalogue.listCategories()]);
        return { status: 200, head: homeHead(), data: { page: 'home', products, categories } };
      }
      case 'products': {
        const search = typeof request.query.q === 'string' && request.query.q.trim() ? request.query.q.trim().slice(0, 200) : undefined;
        const categoryId = typeof request.query.categoryId === 'string' && /^[1-9]\d{0,8}$/.test(request.query.categoryId) ? Number(request.query.categoryId) : undefined;
        const [products, categories] = await Promise.all([
          this.catalogue.listProducts({ activity: 'active', search, categoryId, sortBy: PRODUCTS_PAGE_FIRST_SORT }),
          this.catalogue.listCategories(),
        ]);
        const category = categories.find((candidate) => candidate.id === categoryId);
        return { status: 200, head: productsHead(category, search), data: { page: 'products', search, categoryId, sortBy: PRODUCTS_PAGE_FIRST_SORT, products, categories } };
      }
      case 'categories': {
        const categories = await this.catalogue.listCategories();
        return { status: 200, head: categoriesHead(categories), data: { page: 'categories', categories } };
      }
      case 'search':
        return { status: 200, head: searchHead(), data: null };
      case 'legal':
        return { status: 200, head: legalHead(route.which), data: { page: 'legal', which: route.which, categories: await this.catalogue.listCategories() } };
      case 'product': {
        const product = route.id === null ? null : await this.activeProduct(route.id);
        // The storefront's own "Product not found" page, with the status a crawler needs to drop the address.
        if (!product) return { status: 404, head: notFoundHead(), data: null };
        return { status: 200, head: productHead(product, origin), data: { page: 'product', product, categories: await this.catalogue.listCategories() } };
      }
      default: {
        // Any path the storefront draws no page for, and the back office to anyone but staff
        // (spec §2): the 404 page, with the status a crawler needs to drop the address.
        const pattern = pagePathOf(request.path);
        if (pattern === null || (pattern === '/admin/:tab?/:record?' && !isStaff(currentUserOf(request)?.role))) return { status: 404, head: pageNotFoundHead(), data: null };
        return { status: 200, head: null, data: null };
      }
    }
  }

  private async activeProduct(id: number): Promise<ProductView | null> {
    try {
      return await this.catalogue.getProduct(id, false);
    } catch (error) {
      if (error instanceof NotFoundError) return null;
      throw error;
    }
  }

  /** The server markup, or none (the browser renders the page, as before) when the server entry is missing or fails. */
  private async render(bundle: StorefrontBundle, request: Request, data: ServerRenderedPage) {
    const entry = bundle.serverEntry();
    if (!entry) return null;
    const url = request.originalUrl;
    try {
      return await entry.render({ url, data, user: currentUserOf(request) });
    } catch (error) {
      this.logger.error(`Server rendering of ${url} failed; the browser renders it: ${error instanceof Error ? error.stack : String(error)}`);
      return null;
    }
  }

  /** Static pages, active products and the categories (as the product list filtered to each), with their last change where known. */
  private async sitemap(origin: string): Promise<string> {
    const [products, categories] = await Promise.all([this.catalogue.listProducts({ activity: 'active' }), this.catalogue.listCategories()]);
    // The read model's views carry when a product was created; its latest change is not part of them.
    const lastmod = (items: ProductView[]) => items.reduce<string | undefined>((latest, product) => (!latest || product.createdAt > latest ? product.createdAt : latest), undefined);
    const catalogueChanged = lastmod(products);
    const inCategory = (category: CategoryView) => products.filter((product) => product.categoryId === category.id);
    const entries: SitemapEntry[] = [
      { path: '/', lastmod: catalogueChanged },
      { path: '/products', lastmod: catalogueChanged },
      { path: '/categories', lastmod: catalogueChanged },
      ...categories.filter((category) => category.productCount > 0).map((category) => ({ path: `/products?categoryId=${category.id}`, lastmod: lastmod(inCategory(category)) })),
      ...products.map((product) => ({ path: productPath(product.id), lastmod: product.createdAt })),
      ...['/calculator', '/faq', '/shipping', '/returns', '/privacy', '/terms'].map((path) => ({ path })),
    ];
    return sitemapXml(origin, entries);
  }
}
