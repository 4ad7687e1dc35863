import type { Resolvers } from '@sumika/subgraph-kit';
import { HISTORY_LIMIT } from '../constants.js';
import type { Context } from '../context.js';
import { validGlobalKey, validGlobalKeys } from '../domain/keys.js';
import { withVisitorLock } from '../identity.js';
import type { HistoryKind } from '../repositories/db.js';
import { deleteHistories, historyOf, recordHistories } from '../repositories/histories.js';
import { historyView } from './views.js';

/** The detail history (閲覧履歴): newest first, HISTORY_LIMIT entries, a re-view moves to the top. */
export const historyResolvers: Resolvers<Context> = {
  Mutation: {
    recordHistory: async (_: unknown, args: { globalKey: string; kind?: HistoryKind | null }, ctx: Context) => {
      const key = validGlobalKey(args.globalKey);
      const entry = await withVisitorLock(ctx, async (trx, v) => {
        await recordHistories(trx, v.uid, [key], args.kind ?? 'viewed', HISTORY_LIMIT);
        return historyOf(trx, v.uid, key);
      });
      if (!entry) throw new Error('history entry vanished inside its own transaction');
      return historyView(entry);
    },
    deleteHistories: async (_: unknown, { globalKeys }: { globalKeys: string[] }, ctx: Context) => {
      const keys = validGlobalKeys(globalKeys, '削除する物件を1件以上選択してください。');
      const deleted = new Set(await withVisitorLock(ctx, (trx, v) => deleteHistories(trx, v.uid, keys)));
      return { deleteGlobalKeys: keys.filter((k) => deleted.has(k)) };
    },
  },
};
