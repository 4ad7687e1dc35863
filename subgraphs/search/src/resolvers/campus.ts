import { badRequest, notFound } from '@sumika/server-kit';
import type { Resolvers } from '../__generated__/resolvers-types.js';
import { countLoaders } from '../loaders/places.js';
import { boxAround, nearby, NEARBY_CAMPUS_LIMIT, NEARBY_CAMPUS_M } from '../domain/nearby.js';
import { campuses, campusesInBox, type CampusRow } from '../repositories/campus.js';
import { optionalPrefecture } from './places.js';

/** Gojūon rows an institute can be filed under (campus.initial). */
export const INITIALS: readonly string[] = ['a', 'ka', 'sa', 'ta', 'na', 'ha', 'ma', 'ya', 'ra', 'wa'];

/** A building as the router hands it over: its key and, for nearbyCampuses, its position (@requires). */
export interface BuildingRef {
  key: string;
  latLng?: { lat: number; lng: number } | null;
}

interface InstituteParent {
  id: number;
  name: string;
  kana: string;
  campuses: CampusRow[];
}

export const campusResolvers: Resolvers = {
  Query: {
    institutes: async (_, args, ctx) => {
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
    campus: async (_, args, ctx) => (await ctx.loaders.campusById.load(args.id)) ?? null,
    nearStationsForCampusBukkenCounts: async (_, args, ctx) => {
      const campus = await ctx.loaders.campusById.load(args.instituteCampusId);
      if (!campus) throw notFound('キャンパスが見つかりません。');
      const stations = await ctx.loaders.stationsByCampus.load(campus.id);
      const counts = countLoaders(ctx).stationGroup;
      return Promise.all(stations.map(async (s) => ({ code: s.group_code, count: await counts.load({ code: s.group_code, prefectureCode: null }) })));
    },
  },
  Campus: {
    instituteId: (c) => c.institute_id,
    instituteName: (c) => c.institute_name,
    campusName: (c) => c.campus_name,
    prefectureCode: (c) => c.prefecture_code,
    latLng: (c) => ({ lat: c.lat, lng: c.lng }),
    nearStations: (c, _, ctx) => ctx.loaders.stationsByCampus.load(c.id),
  },
  Building: {
    __resolveReference: (ref) => ref,
    nearbyCampuses: async (b, args, ctx) => {
      const limit = args.limit ?? NEARBY_CAMPUS_LIMIT.default;
      if (!Number.isInteger(limit) || limit < NEARBY_CAMPUS_LIMIT.min || limit > NEARBY_CAMPUS_LIMIT.max)
        throw badRequest(`limit は${NEARBY_CAMPUS_LIMIT.min}〜${NEARBY_CAMPUS_LIMIT.max}で指定してください。`);
      if (!b.latLng) return [];
      const rows = await campusesInBox(ctx.db, boxAround(b.latLng, NEARBY_CAMPUS_M));
      for (const c of rows) ctx.loaders.campusById.prime(c.id, c);
      return nearby(b.latLng, rows, NEARBY_CAMPUS_M)
        .slice(0, limit)
        .map(({ item, distanceM, walkMin }) => ({ campus: item, distanceM, walkMin }));
    },
  },
  CampusStation: {
    code: (s) => s.group_code,
    distanceM: (s) => s.distance_m,
    walkMin: (s) => s.walk_min,
  },
};
