import { keyedLoader } from '@sumika/server-kit';
import type DataLoader from 'dataloader';
import type { Kysely } from 'kysely';
import { assignmentsOf, type AbAssignmentRecord } from './repositories/ab-assignments.js';
import { bukkenStates, type BukkenState } from './repositories/bukken-state.js';
import type { DB } from './repositories/db.js';
import { searchConditionsNewestFirst, type SearchConditionRecord } from './repositories/search-conditions.js';
import { findVisitor, insertVisitor, visitorSummary, type VisitKnows, type VisitorRecord, type VisitorSummary } from './repositories/visitors.js';
import { favoritesNewestFirst, type FavoriteRecord } from './repositories/favorites.js';

/** Per-request loaders: everything is scoped to the token's visitor. */
export interface Loaders {
  /** The visitor's favorite/history facts per listing key: one statement per batch of Bukken references. */
  bukkenState: DataLoader<string, BukkenState | undefined>;
  /** The visitor record, created first when the token says the uid was just minted; undefined when unknown. */
  visitor(): Promise<VisitorRecord | undefined>;
  /** Badge counts, once per request. */
  summary(uid: string): Promise<VisitorSummary>;
  /** The A/B assignments stored, once per request (a save forgets them: reset). */
  assignments(uid: string): Promise<AbAssignmentRecord[]>;
  /** The favorites newest first, once per request. */
  favorites(uid: string): Promise<FavoriteRecord[]>;
  /** What another statement (the page visit's) read, for the rest of the request. */
  known(knows: VisitKnows): void;
  /** Saved searches newest first, once per request (the list and alerts' indexes). */
  searchConditions(uid: string): Promise<SearchConditionRecord[]>;
  /** Forgets memoised reads after a mutation changed them. */
  reset(): void;
}

export function createLoaders(db: Kysely<DB>, identity: { uid?: string; fresh?: boolean }): Loaders {
  let visitor: Promise<VisitorRecord | undefined> | undefined;
  let summary: Promise<VisitorSummary> | undefined;
  let assignments: Promise<AbAssignmentRecord[]> | undefined;
  let favorites: Promise<FavoriteRecord[]> | undefined;
  let searchConditions: Promise<SearchConditionRecord[]> | undefined;
  const bukkenState = keyedLoader(
    async (keys: readonly string[]) => (identity.uid ? bukkenStates(db, identity.uid, keys) : []),
    (s) => s.globalKey,
  );
  return {
    bukkenState,
    visitor() {
      const uid = identity.uid;
      if (!uid) return Promise.resolve(undefined);
      visitor ??= (async () => {
        if (identity.fresh) await insertVisitor(db, uid);
        return findVisitor(db, uid);
      })();
      return visitor;
    },
    summary(uid) {
      summary ??= visitorSummary(db, uid);
      return summary;
    },
    assignments(uid) {
      assignments ??= assignmentsOf(db, uid);
      return assignments;
    },
    favorites(uid) {
      favorites ??= favoritesNewestFirst(db, uid);
      return favorites;
    },
    known(knows) {
      summary = Promise.resolve(knows.summary);
      assignments = Promise.resolve(knows.assignments);
      favorites = Promise.resolve(knows.favorites);
    },
    searchConditions(uid) {
      searchConditions ??= searchConditionsNewestFirst(db, uid);
      return searchConditions;
    },
    reset() {
      visitor = undefined;
      summary = undefined;
      assignments = undefined;
      favorites = undefined;
      searchConditions = undefined;
      bukkenState.clearAll();
    },
  };
}
