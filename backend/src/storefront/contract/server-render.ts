/**
 * What the server hands the storefront's server entry (frontend/src/entry-server.tsx) and gets back.
 * Framework-free, so both sides of the build share it: the server reads the catalogue, the storefront
 * turns it into the same queries its pages ask for on the client.
 */
import type { CategoryView, ProductView } from '../../catalogue/contract/catalogue.views';
import type { SessionUser } from '../../identity/contract/session-user';

/** The `<script type="application/json">` that carries the dehydrated queries (JSON is data, so the CSP's `script-src 'self'` allows it). */
export const SERVER_STATE_ELEMENT_ID = 'server-state';

/** The pages rendered on the server, each with the read-model data its first paint shows. */
export type ServerRenderedPage =
  /** Active products in the catalogue's own order (the landing page shows the first of them). */
  | { page: 'home'; products: ProductView[]; categories: CategoryView[] }
  /** The whole matching list; the storefront keeps the first page of it, as its paged query would. */
  | { page: 'products'; search: string | undefined; categoryId: number | undefined; sortBy: string; products: ProductView[]; categories: CategoryView[] }
  | { page: 'categories'; categories: CategoryView[] }
  | { page: 'product'; product: ProductView; categories: CategoryView[] }
  /** `/privacy` and `/terms` (issue 22): text only; the categories for the header, as on every page. */
  | { page: 'legal'; which: 'privacy' | 'terms'; categories: CategoryView[] };

export interface ServerRenderInput {
  /** Path and query string, as the browser asked for them. */
  url: string;
  data: ServerRenderedPage;
  /**
   * Who is signed in (GET /api/auth/user's answer; null: nobody). The header and the page differ by
   * it, so the browser must start from the same answer: were it to ask again while hydrating, parts
   * of the page would render differently from the server's markup.
   */
  user: SessionUser | null;
}

export interface ServerRenderResult {
  /** The markup inside `<div id="root">`. */
  html: string;
  /** TanStack Query's dehydrated state, for the client to hydrate before its first render. */
  state: unknown;
}

/** The module the storefront's SSR build produces. */
export interface ServerEntry {
  render(input: ServerRenderInput): Promise<ServerRenderResult>;
}
