import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter, apolloStateFromBrowser, clientContextFromBrowser, createApolloClient, setNavigationPreparer } from '@sumika/shell-kit';
import { cachingLoader, type PageLoader } from '../app/page-loader.js';
import { PageRuntime } from '../app/page-runtime.js';
import { remoteErrorLogger } from '../app/remote-errors.js';
import { loadedPageResolver, loadPageResolver } from '../app/route-table.js';
import { loadPageModule } from '../app/load-page.js';
import { ShellRoot } from '../app/shell-root.js';
import { STATE_GLOBAL, type ShellState } from '../app/state.js';

declare global {
  interface Window {
    [STATE_GLOBAL]?: ShellState;
  }
}

/** How long a remote may take to load in the browser before its page shows the error box. */
const REMOTE_LOAD_TIMEOUT_MS = 10_000;

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/**
 * Client-side navigations: the URL changes once the route table is there (a lazy chunk, fetched at
 * the latest on the first navigation); a link's hover, focus or touch fetches the table and the
 * page's module ahead, so the click finds them loaded.
 */
function prepareNavigations(loader: PageLoader): void {
  setNavigationPreparer((to, reason) => {
    if (reason === 'navigate') return loadedPageResolver() ? undefined : loadPageResolver();
    const url = new URL(to, window.location.href);
    if (url.origin !== window.location.origin) return undefined;
    return loadPageResolver().then((resolve) => loadPageModule(resolve(url.pathname), loader));
  });
}

async function start(): Promise<void> {
  const state = window[STATE_GLOBAL];
  const root = document.getElementById('root');
  if (!state || !root) throw new Error('no server state to hydrate');

  // Remotes are found at run time: the server tells us where their browser manifests are today.
  registerRemotes(Object.entries(state.remotes).map(([name, entry]) => ({ name, entry })));

  const onRemoteError = remoteErrorLogger();
  const loader = cachingLoader((remote, expose) => {
    const id = `${remote}/${expose.replace(/^\.\//, '')}`;
    return withTimeout(loadRemote(id), REMOTE_LOAD_TIMEOUT_MS, `loading ${id}`).then(
      (mod) => {
        if (!mod) throw new Error(`${id} is not exposed`);
        return mod;
      },
      (err: unknown) => {
        onRemoteError(remote, err);
        throw err;
      },
    );
  });

  prepareNavigations(loader);

  // Hydration must not suspend: the page's module is loaded first.
  const page = await loadPageModule(state.page, loader);

  const client = createApolloClient({ uri: state.gatewayPath, initialState: apolloStateFromBrowser() });
  const runtime = new PageRuntime({ meta: state.meta });
  const context = clientContextFromBrowser({ env: state.config.env });
  hydrateRoot(
    root,
    <BrowserRouter>
      <ShellRoot
        client={client}
        state={{ page, context, config: state.config, visitor: state.visitor }}
        pathname={window.location.pathname}
        runtime={runtime}
        loader={loader}
        onRemoteError={onRemoteError}
      />
    </BrowserRouter>,
    {
      onRecoverableError: (error) => console.warn('[shell] recoverable hydration error:', error),
    },
  );
}

start().catch((err: unknown) => console.error('[shell] failed to start', err));
