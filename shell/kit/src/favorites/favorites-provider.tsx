import { Suspense, createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import type { ApolloCache } from '@apollo/client';
import { AB_TEST_NAMES, useAbTest } from '../ab-test/ab-test-provider.js';
import { useClientContext } from '../client-context/client-context-provider.js';
import { isFavoriteDialogRestricted, writeFavoriteDialogRestriction } from '../core/cookies.js';
import { errorCodeOf, errorExtensionsOf, type ErrorCode } from '../core/errors.js';
import { lazyView } from '../core/lazy-view.js';
import { notify } from '../core/native-bridge.js';
import { useOptionalApolloClient } from '../graphql/use-optional-client.js';
import { useOptionalStockCounts } from '../stock-counts/stock-counts-provider.js';
import { useOptionalToast } from '../toast/toast-provider.js';
import type { FavoriteDialogProps } from './favorite-dialog.js';
import { favoriteDialogReducer, initialFavoriteDialogState, type FavoriteDialogEvent, type FavoriteDialogState } from './favorite-dialog-reducer.js';

export interface AddFavoritesOptions {
  /** Skip keys that already are favorites instead of failing with CONFLICT. */
  allowDuplicates?: boolean;
  /** Past the limit, delete the oldest favorites to make room (overLimit's 'add anyway'). */
  forceCreate?: boolean;
  /** The server sets the 'do not show again' cookie with this call (mobile). */
  restrictDialog?: boolean;
}

export type FavoriteResult = { ok: true; addGlobalKeys: string[]; deleteGlobalKeys: string[] } | { ok: false; code: ErrorCode | 'EMPTY_SELECTION' | null };

export interface FavoritesApi {
  /** Adds listings to the favorites; the dialog or toast of SPEC §4 follows by itself. */
  add(globalKeys: string | readonly string[], opts?: AddFavoritesOptions): Promise<FavoriteResult>;
  /** Deletes listings from the favorites. */
  remove(globalKeys: string | readonly string[]): Promise<FavoriteResult>;
  isFavorite(globalKey: string): boolean;
  favoriteKeys: ReadonlySet<string>;
  /** The open dialog (kind 'none' when closed). */
  dialog: FavoriteDialogState;
}

const Ctx = createContext<FavoritesApi | null>(null);

/** The add and delete mutation documents: a lazy chunk, loaded with the first add or remove. */
const loadMutations = () => import(/* webpackChunkName: "lazy-favorite-mutations" */ './favorite-mutations.js');

/**
 * The dialog's view: a lazy chunk, rendered only while a dialog is open (never on the server or
 * during hydration). add() and remove() start loading it with the request, so it is there with the
 * answer. A chunk that fails to load shows no dialog instead of throwing to the page's error boundary.
 */
const loadFavoriteDialog = () => import(/* webpackChunkName: "lazy-favorite-dialog" */ './favorite-dialog.js');
const LazyFavoriteDialog = lazyView<FavoriteDialogProps>(() => loadFavoriteDialog().then((m) => m.FavoriteDialog), 'the favorite dialog');
const preloadFavoriteDialog = () => void loadFavoriteDialog().catch(() => undefined);

const keysOf = (k: string | readonly string[]): string[] => [...new Set((typeof k === 'string' ? [k] : k).map((s) => s.trim()).filter(Boolean))];

/** Keeps cached listings' `favorited` in step, so every remote's list shows the change. */
function markInCache(cache: ApolloCache, globalKeys: readonly string[], favorite: boolean): void {
  for (const globalKey of globalKeys) {
    const id = cache.identify({ __typename: 'Bukken', globalKey });
    if (id) cache.modify({ id, fields: { favorited: () => favorite } });
  }
}

export interface FavoritesProviderProps {
  /** Favorite keys the page was rendered with. */
  initialFavoriteKeys?: readonly string[];
  /** Read the visitor's favorite keys after mount (default: only when initialFavoriteKeys is left out). */
  loadFavoriteKeys?: boolean;
  children?: ReactNode;
}

/**
 * One per site: the favorites API, and the dialog it opens. Needs an ApolloProvider; uses the
 * ToastProvider, StockCountsProvider and AbTestProvider above it when they are there.
 */
export function FavoritesProvider({ initialFavoriteKeys, loadFavoriteKeys = initialFavoriteKeys === undefined, children }: FavoritesProviderProps) {
  const client = useOptionalApolloClient();
  const ctx = useClientContext();
  const toast = useOptionalToast();
  const stock = useOptionalStockCounts();
  const feedback = useAbTest(AB_TEST_NAMES.favoriteFeedback);
  const [favoriteKeys, setFavoriteKeys] = useState<ReadonlySet<string>>(() => new Set(initialFavoriteKeys ?? []));
  const [state, dispatch] = useReducer(favoriteDialogReducer, ctx.isSpView, (isSpView) => initialFavoriteDialogState({ isSpView }));
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  // The cookie and the A/B variant are browser facts: read them after hydration.
  useEffect(() => {
    dispatch({
      type: 'configure',
      config: { isSpView: ctx.isSpView, dialogRestricted: isFavoriteDialogRestricted(), pcFeedback: feedback === 'toast' ? 'toast' : 'dialog' },
    });
  }, [ctx.isSpView, feedback]);

  useEffect(() => {
    if (!loadFavoriteKeys || !client) return;
    let live = true;
    // A lazy chunk: the shell renders every page with the visitor's keys, so only a provider without
    // them (a remote on its own) asks.
    import(/* webpackChunkName: "lazy-favorite-keys" */ '../graphql/operations/favorite-keys.js')
      .then(({ FAVORITE_KEYS }) => client.query({ query: FAVORITE_KEYS, fetchPolicy: 'network-only' }))
      .then(({ data }) => {
        if (live && data) setFavoriteKeys(new Set(data.requiredUserData.bukken.favorites.map((f) => f.globalKey)));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [client, loadFavoriteKeys]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const send = useCallback((event: FavoriteDialogEvent) => dispatch(event), []);

  const add = useCallback(
    async (globalKeys: string | readonly string[], opts: AddFavoritesOptions = {}): Promise<FavoriteResult> => {
      const keys = keysOf(globalKeys);
      if (!keys.length) {
        dispatch({ type: 'emptySelection', operation: 'add' });
        return { ok: false, code: 'EMPTY_SELECTION' };
      }
      preloadFavoriteDialog();
      try {
        if (!client) throw new Error('FavoritesProvider needs an ApolloProvider');
        const { ADD_FAVORITES } = await loadMutations();
        const { data, error } = await client.mutate({ mutation: ADD_FAVORITES, variables: { globalKeys: keys, ...opts } });
        if (error || !data) throw error ?? new Error('no data');
        const { addGlobalKeys, deleteGlobalKeys } = data.addFavorites;
        dispatch({ type: 'addSucceeded', globalKeys: keys, addGlobalKeys, deleteGlobalKeys });
        return { ok: true, addGlobalKeys, deleteGlobalKeys };
      } catch (err) {
        const code = errorCodeOf(err);
        const conflictKeys = errorExtensionsOf(err).globalKeys;
        dispatch({ type: 'addFailed', globalKeys: keys, code, conflictKeys: Array.isArray(conflictKeys) ? conflictKeys.map(String) : undefined });
        return { ok: false, code };
      }
    },
    [client],
  );

  const remove = useCallback(
    async (globalKeys: string | readonly string[]): Promise<FavoriteResult> => {
      const keys = keysOf(globalKeys);
      if (!keys.length) {
        dispatch({ type: 'emptySelection', operation: 'delete' });
        return { ok: false, code: 'EMPTY_SELECTION' };
      }
      preloadFavoriteDialog();
      try {
        if (!client) throw new Error('FavoritesProvider needs an ApolloProvider');
        const { DELETE_FAVORITES } = await loadMutations();
        const { data, error } = await client.mutate({ mutation: DELETE_FAVORITES, variables: { globalKeys: keys } });
        if (error || !data) throw error ?? new Error('no data');
        dispatch({ type: 'deleteSucceeded', globalKeys: keys, deleteGlobalKeys: data.deleteFavorites.deleteGlobalKeys });
        return { ok: true, addGlobalKeys: [], deleteGlobalKeys: data.deleteFavorites.deleteGlobalKeys };
      } catch (err) {
        const code = errorCodeOf(err);
        dispatch({ type: 'deleteFailed', globalKeys: keys, code });
        return { ok: false, code };
      }
    },
    [client],
  );

  // Runs the side effects the last transition asked for; each state object carries its own, once.
  const addRef = useRef(add);
  addRef.current = add;
  useEffect(() => {
    for (const effect of state.effects) {
      switch (effect.type) {
        case 'toast':
          if (toast) toast.show({ message: effect.message });
          else notify(effect.message, { isApp: ctx.isApp });
          break;
        case 'alert':
          notify(effect.message, { isApp: ctx.isApp });
          break;
        case 'autoClose': {
          const t = setTimeout(() => {
            timers.current.delete(t);
            dispatch({ type: 'autoCloseElapsed', seq: effect.seq });
          }, effect.afterMs);
          timers.current.add(t);
          break;
        }
        case 'markFavorite':
          setFavoriteKeys((prev) => {
            const next = new Set(prev);
            for (const k of effect.globalKeys) {
              if (effect.favorite) next.add(k);
              else next.delete(k);
            }
            return next;
          });
          if (client) markInCache(client.cache, effect.globalKeys, effect.favorite);
          break;
        case 'adjustFavoriteCount':
          stock?.adjust('favorite', effect.delta);
          break;
        case 'requestAdd':
          void addRef.current(effect.globalKeys, { forceCreate: effect.forceCreate });
          break;
        case 'setRestrictionCookie':
          writeFavoriteDialogRestriction(ctx.env);
          break;
      }
    }
    // Only a new state object brings new effects (the other values are read as of that render).
  }, [state]);

  const isFavorite = useCallback((k: string) => favoriteKeys.has(k), [favoriteKeys]);
  const api = useMemo<FavoritesApi>(() => ({ add, remove, isFavorite, favoriteKeys, dialog: state }), [add, remove, isFavorite, favoriteKeys, state]);

  return (
    <Ctx.Provider value={api}>
      {children}
      {state.kind !== 'none' && (
        <Suspense fallback={null}>
          <LazyFavoriteDialog state={state} isSpView={ctx.isSpView} send={send} />
        </Suspense>
      )}
    </Ctx.Provider>
  );
}

export function useFavorites(): FavoritesApi {
  const api = useContext(Ctx);
  if (!api) throw new Error('useFavorites() needs a <FavoritesProvider> above it (the shell renders one).');
  return api;
}
