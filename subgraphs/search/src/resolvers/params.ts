import { PREFECTURE_PATHS } from '@sumika/domain';
import type { Resolvers } from '../__generated__/resolvers-types.js';
import type { Context } from '../context.js';
import { searchMaster, townsByCodes } from '../repositories/listing-master.js';
import { prefectureOf } from './search/arguments.js';

interface SearchParameterArgs {
  prefecturePath?: string | null;
  cityCodes?: (number | null)[] | null;
  townCodes?: (number | null)[] | null;
  lineCodes?: (number | null)[] | null;
  stationCodes?: (number | null)[] | null;
}

const nonNull = (list: (number | null)[] | null | undefined): number[] => [...new Set((list ?? []).filter((c): c is number => c !== null))];

/**
 * Normalises search parameters: keeps only codes that exist, derives the prefecture from the first
 * known code (cities, then towns, stations, lines) when none is given, and drops codes of other prefectures.
 */
export async function searchParameter(ctx: Pick<Context, 'db'>, args: SearchParameterArgs) {
  const given = prefectureOf(args.prefecturePath);
  const master = await searchMaster(ctx.db);
  const towns = new Map((await townsByCodes(ctx.db, nonNull(args.townCodes))).map((t) => [t.code, t]));

  // Each known code with the prefectures it belongs to (a line can run through several).
  const cities = nonNull(args.cityCodes).flatMap((code) => {
    const c = master.cities.get(code);
    return c ? [{ code, prefs: [c.prefectureCode] }] : [];
  });
  const townList = nonNull(args.townCodes).flatMap((code) => {
    const t = towns.get(code);
    const c = t ? master.cities.get(t.cityCode) : undefined;
    return c ? [{ code, prefs: [c.prefectureCode] }] : [];
  });
  const stations = nonNull(args.stationCodes).flatMap((code) => {
    const group = master.stationGroups.get(code) ?? master.stationGroups.get(master.stationGroupOf.get(code) ?? -1);
    return group ? [{ code, prefs: [group.prefectureCode] }] : [];
  });
  const lines = nonNull(args.lineCodes).flatMap((code) => {
    const l = master.lines.get(code);
    return l ? [{ code, prefs: l.prefectureCodes }] : [];
  });

  const prefectureCode = given ?? [...cities, ...townList, ...stations, ...lines][0]?.prefs[0] ?? null;
  const keep = (list: { code: number; prefs: number[] }[]) =>
    list.filter((x) => prefectureCode === null || x.prefs.includes(prefectureCode)).map((x) => x.code);
  return {
    prefecturePath: prefectureCode !== null ? (PREFECTURE_PATHS[prefectureCode - 1] ?? null) : null,
    cityCodes: keep(cities),
    townCodes: keep(townList),
    lineCodes: keep(lines),
    stationCodes: keep(stations),
  };
}

export const paramsResolvers: Resolvers = {
  Query: {
    searchParameter: (_, args, ctx) => searchParameter(ctx, args),
  },
};
