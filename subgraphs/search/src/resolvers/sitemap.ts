import { PREFECTURE_PATHS } from '@sumika/domain';
import type { Resolvers } from '../__generated__/resolvers-types.js';
import { countLoaders } from '../loaders/places.js';
import { allPrefectures } from '../repositories/places.js';
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
