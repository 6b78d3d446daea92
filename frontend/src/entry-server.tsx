// The server's entry (vite build --ssr): renders a storefront page to HTML from the catalogue data the server read.
import './lib/zod-without-eval';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { Writable } from 'node:stream';
import { ReactNode, StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import type { ServerRenderedPage, ServerRenderInput, ServerRenderResult } from '../../backend/src/storefront/contract/server-render';
import { createQueryClient } from './api/query-client';
import { AppShell, routes } from './App';
import { preloadPages } from './app/lazy-page';
import { CURRENT_USER_KEY } from './features/identity';
import { catalogueKeys, ProductSort, PRODUCT_PAGE_SIZE } from './features/catalogue';
import { HOME_PRODUCT_LIMIT } from './lib/shop';

/** A landing page over a catalogue this large carries only the products it shows, and refreshes the list once hydrated. */
const HOME_FULL_LIST_MAX = 60;

const handler = createStaticHandler(routes);

/**
 * The queries the page asks for, under the keys its hooks use (features/catalogue's keys), filled from
 * the server's read of the catalogue, so that the first render finds data instead of loading.
 */
function fillQueries(queryClient: QueryClient, data: ServerRenderedPage): void {
  queryClient.setQueryData(catalogueKeys.categories, data.categories);
  switch (data.page) {
    case 'home': {
      // GuestLanding's list: useProducts({ categoryId: null, sortBy: 'featured' }).
      const key = catalogueKeys.list({});
      if (data.products.length <= HOME_FULL_LIST_MAX) queryClient.setQueryData(key, data.products);
      // Only what the landing page shows, marked stale (updated at 0) so the browser fetches the rest once it runs.
      else queryClient.setQueryData(key, data.products.slice(0, HOME_PRODUCT_LIMIT), { updatedAt: 0 });
      break;
    }
    case 'products': {
      // ProductsPage: usePagedProducts({ search, categoryId, sortBy }), its first page.
      const key = catalogueKeys.paged({ search: data.search, categoryId: data.categoryId, sortBy: data.sortBy as ProductSort | undefined });
      const first = { products: data.products.slice(0, PRODUCT_PAGE_SIZE), total: data.products.length, offset: 0 };
      queryClient.setQueryData(key, { pages: [first], pageParams: [0] });
      break;
    }
    case 'product':
      queryClient.setQueryData(catalogueKeys.product(data.product.id), data.product);
      break;
    case 'categories':
    case 'legal':
      break;
  }
}

/** The whole page at once (no streaming): a streamed boundary would be filled in by an inline script, which the CSP forbids. */
function renderToString(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    let timeout: ReturnType<typeof setTimeout> | undefined;
    const settle = (error: unknown) => {
      clearTimeout(timeout);
      if (error === null) resolve(html);
      else reject(error);
    };
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        html += chunk.toString();
        callback();
      },
      final(callback) {
        settle(null);
        callback();
      },
    });
    const stream = renderToPipeableStream(element, {
      // Never outline a finished boundary (React does for large ones): outlined content is put in place by an inline script.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady: () => stream.pipe(sink),
      onShellError: settle,
      onError: settle,
    });
    timeout = setTimeout(() => {
      stream.abort();
      settle(new Error('Server rendering took longer than 5 s'));
    }, 5_000);
  });
}

export async function render({ url, data, user }: ServerRenderInput): Promise<ServerRenderResult> {
  const queryClient = createQueryClient();
  fillQueries(queryClient, data);
  queryClient.setQueryData(CURRENT_USER_KEY, user);
  const context = await handler.query(new Request(new URL(url, 'http://storefront.local')));
  if (context instanceof Response) throw new Error(`The route answered ${context.status} instead of a page`);
  await preloadPages(routes, new URL(url, 'http://storefront.local').pathname);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = await renderToString(
    <StrictMode>
      <AppShell queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppShell>
    </StrictMode>,
  );
  const state = dehydrate(queryClient);
  // The queries the render made keep garbage-collection timers (minutes long); this request is over.
  queryClient.clear();
  return { html, state };
}
