import { notFound, prefectureCodeOf, type Resolvers } from '@sumika/subgraph-kit';
import type { Context } from '../context.js';
import { countLoaders } from '../loaders/places.js';
import { allPrefectures, regions, type CityRow, type PrefectureRow, type RegionRow, type TownRow } from '../repositories/places.js';

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

export const placeResolvers: Resolvers<Context> = {
  Query: {
    regions: async (_: unknown, args: { grouping?: 'DISPLAY' | 'ELEVEN' | null }, ctx: Context) => ({
      regions: await regions(ctx.db, args.grouping === 'ELEVEN' ? 'eleven' : 'display'),
    }),
    prefectures: (_: unknown, __: unknown, ctx: Context) => allPrefectures(ctx.db),
    prefecture: async (_: unknown, args: { path: string }, ctx: Context) => {
      const code = prefectureCodeOf(args.path);
      return code === undefined ? null : ((await ctx.loaders.prefectureByCode.load(code)) ?? null);
    },
    city: async (_: unknown, args: { code: number }, ctx: Context) => (await ctx.loaders.cityByCode.load(args.code)) ?? null,
    cities: (_: unknown, args: { prefecturePath: string }, ctx: Context) => searchableCities(ctx, requirePrefecture(args.prefecturePath)),
    towns: async (_: unknown, args: { cityCode: number }, ctx: Context) => {
      await requireCity(ctx, args.cityCode);
      return ctx.loaders.townsByCity.load(args.cityCode);
    },
  },
  Region: {
    prefectures: async (r: RegionRow, _: unknown, ctx: Context) => {
      const rows = await Promise.all(r.prefecture_codes.map((c) => ctx.loaders.prefectureByCode.load(c)));
      return rows.filter((p): p is PrefectureRow => p !== undefined);
    },
  },
  Prefecture: {
    __resolveReference: (ref: { code: number }, ctx: Context) => ctx.loaders.prefectureByCode.load(Number(ref.code)),
    shortName: (p: PrefectureRow) => p.short_name,
    latLng: (p: PrefectureRow) => ({ lat: p.lat, lng: p.lng }),
    bukkenCount: (p: PrefectureRow, _: unknown, ctx: Context) => countLoaders(ctx).prefecture.load(p.code),
    cities: (p: PrefectureRow, _: unknown, ctx: Context) => searchableCities(ctx, p.code),
    designatedCities: async (p: PrefectureRow, _: unknown, ctx: Context) =>
      (await ctx.loaders.citiesByPrefecture.load(p.code)).filter((c) => c.kind === 'designated'),
  },
  City: {
    __resolveReference: (ref: { code: number }, ctx: Context) => ctx.loaders.cityByCode.load(Number(ref.code)),
    prefecture: (c: CityRow, _: unknown, ctx: Context) => ctx.loaders.prefectureByCode.load(c.prefecture_code),
    gdCityCode: (c: CityRow) => c.gd_city_code,
    wards: (c: CityRow, _: unknown, ctx: Context) => (c.kind === 'designated' ? ctx.loaders.wardsByCity.load(c.code) : []),
    towns: (c: CityRow, _: unknown, ctx: Context) => ctx.loaders.townsByCity.load(c.code),
    bukkenCount: (c: CityRow, _: unknown, ctx: Context) => countLoaders(ctx).city.load(c),
    latLng: (c: CityRow) => (c.lat === null || c.lng === null ? null : { lat: c.lat, lng: c.lng }),
  },
  Town: {
    cityCode: (t: TownRow) => t.city_code,
    bukkenCount: (t: TownRow, _: unknown, ctx: Context) => countLoaders(ctx).town.load(t),
  },
};
