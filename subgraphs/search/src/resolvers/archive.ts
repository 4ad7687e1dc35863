import type { Resolvers } from '../__generated__/resolvers-types.js';
import { cachedCounts } from '../loaders/places.js';
import { archivedCityCounts, archivedStationCounts } from '../repositories/archive.js';
import { requirePrefecture, searchableCities } from './places.js';
import { requireLine, stationsOfLine } from './railways.js';

export const archiveResolvers: Resolvers = {
  Query: {
    /** Cities of the prefecture that have archived listings, code order. */
    archiveCities: async (_, args, ctx) => {
      const prefectureCode = requirePrefecture(args.prefecturePath);
      const cities = await searchableCities(ctx, prefectureCode);
      const counts = await cachedCounts(ctx.cache, `master:archived:city:${prefectureCode}`, () =>
        archivedCityCounts(
          ctx.db,
          cities.map((c) => c.code),
        ),
      );
      return cities.filter((c) => (counts.get(c.code) ?? 0) > 0).map((c) => ({ code: c.code, name: c.name, count: counts.get(c.code) ?? 0 }));
    },
    /** Stations of the line in the prefecture (seq order, by station group) with archived listings of the prefecture near them. */
    archiveLineStations: async (_, args, ctx) => {
      const prefectureCode = requirePrefecture(args.prefecturePath);
      await requireLine(ctx, args.lineCode);
      const [stations, cities] = await Promise.all([stationsOfLine(ctx, args.lineCode, prefectureCode), searchableCities(ctx, prefectureCode)]);
      const counts = await cachedCounts(ctx.cache, `master:archived:station:${prefectureCode}:${args.lineCode}`, () =>
        archivedStationCounts(
          ctx.db,
          cities.map((c) => c.code),
          stations.map((s) => s.group_code),
        ),
      );
      const seen = new Set<number>();
      return stations
        .filter((s) => !seen.has(s.group_code) && seen.add(s.group_code))
        .map((s) => ({ code: s.group_code, name: s.name, count: counts.get(s.group_code) ?? 0 }));
    },
  },
};
