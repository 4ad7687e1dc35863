import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { REQUIRED_USER_DATA, type LastSearchCondition, type StockCounts } from '../graphql/operations/required-user-data.js';
import { useOptionalApolloClient } from '../graphql/use-optional-client.js';
import { useOptionalLocation } from '../router/router.js';

export type { StockCounts, LastSearchCondition };
export type StockKind = keyof StockCounts;

export const ZERO_STOCK_COUNTS: StockCounts = Object.freeze({ favorite: 0, detail: 0, search: 0 });

export const sameStockCounts = (a: StockCounts, b: StockCounts): boolean =>
  a.favorite === b.favorite && a.detail === b.detail && a.search === b.search && a.incomplete === b.incomplete && a.alert === b.alert;

export interface StockCountsApi {
  /** The header badges: favorites, viewing history, saved searches; the user menu's incomplete inquiries and unread alerts. */
  counts: StockCounts;
  /** Re-reads requiredUserData from the server; resolves to the new counts (null when it failed). */
  refresh(): Promise<StockCounts | null>;
  /** Replaces some counts (e.g. after a remote saved a search condition). */
  set(counts: Partial<StockCounts>): void;
  /** Moves one count by delta, never below 0 (favorites add/delete). */
  adjust(kind: StockKind, delta: number): void;
  /** The last search condition from the same requiredUserData read (the PC balloon), if known. */
  lastSearchCondition: LastSearchCondition | null;
}

const Ctx = createContext<StockCountsApi | null>(null);

export interface StockCountsProviderProps {
  /** Counts the page was server-rendered with. */
  initialCounts?: StockCounts | null;
  /**
   * The counts of the current page's server data. On every navigation (and whenever a new
   * object arrives) the badges take them if they differ (SPEC §4). Leave out to have the
   * provider read requiredUserData itself on mount and on each navigation.
   */
  serverCounts?: StockCounts | null;
  initialLastSearchCondition?: LastSearchCondition | null;
  children?: ReactNode;
}

export function StockCountsProvider({ initialCounts, serverCounts, initialLastSearchCondition = null, children }: StockCountsProviderProps) {
  const client = useOptionalApolloClient();
  const locationKey = useOptionalLocation()?.key ?? null;
  const [counts, setCounts] = useState<StockCounts>(() => ({ ...(initialCounts ?? serverCounts ?? ZERO_STOCK_COUNTS) }));
  const [lastSearchCondition, setLastSearchCondition] = useState<LastSearchCondition | null>(initialLastSearchCondition);
  const countsRef = useRef(counts);
  countsRef.current = counts;

  const apply = useCallback((next: StockCounts) => {
    if (!sameStockCounts(next, countsRef.current)) setCounts(next);
  }, []);

  const refresh = useCallback(async (): Promise<StockCounts | null> => {
    if (!client) return null;
    try {
      const { data } = await client.query({ query: REQUIRED_USER_DATA, fetchPolicy: 'network-only' });
      const user = data?.requiredUserData;
      if (!user) return null;
      apply(user.stockCount);
      setLastSearchCondition(user.lastSearchCondition ?? null);
      return user.stockCount;
    } catch {
      // Badges are a convenience: keep the old counts.
      return null;
    }
  }, [client, apply]);

  const hasServerCounts = serverCounts !== undefined;
  const firstLocationKey = useRef(locationKey);
  useEffect(() => {
    if (hasServerCounts) {
      if (serverCounts) apply(serverCounts);
    } else if (!initialCounts || locationKey !== firstLocationKey.current) {
      void refresh();
    }
    // serverCounts by identity: a new page's data is a new object.
  }, [serverCounts, hasServerCounts, locationKey, apply, refresh, initialCounts]);

  const set = useCallback((partial: Partial<StockCounts>) => setCounts((c) => ({ ...c, ...partial })), []);
  const adjust = useCallback((kind: StockKind, delta: number) => setCounts((c) => ({ ...c, [kind]: Math.max(0, (c[kind] ?? 0) + delta) })), []);

  const api = useMemo<StockCountsApi>(() => ({ counts, refresh, set, adjust, lastSearchCondition }), [counts, refresh, set, adjust, lastSearchCondition]);
  return <Ctx.Provider value={api}>{children}</Ctx.Provider>;
}

export function useStockCounts(): StockCountsApi {
  const api = useContext(Ctx);
  if (!api) throw new Error('useStockCounts() needs a <StockCountsProvider> above it (the shell renders one).');
  return api;
}

export function useOptionalStockCounts(): StockCountsApi | null {
  return useContext(Ctx);
}
