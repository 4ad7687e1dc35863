import type { Resolvers } from '../__generated__/resolvers-types.js';
import { trafficSourceOf } from '../domain/traffic.js';
import { requireVisitor } from '../identity.js';
import { historiesNewestFirst } from '../repositories/histories.js';
import { incompleteNewestFirst } from '../repositories/inquiries.js';
import { favoriteView, historyView, inquiryView, isoOrThrow } from './views.js';

/** What User.bukken hands down: the visitor and which lists were asked for. */
export interface UserBukkenParent {
  uid: string;
  favorites: boolean;
  histories: boolean;
  incompleteInquiries: boolean;
}

/** SPEC §3 user: requiredUserData and user, with the stock lists and counts. */
export const userResolvers: Resolvers = {
  Query: {
    requiredUserData: (_, __, ctx) => requireVisitor(ctx),
    user: (_, __, ctx) => requireVisitor(ctx),
  },
  User: {
    lastUpdatedAt: (v) => isoOrThrow(v.last_updated_at),
    existApplyData: async (v, _, ctx) => (await ctx.loaders.summary(v.uid)).existApplyData,
    bukken: (v, flags): UserBukkenParent => ({
      uid: v.uid,
      favorites: flags.favorites !== false,
      histories: flags.histories !== false,
      incompleteInquiries: flags.incompleteInquiries !== false,
    }),
    stockCount: async (v, _, ctx) => {
      const s = await ctx.loaders.summary(v.uid);
      return { favorite: s.favorites, detail: s.histories, search: s.searchConditions, incomplete: s.incompleteInquiries, alert: s.unreadAlerts };
    },
    admin: (v) => v.admin,
    trafficSource: (v) => trafficSourceOf(v.ref_code),
    recommendType: (v) => v.recommend_type,
  },
  UserBukken: {
    favorites: async (p, _, ctx) => (p.favorites ? (await ctx.loaders.favorites(p.uid)).map(favoriteView) : []),
    histories: async (p, _, ctx) => (p.histories ? (await historiesNewestFirst(ctx.db, p.uid)).map(historyView) : []),
    incompleteInquiries: async (p, _, ctx) => (p.incompleteInquiries ? (await incompleteNewestFirst(ctx.db, p.uid)).map(inquiryView) : []),
  },
};
