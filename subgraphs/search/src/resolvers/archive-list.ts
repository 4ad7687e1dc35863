import { badRequest, notFound } from '@sumika/server-kit';
import type { Resolvers } from '../__generated__/resolvers-types.js';
import { pageRequest } from '../domain/pagination.js';
import { parseSort } from '../domain/sort.js';
import { cityChoice, searchMaster, townsByCodes } from '../repositories/listing-master.js';
import { baseFilter } from '../domain/filter.js';
import { prefectureOf } from './search/arguments.js';
import { existingPage, resultSource, type ResultSource } from './search/results.js';

const PER_PAGE = 30;

export const archiveListResolvers: Resolvers = {
  Query: {
    /** The town's active listings, 30 per page, newest first. */
    async sitemapTown(_, args, ctx): Promise<ResultSource> {
      const page = pageRequest(args.page, PER_PAGE);
      const [town] = await townsByCodes(ctx.db, [args.townCode]);
      if (!town) throw notFound('指定された町域が見つかりません。');
      return existingPage(resultSource(ctx, { ...baseFilter(), townCodes: [town.code] }, parseSort(null), page));
    },
    /**
     * ARCHIVED listings of a city or a station group, 30 per page. Newest arrivals first: the index
     * has no archived_at, and arrival order is what the archive pages showed.
     */
    async archiveList(_, args, ctx): Promise<ResultSource> {
      const prefectureCode = prefectureOf(args.prefecturePath);
      const page = pageRequest(args.page, PER_PAGE);
      const hasCity = args.cityCode !== null && args.cityCode !== undefined;
      const hasStation = args.stationCode !== null && args.stationCode !== undefined;
      if (hasCity === hasStation) throw badRequest('市区町村か駅のどちらか一方を指定してください。');
      const master = await searchMaster(ctx.db);
      const filter = { ...baseFilter(), archived: true, prefectureCode };
      if (hasCity) {
        const city = master.cities.get(args.cityCode as number);
        if (!city || city.prefectureCode !== prefectureCode) throw notFound('指定された市区町村が見つかりません。');
        filter.city = cityChoice(master, [city.code]);
      } else {
        const code = args.stationCode as number;
        const group = master.stationGroups.has(code) ? code : master.stationGroupOf.get(code);
        if (group === undefined) throw notFound('指定された駅が見つかりません。');
        filter.stationGroups = [group];
      }
      return existingPage(resultSource(ctx, filter, parseSort(null), page));
    },
  },
};
