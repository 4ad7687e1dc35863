import { notFound } from '@sumika/server-kit';
import type { Resolvers } from '../__generated__/resolvers-types.js';
import type { Context } from '../context.js';
import { countLoaders } from '../loaders/places.js';
import { linesInPrefecture, type LineRow, type StationRow } from '../repositories/railways.js';
import { optionalPrefecture, requirePrefecture } from './places.js';
import { specialPlaceCount } from './special-places.js';

export async function requireLine(ctx: Context, code: number): Promise<LineRow> {
  const line = await ctx.loaders.lineByCode.load(code);
  if (!line) throw notFound('路線が見つかりません。');
  return line;
}

/**
 * A station listed for a prefecture counts that prefecture's listings (as Line.bukkenCount
 * does with a prefecture), so its count matches the prefecture-scoped search it links to.
 */
export type ListedStation = StationRow & { count_prefecture_code?: number };

/** Stations of a line in seq order; with a prefecture only those in it, counted over its listings. */
export async function stationsOfLine(ctx: Context, lineCode: number, prefectureCode?: number): Promise<ListedStation[]> {
  const stations = await ctx.loaders.stationsByLine.load(lineCode);
  if (prefectureCode === undefined) return stations;
  return stations.filter((s) => s.prefecture_code === prefectureCode).map((s) => ({ ...s, count_prefecture_code: prefectureCode }));
}

/**
 * Station is also returned by other resolvers of this subgraph (nminStations); a parent
 * missing the joined columns is completed from the station table by its code, and a count
 * it already carries is kept.
 */
export type StationParent = Partial<ListedStation> & { code: number; bukkenCount?: number };

async function stationOf(s: StationParent, ctx: Context): Promise<StationRow> {
  if (
    s.group_code !== undefined &&
    s.line_code !== undefined &&
    s.kana !== undefined &&
    s.city_code !== undefined &&
    s.lat !== undefined &&
    s.name !== undefined
  ) {
    return s as StationRow;
  }
  const row = await ctx.loaders.stationByCode.load(s.code);
  if (!row) throw notFound('駅が見つかりません。');
  return row;
}

export const railwayResolvers: Resolvers = {
  Query: {
    railways: async (_, args, ctx) => {
      const lines = await linesInPrefecture(ctx.db, requirePrefecture(args.prefecturePath));
      const railways: { code: string; name: string; lines: LineRow[] }[] = [];
      for (const { railway_name, railway_sort: _sort, ...line } of lines) {
        ctx.loaders.lineByCode.prime(line.code, line);
        let railway = railways.at(-1);
        if (railway?.code !== line.railway_code) railways.push((railway = { code: line.railway_code, name: railway_name, lines: [] }));
        railway.lines.push(line);
      }
      return railways;
    },
    line: async (_, args, ctx) => (await ctx.loaders.lineByCode.load(args.code)) ?? null,
    station: async (_, args, ctx) => (await ctx.loaders.stationByCode.load(args.code)) ?? null,
    prefectureStations: async (_, args, ctx) => {
      const prefectureCode = requirePrefecture(args.prefecturePath);
      const lines = await linesInPrefecture(ctx.db, prefectureCode);
      // One batch: stationsByLine groups every line's stations into one query.
      return (await Promise.all(lines.map((l) => stationsOfLine(ctx, l.code, prefectureCode)))).flat();
    },
    stations: async (_, args, ctx) => {
      const prefectureCode = requirePrefecture(args.prefecturePath);
      await requireLine(ctx, args.lineCode);
      return stationsOfLine(ctx, args.lineCode, prefectureCode);
    },
  },
  Line: {
    __resolveReference: async (ref, ctx) => (await ctx.loaders.lineByCode.load(Number(ref.code))) ?? null,
    colorCode: (l) => l.color,
    railwayName: async (l, _, ctx) => (await ctx.loaders.railwayByCode.load(l.railway_code))?.name ?? '',
    stations: (l, args, ctx) => stationsOfLine(ctx, l.code, optionalPrefecture(args.prefecturePath)),
    bukkenCount: (l, args, ctx) => {
      const prefectureCode = optionalPrefecture(args.prefecturePath) ?? null;
      if (args.specialName) return specialPlaceCount(ctx, 'line', [l.code], { specialName: args.specialName, prefectureCode });
      return countLoaders(ctx).line.load({ code: l.code, prefectureCode });
    },
  },
  Station: {
    groupCode: async (s, _, ctx) => (await stationOf(s, ctx)).group_code,
    name: async (s, _, ctx) => (await stationOf(s, ctx)).name,
    kana: async (s, _, ctx) => (await stationOf(s, ctx)).kana,
    lineCode: async (s, _, ctx) => (await stationOf(s, ctx)).line_code,
    latLng: async (s, _, ctx) => {
      const row = await stationOf(s, ctx);
      return { lat: row.lat, lng: row.lng };
    },
    cityCode: async (s, _, ctx) => (await stationOf(s, ctx)).city_code,
    // Load synchronously when the group is known, so every station of a list lands in one batch.
    bukkenCount: async (s, args, ctx) =>
      args.specialName
        ? specialPlaceCount(ctx, 'station', [s.group_code ?? (await stationOf(s, ctx)).group_code], {
            specialName: args.specialName,
            prefectureCode: s.count_prefecture_code ?? null,
          })
        : typeof s.bukkenCount === 'number'
          ? s.bukkenCount
          : countLoaders(ctx).stationGroup.load({
              code: s.group_code ?? (await stationOf(s, ctx)).group_code,
              prefectureCode: s.count_prefecture_code ?? null,
            }),
  },
};
