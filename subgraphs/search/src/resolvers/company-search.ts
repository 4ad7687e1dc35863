import { badRequest } from '@sumika/server-kit';
import { storeIdOf } from '@sumika/domain';
import type { Resolvers } from '../__generated__/resolvers-types.js';
import { pageRequest } from '../domain/pagination.js';
import { parseSort } from '../domain/sort.js';
import { baseFilter } from '../domain/filter.js';
import { existingPage, resultSource, type ResultSource } from './search/results.js';

export const companySearchResolvers: Resolvers = {
  Query: {
    /** Active listings of a store (SPEC's Company), newest first. */
    bukkensByCompany(_, args, ctx): Promise<ResultSource> {
      const storeId = storeIdOf(args.companyKey);
      if (storeId === undefined) throw badRequest('会社の指定が正しくありません。');
      const page = pageRequest(args.page, args.perPage);
      return existingPage(resultSource(ctx, { ...baseFilter(), storeId }, parseSort(null), page));
    },
  },
};
