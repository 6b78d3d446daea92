// First: no zod schema may be built before zod is told not to use eval (the CSP forbids it).
import './lib/zod-without-eval';
import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { SERVER_STATE_ELEMENT_ID } from '../../backend/src/storefront/contract/server-render';
import { createQueryClient } from './api/query-client';
import { App, routes } from './App';
import { preloadPages } from './app/lazy-page';
import { startHydration } from './hooks/useBrowserStoredState';
import './styles/global.css';

const root = document.getElementById('root')!;
const serverState = document.getElementById(SERVER_STATE_ELEMENT_ID);

/**
 * A page the server rendered (home, products, categories, a product) comes with the queries it
 * rendered from: they fill the query cache, the page's code is loaded, and React adopts the
 * server's markup instead of drawing it again. Every other page is drawn in the browser.
 */
async function start(): Promise<void> {
  if (serverState && root.firstElementChild) {
    const queryClient = createQueryClient();
    hydrate(queryClient, JSON.parse(serverState.textContent || 'null'));
    await preloadPages(routes, window.location.pathname);
    startHydration();
    hydrateRoot(
      root,
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    );
    return;
  }
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
