/**
 * The site's one Apollo Client setup (DESIGN: one cache, default fetch policy cache-and-network),
 * used by the SSR server (ssrMode, forwarding the visitor's headers) and the browser (restoring
 * the server's cache).
 */
import { ApolloClient, HttpLink, InMemoryCache, type NormalizedCacheObject, type TypePolicies } from '@apollo/client';
import { jsonForScript } from '../core/script-json.js';

declare module '@apollo/client' {
  // Apollo Client 4 types results from the declared defaults: ours read with errorPolicy 'all'.
  // Its declarations are namespaces, so the augmentation has to be one.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  export namespace ApolloClient {
    // eslint-disable-next-line @typescript-eslint/no-namespace
    export namespace DeclareDefaultOptions {
      interface WatchQuery {
        errorPolicy?: 'all';
      }
      interface Query {
        errorPolicy?: 'all';
      }
    }
  }
}

/** Normalisation keys: listings by globalKey (SPEC §3), the visitor record as a singleton. */
export const KIT_TYPE_POLICIES: TypePolicies = {
  Bukken: { keyFields: ['globalKey'] },
  FavoriteBukken: { keyFields: ['globalKey'] },
  HistoryBukken: { keyFields: ['globalKey'] },
  // requiredUserData and user are the same visitor: one cache entry.
  User: { keyFields: [] },
  AbTest: { keyFields: ['name'] },
  Region: { keyFields: ['code'] },
  Prefecture: { keyFields: ['code'] },
  // Id-less objects inside the visitor: merged in place, so a newer read never warns about lost data.
  StockCount: { keyFields: false, merge: true },
  LastSearchCondition: { keyFields: false, merge: true },
};

/**
 * The site's read defaults (tests of pages use them too). cache-and-network (SPEC §7.1), afterwards
 * cache-first, so a cache write does not refetch every watcher. errorPolicy 'all': a failing subgraph
 * nulls only its own fields (SERVICE_UNAVAILABLE), so a page keeps what the others answered and shows
 * a notice for the rest instead of losing all its data; a page checks `error` before reading a null
 * as "not found".
 */
export const KIT_DEFAULT_OPTIONS = {
  watchQuery: { fetchPolicy: 'cache-and-network', nextFetchPolicy: 'cache-first', errorPolicy: 'all' },
  query: { errorPolicy: 'all' },
} as const satisfies ApolloClient.DefaultOptions;

export function createKitCache(initialState?: NormalizedCacheObject | null): InMemoryCache {
  const cache = new InMemoryCache({ typePolicies: KIT_TYPE_POLICIES });
  if (initialState) cache.restore(initialState);
  return cache;
}

export interface CreateApolloClientOptions {
  /** The GraphQL endpoint: `{host}/graphql` (SPEC §7.1); default `/graphql`. */
  uri?: string;
  /** True on the SSR server: one client per request, no refetch timers. */
  ssrMode?: boolean;
  /** The server's `cache.extract()`, serialised into the page, to hydrate from. */
  initialState?: NormalizedCacheObject | null;
  /** The SSR server's GatewaySession.fetch: the visitor's cookie, referer and user-agent, and the shell's bearer token. */
  fetch?: typeof fetch;
  /** Cookies go with every request (SPEC §7.1); default `include`. */
  credentials?: RequestCredentials;
  /** The cache, when not the kit's (the SSR server's reads its preloaded answers first); one with KIT_TYPE_POLICIES. */
  cache?: InMemoryCache;
}

export function createApolloClient({
  uri = '/graphql',
  ssrMode = false,
  initialState,
  fetch,
  credentials = 'include',
  cache = createKitCache(initialState),
}: CreateApolloClientOptions = {}): ApolloClient {
  const client = new ApolloClient({
    ssrMode,
    link: new HttpLink({ uri, credentials, fetch }),
    cache,
    defaultOptions: KIT_DEFAULT_OPTIONS,
  });
  // Hydrating from the server's answers: every query the page reads again is served from them, not
  // fetched a second time, until the page has hydrated (releaseServerData). A fixed delay
  // (ssrForceFetchDelay) ran out before a phone had hydrated, and each page view asked the gateway twice.
  if (!ssrMode && initialState) {
    client.prioritizeCacheValues = true;
    setTimeout(() => releaseServerData(client), SERVER_DATA_HOLD_MAX_MS);
  }
  return client;
}

/** Longest the server's answers stand in for fresh ones after the page loaded, however slow hydration is. */
export const SERVER_DATA_HOLD_MAX_MS = 10_000;

/** From now on the client's queries follow their fetch policies again (called once the page has hydrated). */
export function releaseServerData(client: ApolloClient): void {
  client.prioritizeCacheValues = false;
}

/** Inline-script text that hands the server's cache to the browser (safe inside <script>). */
export const APOLLO_STATE_GLOBAL = '__SUMIKA_APOLLO_STATE__';

/** The normalised cache of a client made by createApolloClient (what initialState takes). */
export const extractApolloState = (client: ApolloClient): NormalizedCacheObject => client.cache.extract() as NormalizedCacheObject;

export function apolloStateScript(client: ApolloClient): string {
  return `window.${APOLLO_STATE_GLOBAL}=${jsonForScript(extractApolloState(client))};`;
}
/** The server's cache in the browser, if the page carries one. */
export function apolloStateFromBrowser(): NormalizedCacheObject | null {
  const v = (globalThis as Record<string, unknown>)[APOLLO_STATE_GLOBAL];
  return v && typeof v === 'object' ? (v as NormalizedCacheObject) : null;
}
