import { badRequest } from '@sumika/server-kit';
import type { Resolvers } from '../__generated__/resolvers-types.js';
import type { Context } from '../context.js';
import { listingSortOf, sortListings, sortReads, type ParsedSort } from '../domain/listing-sort.js';
import type { BukkenRecord } from '../repositories/records.js';
import { isPresent } from './args.js';
import { initialCostOf } from './bukken.js';

/** A store page's listings per page: the search's page size bounds. */
export const COMPANY_BUKKENS_PER_PAGE = { min: 1, max: 100 } as const;

/** The store's active listings in the sort's order; walking minutes are read only when the sort needs them. */
async function sortedOfStore(ctx: Context, storeId: number, sort: ParsedSort): Promise<BukkenRecord[]> {
  const list = await ctx.loaders.activeByStore.load(storeId);
  const reads = sortReads(sort);
  const walks = reads.walk ? await ctx.loaders.trafficsByBukken.loadMany(list.map((b) => b.id)) : list.map(() => undefined);
  const sortable = list.map((b, i) => {
    const own = walks[i];
    const nearest = isPresent(own) ? own.find((t) => t.seq === 1) : undefined;
    return {
      record: b,
      id: b.id,
      arrivedAt: b.arrivedAt,
      chinryou: b.chinryou,
      area: b.area,
      builtDate: b.building.builtDate,
      initialCost: reads.cost ? initialCostOf(b).total : 0,
      walkMin: nearest?.walkMin ?? null,
    };
  });
  return sortListings(sortable, sort).map((s) => s.record);
}

export const companyResolvers: Resolvers = {
  Company: {
    // A reference only: the company subgraph owns the store; this subgraph adds its listings.
    __resolveReference: (ref) => ({ id: String(ref.id) }),
    bukkens: async (company, args, ctx) => {
      const sort = listingSortOf(args.sort);
      if (!sort) throw badRequest(`並び順「${args.sort ?? ''}」は指定できません。`);
      const page = args.page ?? 1;
      const perPage = args.perPage ?? 20;
      if (!Number.isInteger(page) || page < 1) throw badRequest('ページ番号は1以上で指定してください。');
      if (!Number.isInteger(perPage) || perPage < COMPANY_BUKKENS_PER_PAGE.min || perPage > COMPANY_BUKKENS_PER_PAGE.max) {
        throw badRequest(`表示件数は${COMPANY_BUKKENS_PER_PAGE.min}〜${COMPANY_BUKKENS_PER_PAGE.max}件で指定してください。`);
      }
      const storeId = Number(company.id);
      // A store id the store table cannot have: no listing, not an error (the company subgraph decides what exists).
      const sorted = Number.isSafeInteger(storeId) && storeId > 0 ? await sortedOfStore(ctx, storeId, sort) : [];
      const offset = (page - 1) * perPage;
      return {
        bukkenList: offset < sorted.length ? sorted.slice(offset, offset + perPage) : [],
        count: sorted.length,
        page,
        perPage,
        totalPages: Math.ceil(sorted.length / perPage),
        sort: sort.value,
      };
    },
  },
};
