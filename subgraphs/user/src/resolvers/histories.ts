import type { Resolvers } from '../__generated__/resolvers-types.js';
import { HISTORY_LIMIT } from '../constants.js';
import { validGlobalKey, validGlobalKeys } from '../domain/keys.js';
import { withVisitorLock } from '../identity.js';
import { deleteHistories, historyOf, recordHistories } from '../repositories/histories.js';
import { historyView } from './views.js';

/** The detail history (閲覧履歴): newest first, HISTORY_LIMIT entries, a re-view moves to the top. */
export const historyResolvers: Resolvers = {
  Mutation: {
    recordHistory: async (_, args, ctx) => {
      const key = validGlobalKey(args.globalKey);
      const entry = await withVisitorLock(ctx, async (trx, v) => {
        await recordHistories(trx, v.uid, [key], args.kind ?? 'viewed', HISTORY_LIMIT);
        return historyOf(trx, v.uid, key);
      });
      if (!entry) throw new Error('history entry vanished inside its own transaction');
      return historyView(entry);
    },
    deleteHistories: async (_, { globalKeys }, ctx) => {
      const keys = validGlobalKeys(globalKeys, '削除する物件を1件以上選択してください。');
      const deleted = new Set(await withVisitorLock(ctx, (trx, v) => deleteHistories(trx, v.uid, keys)));
      return { deleteGlobalKeys: keys.filter((k) => deleted.has(k)) };
    },
  },
};
