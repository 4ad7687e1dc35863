import type { Resolvers } from '../__generated__/resolvers-types.js';
import { HISTORY_LIMIT, INCOMPLETE_INQUIRY_LIMIT } from '../constants.js';
import { validGlobalKeys } from '../domain/keys.js';
import { withVisitorLock } from '../identity.js';
import { recordHistories } from '../repositories/histories.js';
import { deleteIncomplete, incompleteNewestFirst, markSent, startInquiries } from '../repositories/inquiries.js';
import { inquiryView } from './views.js';

/**
 * Inquiries: started ones are incomplete (history viewed_incompleted) until the apply form reports
 * them sent (history applied, existApplyData).
 */
export const inquiryResolvers: Resolvers = {
  Mutation: {
    startInquiry: async (_, args, ctx) => {
      const keys = validGlobalKeys(args.globalKeys, 'お問い合わせする物件を1件以上選択してください。');
      const pending = await withVisitorLock(ctx, async (trx, v) => {
        await startInquiries(trx, v.uid, keys, args.listKind, INCOMPLETE_INQUIRY_LIMIT);
        await recordHistories(trx, v.uid, keys, 'viewed_incompleted', HISTORY_LIMIT);
        return incompleteNewestFirst(trx, v.uid);
      });
      return { globalKeys: keys, incompleteInquiries: pending.map(inquiryView) };
    },
    markInquiriesSent: async (_, args, ctx) => {
      const keys = validGlobalKeys(args.globalKeys, 'お問い合わせした物件を1件以上指定してください。');
      await withVisitorLock(ctx, async (trx, v) => {
        await markSent(trx, v.uid, keys, args.listKind ?? 'building_page_bukken');
        await recordHistories(trx, v.uid, keys, 'applied', HISTORY_LIMIT);
      });
      return { globalKeys: keys, existApplyData: true };
    },
    incompleteInquiriesDelete: async (_, { globalKeys }, ctx) => {
      const keys = validGlobalKeys(globalKeys, '削除する物件を1件以上選択してください。');
      const deleted = new Set(await withVisitorLock(ctx, (trx, v) => deleteIncomplete(trx, v.uid, keys)));
      const notFound = keys.filter((k) => !deleted.has(k));
      return { success: notFound.length === 0, notFound };
    },
  },
};
