import { PREFECTURE_PATHS } from '@sumika/domain';
import { searchUrlOf } from '@sumika/spec';
import type { Resolvers } from '../__generated__/resolvers-types.js';
import { countLoaders } from '../loaders/places.js';
import { allPrefectures } from '../repositories/places.js';
import { placeUpdates, prefectureUpdates } from '../repositories/sitemap-urls.js';
import { requireCity, requirePrefecture, searchableCities } from './places.js';

/** SPEC §2.1: /specific/sitemap/{prefecturePath}/{cityCode}/{townCode}. */
export const SITEMAP_ROOT = '/specific/sitemap';

export const sitemapResolvers: Resolvers = {
  Query: {
    sitemapTop: async (_, __, ctx) => {
      const prefectures = await allPrefectures(ctx.db);
      const counts = countLoaders(ctx).prefecture;
      return Promise.all(prefectures.map(async (p) => ({ name: p.name, path: `${SITEMAP_ROOT}/${p.path}`, count: await counts.load(p.code) })));
    },
    sitemapPrefecture: async (_, args, ctx) => {
      const prefectureCode = requirePrefecture(args.prefecturePath);
      const cities = await searchableCities(ctx, prefectureCode);
      const counts = countLoaders(ctx).city;
      return Promise.all(cities.map(async (c) => ({ name: c.name, path: `${SITEMAP_ROOT}/${args.prefecturePath}/${c.code}`, count: await counts.load(c) })));
    },
    sitemapSections: async (_, __, ctx) =>
      (await prefectureUpdates(ctx.db)).map((p) => ({ prefecturePath: PREFECTURE_PATHS[p.code - 1] ?? '', lastmod: p.lastmod.toISOString() })),
    // The indexable results pages of a prefecture, as their pages write their canonical URLs (the codec):
    // the prefecture page, each searchable city's page and each station's page that lists anything.
    sitemapUrls: async (_, args, ctx) => {
      const prefectureCode = requirePrefecture(args.prefecturePath);
      const prefecturePath = args.prefecturePath;
      const [{ cities, stations }, searchable] = await Promise.all([placeUpdates(ctx.db, prefectureCode), searchableCities(ctx, prefectureCode)]);
      const listed = new Set(searchable.map((c) => c.code));
      const cityUrls = cities.filter((c) => listed.has(c.code));
      const newest = [...cities, ...stations].reduce<Date | undefined>((a, u) => (a && a >= u.lastmod ? a : u.lastmod), undefined);
      return [
        ...(newest ? [{ path: `/${prefecturePath}`, lastmod: newest.toISOString() }] : []),
        ...cityUrls.map((c) => ({ path: searchUrlOf({ prefecturePath, cityCodes: [c.code] }), lastmod: c.lastmod.toISOString() })),
        ...stations.map((s) => ({
          path: searchUrlOf({ prefecturePath, lineCodes: [s.lineCode], stationCodes: [s.code] }),
          lastmod: s.lastmod.toISOString(),
        })),
      ];
    },
    sitemapCity: async (_, args, ctx) => {
      const city = await requireCity(ctx, args.cityCode);
      const prefecturePath = PREFECTURE_PATHS[city.prefecture_code - 1] ?? '';
      const towns = [...(await ctx.loaders.townsByCity.load(city.code))].sort((a, b) => a.code - b.code);
      const counts = countLoaders(ctx).town;
      return Promise.all(
        towns.map(async (t) => ({ name: t.name, path: `${SITEMAP_ROOT}/${prefecturePath}/${city.code}/${t.code}`, count: await counts.load(t) })),
      );
    },
  },
};
