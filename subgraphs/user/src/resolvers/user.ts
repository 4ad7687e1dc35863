import type { Resolvers } from '@sumika/subgraph-kit';
import type { Context } from '../context.js';
import { trafficSourceOf } from '../domain/traffic.js';
import { requireVisitor } from '../identity.js';
import { favoritesNewestFirst } from '../repositories/favorites.js';
import { historiesNewestFirst } from '../repositories/histories.js';
import { incompleteNewestFirst } from '../repositories/inquiries.js';
import type { VisitorRecord } from '../repositories/visitors.js';
import { favoriteView, historyView, inquiryView, isoOrThrow } from './views.js';

interface BukkenFlags {
  favorites?: boolean | null;
  histories?: boolean | null;
  incompleteInquiries?: boolean | null;
}

interface UserBukkenParent {
  uid: string;
  favorites: boolean;
  histories: boolean;
  incompleteInquiries: boolean;
}

/** SPEC §3 user: requiredUserData and user, with the stock lists and counts. */
export const userResolvers: Resolvers<Context> = {
  Query: {
    requiredUserData: (_: unknown, __: unknown, ctx: Context) => requireVisitor(ctx),
    user: (_: unknown, __: unknown, ctx: Context) => requireVisitor(ctx),
  },
  User: {
    lastUpdatedAt: (v: VisitorRecord) => isoOrThrow(v.last_updated_at),
    existApplyData: async (v: VisitorRecord, _: unknown, ctx: Context) => (await ctx.loaders.summary(v.uid)).existApplyData,
    bukken: (v: VisitorRecord, flags: BukkenFlags): UserBukkenParent => ({
      uid: v.uid,
      favorites: flags.favorites !== false,
      histories: flags.histories !== false,
      incompleteInquiries: flags.incompleteInquiries !== false,
    }),
    stockCount: async (v: VisitorRecord, _: unknown, ctx: Context) => {
      const s = await ctx.loaders.summary(v.uid);
      return { favorite: s.favorites, detail: s.histories, search: s.searchConditions };
    },
    admin: (v: VisitorRecord) => v.admin,
    trafficSource: (v: VisitorRecord) => trafficSourceOf(v.ref_code),
    recommendType: (v: VisitorRecord) => v.recommend_type,
  },
  UserBukken: {
    favorites: async (p: UserBukkenParent, _: unknown, ctx: Context) => (p.favorites ? (await favoritesNewestFirst(ctx.db, p.uid)).map(favoriteView) : []),
    histories: async (p: UserBukkenParent, _: unknown, ctx: Context) => (p.histories ? (await historiesNewestFirst(ctx.db, p.uid)).map(historyView) : []),
    incompleteInquiries: async (p: UserBukkenParent, _: unknown, ctx: Context) =>
      p.incompleteInquiries ? (await incompleteNewestFirst(ctx.db, p.uid)).map(inquiryView) : [],
  },
};
