import { ComponentType, createElement, isValidElement, ReactNode } from 'react';
import { matchRoutes, RouteObject } from 'react-router-dom';

type Module = { default: ComponentType };

export interface LazyPage {
  (): ReactNode;
  /** Loads the page's code; resolves once it can render without suspending. */
  preload(): Promise<void>;
}

/**
 * A page whose code loads on demand, like React.lazy, but which can be loaded ahead of its first
 * render. A server-rendered page is hydrated only after its code is in (main.tsx), so the first
 * render matches the server's markup at once instead of suspending while the cart and currency
 * restore themselves (an update to a boundary still waiting to hydrate throws the server's markup away).
 */
export function lazyPage(load: () => Promise<Module>): LazyPage {
  let loaded: ComponentType | null = null;
  let loading: Promise<void> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  const Page = (() => {
    // Suspends the nearest Suspense boundary until the code is in, as React.lazy does.
    if (!loaded) throw preload();
    return createElement(loaded);
  }) as LazyPage;
  Page.preload = preload;
  return Page;
}

/** Loads the code of every lazy page the path renders. */
export async function preloadPages(routes: RouteObject[], pathname: string): Promise<void> {
  const pages = (matchRoutes(routes, pathname) ?? [])
    .map((match) => match.route.element)
    .filter(isValidElement)
    .map((element) => (element.type as Partial<LazyPage>).preload)
    .filter((preload): preload is LazyPage['preload'] => typeof preload === 'function');
  await Promise.all(pages.map((preload) => preload()));
}
