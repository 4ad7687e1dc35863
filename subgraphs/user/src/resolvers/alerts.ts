import { badRequest } from '@sumika/server-kit';
import type { Resolvers } from '../__generated__/resolvers-types.js';
import { DEFAULT_ALERT_ITEMS, MAX_ALERT_ITEMS } from '../constants.js';
import { withVisitorLock } from '../identity.js';
import { alertsNewestFirst, markAlertsRead, type AlertRecord } from '../repositories/alerts.js';
import { bukkenRef, isoOrThrow, rowId } from './views.js';

/** What User.alerts hands down: the visitor and the checked limit. */
export interface AlertsParent {
  uid: string;
  limit: number;
}

/** Alerts: price drops on favorites and new listings for saved searches (alerts/scan.ts writes them). */
export const alertResolvers: Resolvers = {
  User: {
    alerts: (v, { limit }): AlertsParent => {
      const n = limit ?? DEFAULT_ALERT_ITEMS;
      if (!Number.isInteger(n) || n < 0 || n > MAX_ALERT_ITEMS) throw badRequest(`お知らせの件数は0〜${MAX_ALERT_ITEMS}で指定してください。`);
      return { uid: v.uid, limit: n };
    },
  },
  Alerts: {
    unreadCount: async (p, _, ctx) => (await ctx.loaders.summary(p.uid)).unreadAlerts,
    items: async (p, _, ctx) => {
      if (p.limit === 0) return [];
      const [alerts, searches] = await Promise.all([alertsNewestFirst(ctx.db, p.uid, p.limit), ctx.loaders.searchConditions(p.uid)]);
      const indexOf = new Map(searches.map((s, i) => [s.id, i]));
      return alerts.map((a: AlertRecord) => ({
        id: String(a.id),
        kind: a.kind,
        globalKey: a.globalKey,
        bukken: a.globalKey ? bukkenRef(a.globalKey) : null,
        fromRent: a.fromRent,
        toRent: a.toRent,
        searchConditionIndex: a.searchConditionId === null ? null : (indexOf.get(a.searchConditionId) ?? null),
        searchConditionId: a.searchConditionId === null ? null : String(a.searchConditionId),
        newCount: a.newCount,
        newGlobalKeys: a.newGlobalKeys,
        createdAt: isoOrThrow(a.createdAt),
        read: a.readAt !== null,
      }));
    },
  },
  Mutation: {
    markAlertsRead: async (_, { ids }, ctx) => {
      // Ids that cannot be alert ids match nothing; ids of other visitors' alerts match nothing either.
      const parsed = ids === null || ids === undefined ? null : ids.map(rowId).filter((n): n is number => n !== undefined);
      const unreadCount = await withVisitorLock(ctx, (trx, v) => markAlertsRead(trx, v.uid, parsed), { touch: false });
      return { unreadCount };
    },
  },
};
