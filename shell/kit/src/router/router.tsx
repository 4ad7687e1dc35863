/**
 * The router every page shares: wouter (a shared singleton, ~2.5 KB gzip) under the kit's own
 * location API, so the shell, the kit and the remotes never depend on the router package directly.
 *
 * - `BrowserRouter` in the browser, `StaticRouter` on the server (the request's URL),
 *   `MemoryRouter` in tests.
 * - `useLocation()` gives { pathname, search, key }: pathname and search exactly as in the URL
 *   (search with its '?', or ''); key changes on every navigation, also to the same URL, so
 *   per-navigation work (page tracking, header counts) runs once per navigation.
 * - `useNavigate()` pushes (or replaces) an entry; `useOptionalLocation()` is null outside a router,
 *   for kit components that must render anywhere.
 * - `setNavigationPreparer()`: the shell's work before a browser navigation (its route table loads
 *   on the first one) and on a link's hover, focus or touch (fetching ahead).
 */
import { createContext, useContext, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Router, useRouter, type BaseLocationHook, type BaseSearchHook } from 'wouter';
import { navigate as browserNavigate, useBrowserLocation, useSearch as useBrowserSearch } from 'wouter/use-browser-location';

export interface RouterLocation {
  pathname: string;
  /** '?a=1' or '' */
  search: string;
  /** A new value on each navigation; 'default' for the first page. */
  key: string;
}

export interface NavigateOptions {
  replace?: boolean;
}

export type Navigate = (to: string, options?: NavigateOptions) => void;

const LocationContext = createContext<RouterLocation | null>(null);
const NavigateContext = createContext<Navigate | null>(null);

const newKey = (): string => Math.random().toString(36).slice(2, 10);
const withQuestionMark = (search: string): string => (search === '' || search.startsWith('?') ? search : `?${search}`);

/** Publishes the router's location and navigate to the kit's contexts. */
function LocationBridge({ useKey, children }: { useKey: () => string; children?: ReactNode }) {
  const router = useRouter();
  const [pathname, navigate] = router.hook(router);
  const search = withQuestionMark(router.searchHook(router));
  const key = useKey();
  const location = useMemo<RouterLocation>(() => ({ pathname, search, key }), [pathname, search, key]);
  const nav = useMemo<Navigate>(() => (to, options) => navigate(to, options), [navigate]);
  return (
    <NavigateContext.Provider value={nav}>
      <LocationContext.Provider value={location}>{children}</LocationContext.Provider>
    </NavigateContext.Provider>
  );
}

// ---- browser ---------------------------------------------------------------------------------------

// The key of the current entry. It starts as 'default' whatever the entry's state holds, so the server
// and the hydrating browser agree; a navigation sets a fresh one, stored in the entry's state, and
// back/forward restores the entry's own (the leave popup's marker entries copy the state, key included,
// so they are not navigations).
let browserKey = 'default';
const keyListeners = new Set<() => void>();
const keyOf = (state: unknown): string =>
  state && typeof state === 'object' && typeof (state as { key?: unknown }).key === 'string' ? (state as { key: string }).key : 'default';
const setBrowserKey = (key: string): void => {
  if (key === browserKey) return;
  browserKey = key;
  for (const l of keyListeners) l();
};
const subscribeBrowserKey = (listener: () => void): (() => void) => {
  const onPop = (): void => setBrowserKey(keyOf(window.history.state));
  keyListeners.add(listener);
  window.addEventListener('popstate', onPop);
  return () => {
    keyListeners.delete(listener);
    window.removeEventListener('popstate', onPop);
  };
};
const useBrowserKey = (): string =>
  useSyncExternalStore(
    subscribeBrowserKey,
    () => browserKey,
    () => 'default',
  );

// ---- navigation preparer ---------------------------------------------------------------------------

/** Why the shell is asked to prepare a navigation: the visitor is about to go there, or is going. */
export type NavigationReason = 'intent' | 'navigate';

/**
 * The shell's work for a client-side navigation to `to`: on 'navigate', what must be ready before the
 * URL changes (a promise, or undefined when nothing is pending); on 'intent' (a link hovered, focused
 * or touched), what is worth fetching ahead.
 */
export type NavigationPreparer = (to: string, reason: NavigationReason) => Promise<unknown> | undefined;

let preparer: NavigationPreparer | undefined;

/** Installs (or, with undefined, removes) the shell's navigation preparer; one per page. */
export function setNavigationPreparer(next: NavigationPreparer | undefined): void {
  preparer = next;
}

/** Asks the shell to prepare a navigation to `to`; a promise when the navigation must wait for it. */
export function prepareNavigation(to: string, reason: NavigationReason): Promise<unknown> | undefined {
  return preparer?.(to, reason);
}

// A new entry starts at the top of the page, as a full page load would (the pager at the bottom of
// the results leads to the next page's first card); a replaced entry and a link to a fragment keep
// the scroll. Back and forward are left to the browser.
// The URL changes once the shell's preparer is done (the route table, on the first navigation).
const keyedBrowserNavigate = (to: string, options: { replace?: boolean } = {}): void => {
  const go = (): void => {
    const key = newKey();
    const replace = options.replace ?? false;
    setBrowserKey(key);
    browserNavigate(to, { replace, state: { key } });
    if (!replace && !to.includes('#')) window.scrollTo(0, 0);
  };
  const pending = prepareNavigation(to, 'navigate');
  if (pending) void pending.then(go, go);
  else go();
};

const useKeyedBrowserLocation: BaseLocationHook = (opts?: { ssrPath?: string }) => [useBrowserLocation(opts)[0], keyedBrowserNavigate];

/** The browser's address bar and history. */
export function BrowserRouter({ children }: { children?: ReactNode }) {
  return (
    <Router hook={useKeyedBrowserLocation} searchHook={useBrowserSearch as BaseSearchHook}>
      <LocationBridge useKey={useBrowserKey}>{children}</LocationBridge>
    </Router>
  );
}

// ---- server ----------------------------------------------------------------------------------------

const useDefaultKey = (): string => 'default';

/** One URL (path and query), for server rendering: the browser hydrates with the same location. */
export function StaticRouter({ location, children }: { location: string; children?: ReactNode }) {
  const { pathname, search } = splitUrl(location);
  const hook = useMemo<BaseLocationHook>(() => {
    const useStaticLocation: BaseLocationHook = () => [pathname, () => undefined];
    useStaticLocation.searchHook = () => search;
    return useStaticLocation;
  }, [pathname, search]);
  return (
    <Router hook={hook} searchHook={hook.searchHook}>
      <LocationBridge useKey={useDefaultKey}>{children}</LocationBridge>
    </Router>
  );
}

// ---- memory ----------------------------------------------------------------------------------------

interface MemoryEntry {
  pathname: string;
  search: string;
  key: string;
}

/** An in-memory history (tests): `entries` is what was visited, the last entry is current. */
export interface MemoryHistory {
  readonly entries: readonly MemoryEntry[];
  navigate: Navigate;
  subscribe: (listener: () => void) => () => void;
  current: () => MemoryEntry;
}

export function createMemoryHistory(initial = '/'): MemoryHistory {
  const entries: MemoryEntry[] = [{ ...splitUrl(initial), key: 'default' }];
  let listeners: Array<() => void> = [];
  return {
    entries,
    navigate(to, options) {
      const entry = { ...splitUrl(to), key: newKey() };
      if (options?.replace) entries[entries.length - 1] = entry;
      else entries.push(entry);
      for (const l of listeners) l();
    },
    subscribe(listener) {
      listeners = [...listeners, listener];
      return () => {
        listeners = listeners.filter((l) => l !== listener);
      };
    },
    current: () => entries[entries.length - 1]!,
  };
}

/** A router over an in-memory history, starting at `initialPath` (or the given `history`). */
export function MemoryRouter({ initialPath = '/', history, children }: { initialPath?: string; history?: MemoryHistory; children?: ReactNode }) {
  const [own] = useState(() => history ?? createMemoryHistory(initialPath));
  const hooks = useMemo(() => {
    const useEntry = () => useSyncExternalStore(own.subscribe, own.current, own.current);
    const useMemoryLocation: BaseLocationHook = () => [useEntry().pathname, own.navigate];
    const useMemorySearch: BaseSearchHook = () => useEntry().search;
    const useMemoryKey = () => useEntry().key;
    return { useMemoryLocation, useMemorySearch, useMemoryKey };
  }, [own]);
  return (
    <Router hook={hooks.useMemoryLocation} searchHook={hooks.useMemorySearch}>
      <LocationBridge useKey={hooks.useMemoryKey}>{children}</LocationBridge>
    </Router>
  );
}

// ---- hooks -----------------------------------------------------------------------------------------

/** The current location, or null outside a router (kit components render anywhere). */
export function useOptionalLocation(): RouterLocation | null {
  return useContext(LocationContext);
}

/** The current location; only inside a router. */
export function useLocation(): RouterLocation {
  const location = useContext(LocationContext);
  if (!location) throw new Error('useLocation() needs a BrowserRouter, StaticRouter or MemoryRouter above it');
  return location;
}

/** Navigates on the client (push, or replace); only inside a router. */
export function useNavigate(): Navigate {
  const navigate = useContext(NavigateContext);
  if (!navigate) throw new Error('useNavigate() needs a BrowserRouter, StaticRouter or MemoryRouter above it');
  return navigate;
}

export const useInRouter = (): boolean => useContext(NavigateContext) !== null;

/** '/a?b=1#c' → { pathname: '/a', search: '?b=1' } (the fragment is the browser's alone). */
export function splitUrl(url: string): { pathname: string; search: string } {
  const noHash = url.split('#')[0] ?? '';
  const q = noHash.indexOf('?');
  const pathname = (q === -1 ? noHash : noHash.slice(0, q)) || '/';
  const search = q === -1 ? '' : noHash.slice(q);
  return { pathname, search: search === '?' ? '' : search };
}
