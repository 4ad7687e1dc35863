import { badRequest } from '@sumika/server-kit';
import type { Resolvers } from '../__generated__/resolvers-types.js';
import type { Context } from '../context.js';
import { storefrontUrl } from '../images/urls.js';
import type { StoreRecord } from '../repositories/stores.js';
import type { ReviewsParent } from './reviews.js';
import { MAX_REVIEWS_FIRST } from '../loaders.js';

/** Most keys one `companies(keys)` call may ask for. */
export const MAX_COMPANY_KEYS = 100;

/** A Company representation from the router: either key of the two @key directives. */
interface CompanyRef {
  id?: string | number | null;
  key?: string | null;
}

/** Store ids are positive integers; anything else cannot match a row. */
function parseStoreId(id: string | number): number | undefined {
  const text = String(id);
  return /^[1-9]\d{0,9}$/.test(text) && Number(text) <= 2_147_483_647 ? Number(text) : undefined;
}

async function resolveCompanyRef(ref: CompanyRef, ctx: Context): Promise<StoreRecord | null> {
  if (ref.id !== undefined && ref.id !== null) {
    const id = parseStoreId(ref.id);
    return id === undefined ? null : ((await ctx.loaders.storeById.load(id)) ?? null);
  }
  if (typeof ref.key === 'string') return (await ctx.loaders.storeByKey.load(ref.key)) ?? null;
  return null;
}

/** SPEC §3 Company: a store with its corporation's details, staff, reviews and pictures. */
export const companyResolvers: Resolvers = {
  Query: {
    company: async (_, { key }, ctx) => (await ctx.loaders.storeByKey.load(key)) ?? null,
    companies: async (_, { keys }, ctx) => {
      if (keys.length > MAX_COMPANY_KEYS) throw badRequest(`店舗キーは一度に${MAX_COMPANY_KEYS}件まで指定できます。`);
      const rows = await ctx.loaders.storeByKey.loadMany(keys);
      return rows.map((r) => {
        if (r instanceof Error) throw r;
        return r ?? null;
      });
    },
  },
  Company: {
    __resolveReference: (ref, ctx) => resolveCompanyRef(ref, ctx),
    id: (store) => String(store.id),
    reviews: (store, { first }): ReviewsParent => {
      const n = first ?? 10;
      if (!Number.isInteger(n) || n < 1 || n > MAX_REVIEWS_FIRST) {
        throw badRequest(`口コミの件数（first）は1〜${MAX_REVIEWS_FIRST}で指定してください。`);
      }
      return { storeId: store.id, first: n };
    },
    employees: (store, _, ctx) => ctx.loaders.employees.load(store.id),
    images: (store) => [{ imageType: 'storefront', url: storefrontUrl(store.key) }],
    otherStores: async (store, _, ctx) => (await ctx.loaders.storesByCompany.load(store.companyId)).filter((s) => s.id !== store.id),
  },
};
