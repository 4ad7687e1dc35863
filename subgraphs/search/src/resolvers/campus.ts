import { badRequest, notFound, type Resolvers } from '@sumika/subgraph-kit';
import type { Context } from '../context.js';
import { countLoaders } from '../loaders/places.js';
import { campuses, type CampusRow, type CampusStationRow } from '../repositories/campus.js';
import { optionalPrefecture } from './places.js';

/** Gojūon rows an institute can be filed under (campus.initial). */
export const INITIALS: readonly string[] = ['a', 'ka', 'sa', 'ta', 'na', 'ha', 'ma', 'ya', 'ra', 'wa'];

interface InstituteParent {
  id: number;
  name: string;
  kana: string;
  campuses: CampusRow[];
}

export const campusResolvers: Resolvers<Context> = {
  Query: {
    institutes: async (_: unknown, args: { prefecturePath?: string | null; initial?: string | null }, ctx: Context) => {
      const prefectureCode = optionalPrefecture(args.prefecturePath);
      const initial = args.initial === null || args.initial === undefined || args.initial === '' ? undefined : args.initial;
      if (initial !== undefined && !INITIALS.includes(initial)) throw badRequest('頭文字の指定が正しくありません。');
      const rows = await campuses(ctx.db, { ...(prefectureCode !== undefined ? { prefectureCode } : {}), ...(initial !== undefined ? { initial } : {}) });
      // Rows come in institute kana order: group consecutive campuses of one institute.
      const institutes = new Map<number, InstituteParent>();
      for (const c of rows) {
        ctx.loaders.campusById.prime(c.id, c);
        let institute = institutes.get(c.institute_id);
        if (!institute) institutes.set(c.institute_id, (institute = { id: c.institute_id, name: c.institute_name, kana: c.institute_kana, campuses: [] }));
        institute.campuses.push(c);
      }
      return [...institutes.values()];
    },
    campus: async (_: unknown, args: { id: number }, ctx: Context) => (await ctx.loaders.campusById.load(args.id)) ?? null,
    nearStationsForCampusBukkenCounts: async (_: unknown, args: { instituteCampusId: number }, ctx: Context) => {
      const campus = await ctx.loaders.campusById.load(args.instituteCampusId);
      if (!campus) throw notFound('キャンパスが見つかりません。');
      const stations = await ctx.loaders.stationsByCampus.load(campus.id);
      const counts = countLoaders(ctx).stationGroup;
      return Promise.all(stations.map(async (s) => ({ code: s.group_code, count: await counts.load({ code: s.group_code, prefectureCode: null }) })));
    },
  },
  Campus: {
    instituteId: (c: CampusRow) => c.institute_id,
    instituteName: (c: CampusRow) => c.institute_name,
    campusName: (c: CampusRow) => c.campus_name,
    prefectureCode: (c: CampusRow) => c.prefecture_code,
    latLng: (c: CampusRow) => ({ lat: c.lat, lng: c.lng }),
    nearStations: (c: CampusRow, _: unknown, ctx: Context) => ctx.loaders.stationsByCampus.load(c.id),
  },
  CampusStation: {
    code: (s: CampusStationRow) => s.group_code,
    distanceM: (s: CampusStationRow) => s.distance_m,
    walkMin: (s: CampusStationRow) => s.walk_min,
  },
};
