import { AppError } from '@sumika/server-kit';
import type { Resolvers } from '../__generated__/resolvers-types.js';
import { FAVORITE_DIALOG_RESTRICTION_COOKIE, FAVORITE_DIALOG_RESTRICTION_MAX_AGE, FAVORITE_LIMIT } from '@sumika/spec';
import { MESSAGES } from '../constants.js';
import type { Context } from '../context.js';
import { serializeCookie } from '../domain/cookies.js';
import { validGlobalKeys } from '../domain/keys.js';
import { withVisitorLock } from '../identity.js';
import { deleteFavorites, favoritesOldestFirst, insertFavorites } from '../repositories/favorites.js';

interface AddArgs {
  globalKeys: string[];
  allowDuplicates?: boolean | null;
  forceCreate?: boolean | null;
  restrictDialog?: boolean | null;
}

export interface AddFavoritesResult {
  addGlobalKeys: string[];
  deleteGlobalKeys: string[];
  saved: boolean;
}

/**
 * Adds favorites under the visitor's row lock, so the limit holds however many requests race:
 * CONFLICT for keys already kept (unless allowDuplicates), OVER_LIMIT past FAVORITE_LIMIT (unless
 * forceCreate, which deletes exactly as many of the oldest as needed, in the same transaction).
 */
export async function addFavorites(ctx: Context, args: AddArgs): Promise<AddFavoritesResult> {
  const keys = validGlobalKeys(args.globalKeys, MESSAGES.noFavoriteSelected);
  return withVisitorLock(ctx, async (trx, visitor) => {
    const existing = await favoritesOldestFirst(trx, visitor.uid);
    const kept = new Set(existing.map((f) => f.globalKey));
    const already = keys.filter((k) => kept.has(k));
    if (already.length && !args.allowDuplicates) throw new AppError('CONFLICT', MESSAGES.favoriteConflict, { globalKeys: already });
    const toAdd = keys.filter((k) => !kept.has(k));
    const overflow = existing.length + toAdd.length - FAVORITE_LIMIT;
    let removed: string[] = [];
    if (overflow > 0) {
      if (!args.forceCreate) throw new AppError('OVER_LIMIT', MESSAGES.favoriteOverLimit, { limit: FAVORITE_LIMIT, count: existing.length });
      // The oldest first, never one the visitor is asking for right now.
      const requested = new Set(keys);
      removed = existing
        .filter((f) => !requested.has(f.globalKey))
        .slice(0, overflow)
        .map((f) => f.globalKey);
      await deleteFavorites(trx, visitor.uid, removed);
    }
    await insertFavorites(trx, visitor.uid, toAdd);
    return { addGlobalKeys: toAdd, deleteGlobalKeys: removed, saved: true };
  });
}

export const favoriteResolvers: Resolvers = {
  Mutation: {
    addFavorites: async (_, args, ctx) => {
      // The mobile dialog's 'do not show again' is the visitor's choice whatever the outcome.
      if (args.restrictDialog) ctx.reply.header('set-cookie', serializeCookie(FAVORITE_DIALOG_RESTRICTION_COOKIE, '1', FAVORITE_DIALOG_RESTRICTION_MAX_AGE));
      return addFavorites(ctx, args);
    },
    deleteFavorites: async (_, { globalKeys }, ctx) => {
      const keys = validGlobalKeys(globalKeys, '削除する物件を1件以上選択してください。');
      const deleted = await withVisitorLock(ctx, (trx, v) => deleteFavorites(trx, v.uid, keys));
      const gone = new Set(deleted);
      return { deleteGlobalKeys: keys.filter((k) => gone.has(k)), saved: true };
    },
  },
};
