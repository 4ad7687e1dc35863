import { notFound } from '@sumika/server-kit';
import { prefectureCodeOf } from '@sumika/domain';
import type { Resolvers } from '../__generated__/resolvers-types.js';
import type { Context } from '../context.js';
import { countLoaders } from '../loaders/places.js';
import { allPrefectures, regions, type CityRow, type PrefectureRow } from '../repositories/places.js';
import { existing } from './rows.js';
import { specialPlaceCount } from './special-places.js';

/** The prefecture code of a path argument; a path that names no prefecture is NOT_FOUND (the 404 page). */
export function requirePrefecture(path: string): number {
  const code = prefectureCodeOf(path);
  if (code === undefined) throw notFound('指定された都道府県が見つかりません。');
  return code;
}

/** Like requirePrefecture for optional arguments: null, undefined and '' mean "none". */
export function optionalPrefecture(path: string | null | undefined): number | undefined {
  return path === null || path === undefined || path === '' ? undefined : requirePrefecture(path);
}

export async function requireCity(ctx: Context, code: number): Promise<CityRow> {
  const city = await ctx.loaders.cityByCode.load(code);
  if (!city) throw notFound('市区町村が見つかりません。');
  return city;
}

/** Searchable cities of a prefecture: wards of designated cities count as cities, the designated cities do not. */
export async function searchableCities(ctx: Context, prefectureCode: number): Promise<CityRow[]> {
  return (await ctx.loaders.citiesByPrefecture.load(prefectureCode)).filter((c) => c.searchable);
}

export const placeResolvers: Resolvers = {
  Query: {
    regions: async (_, args, ctx) => ({
      regions: await regions(ctx.db, args.grouping === 'ELEVEN' ? 'eleven' : 'display'),
    }),
    prefectures: (_, __, ctx) => allPrefectures(ctx.db),
    prefecture: async (_, args, ctx) => {
      const code = prefectureCodeOf(args.path);
      return code === undefined ? null : ((await ctx.loaders.prefectureByCode.load(code)) ?? null);
    },
    city: async (_, args, ctx) => (await ctx.loaders.cityByCode.load(args.code)) ?? null,
    cities: (_, args, ctx) => searchableCities(ctx, requirePrefecture(args.prefecturePath)),
    towns: async (_, args, ctx) => {
      await requireCity(ctx, args.cityCode);
      return ctx.loaders.townsByCity.load(args.cityCode);
    },
  },
  Region: {
    prefectures: async (r, _, ctx) => {
      const rows = await Promise.all(r.prefecture_codes.map((c) => ctx.loaders.prefectureByCode.load(c)));
      return rows.filter((p): p is PrefectureRow => p !== undefined);
    },
  },
  Prefecture: {
    __resolveReference: async (ref, ctx) => (await ctx.loaders.prefectureByCode.load(Number(ref.code))) ?? null,
    shortName: (p) => p.short_name,
    latLng: (p) => ({ lat: p.lat, lng: p.lng }),
    bukkenCount: (p, args, ctx) =>
      args.specialName
        ? specialPlaceCount(ctx, 'prefecture', [p.code], { specialName: args.specialName, prefectureCode: null, prefectures: true })
        : countLoaders(ctx).prefecture.load(p.code),
    cities: (p, _, ctx) => searchableCities(ctx, p.code),
    designatedCities: async (p, _, ctx) => (await ctx.loaders.citiesByPrefecture.load(p.code)).filter((c) => c.kind === 'designated'),
  },
  City: {
    __resolveReference: async (ref, ctx) => (await ctx.loaders.cityByCode.load(Number(ref.code))) ?? null,
    prefecture: async (c, _, ctx) => existing(await ctx.loaders.prefectureByCode.load(c.prefecture_code), `prefecture ${c.prefecture_code}`),
    gdCityCode: (c) => c.gd_city_code,
    wards: (c, _, ctx) => (c.kind === 'designated' ? ctx.loaders.wardsByCity.load(c.code) : []),
    towns: (c, _, ctx) => ctx.loaders.townsByCity.load(c.code),
    bukkenCount: async (c, args, ctx) => {
      if (!args.specialName) return countLoaders(ctx).city.load(c);
      // A designated city counts its wards (listings carry the ward as city_code).
      const codes = c.kind === 'designated' ? (await ctx.loaders.wardsByCity.load(c.code)).map((w) => w.code) : [c.code];
      return specialPlaceCount(ctx, 'city', codes, { specialName: args.specialName, prefectureCode: c.prefecture_code });
    },
    latLng: (c) => (c.lat === null || c.lng === null ? null : { lat: c.lat, lng: c.lng }),
  },
  Town: {
    cityCode: (t) => t.city_code,
    bukkenCount: async (t, args, ctx) => {
      if (!args.specialName) return countLoaders(ctx).town.load(t);
      const city = await ctx.loaders.cityByCode.load(t.city_code);
      return specialPlaceCount(ctx, 'town', [t.code], { specialName: args.specialName, prefectureCode: city?.prefecture_code ?? null });
    },
  },
};
