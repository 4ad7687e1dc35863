import { badRequest } from '@sumika/server-kit';
import { fromMercator } from '@sumika/spec';
import type { QueryMapBoundsArgs, Resolvers } from '../__generated__/resolvers-types.js';
import type { BBox } from '../domain/filter.js';
import { cellsInBox, decode, encode, hexSize, polygon } from '../domain/geohex.js';
import { hexCounts, matchBounds, pointsInCell, points, STORED_HEX_LEVELS } from '../repositories/listing-map.js';
import { searchMaster, type MasterStationGroup, type SearchMaster } from '../repositories/listing-master.js';
import { NearestIndex } from '../domain/nearest.js';
import { resolveSearch, type SearchArgs } from './search/arguments.js';

/** The levels the map serves: those whose cells every listing stores. */
export const MIN_MAP_LEVEL = STORED_HEX_LEVELS.min;
export const MAX_MAP_LEVEL = STORED_HEX_LEVELS.max;
export const MAX_MAP_BUKKENS = 200;

const H_K = Math.tan(Math.PI / 6);

function checkLevel(level: number): void {
  if (!Number.isInteger(level) || level < MIN_MAP_LEVEL || level > MAX_MAP_LEVEL) {
    throw badRequest(`地図のレベルは${MIN_MAP_LEVEL}〜${MAX_MAP_LEVEL}で指定してください。`);
  }
}

function checkBox(b: BBox): BBox {
  const ok =
    [b.south, b.west, b.north, b.east].every(Number.isFinite) &&
    b.south >= -85 &&
    b.north <= 85 &&
    b.west >= -180 &&
    b.east <= 180 &&
    b.south <= b.north &&
    b.west <= b.east;
  if (!ok) throw badRequest('地図の表示範囲が正しくありません。');
  return b;
}

/** The GeoHex code and centre of grid cell (x, y): its centre is encoded, so the code is the library's own. */
export function cellOf(x: number, y: number, level: number): { geoHex: string; center: { lat: number; lng: number } } {
  const size = hexSize(level);
  const unitX = 6 * size;
  const unitY = 6 * size * H_K;
  const mercY = (H_K * x * unitX + y * unitY) / 2;
  const mercX = (mercY - y * unitY) / H_K;
  const { lat, lng } = fromMercator(mercX, mercY);
  const zone = decode(encode(lat, lng, level));
  return { geoHex: zone.code, center: { lat: zone.lat, lng: zone.lng } };
}

/** What mapInfo answers per cell; the label is resolved when asked for (a cell's corners follow from its centre and level: hexCorners in @sumika/spec). */
export interface MapCellParent {
  geoHex: string;
  count: number;
  center: { lat: number; lng: number };
}

/** A cell is labelled by the nearest station within this distance. */
export const NEAR_STATION_KM = 20;

const stationIndexes = new WeakMap<SearchMaster, NearestIndex<MasterStationGroup>>();

function stationIndex(master: SearchMaster): NearestIndex<MasterStationGroup> {
  let index = stationIndexes.get(master);
  if (!index) {
    index = new NearestIndex(master.stationGroups.values());
    stationIndexes.set(master, index);
  }
  return index;
}

/** The smallest box mapBounds answers, in degrees (about 1 km): a few listings still show their neighbourhood. */
export const MIN_BOUNDS_SPAN = 0.01;

/** The search arguments the map queries share with searchBukkens: the place and the condition. */
function placeAndCondition(args: QueryMapBoundsArgs): SearchArgs {
  return {
    prefecturePath: args.prefecturePath ?? null,
    cityCodes: args.cityCodes ?? null,
    townCodes: args.townCodes ?? null,
    lineCodes: args.lineCodes ?? null,
    stationCodes: args.stationCodes ?? null,
    searchCondition: args.searchCondition ?? null,
  };
}

export const mapResolvers: Resolvers = {
  MapCell: {
    nearStation: async (cell, _, ctx) => stationIndex(await searchMaster(ctx.db)).nearest(cell.center, NEAR_STATION_KM)?.name ?? null,
  },
  Query: {
    async mapBounds(_, args, ctx) {
      const { filter } = await resolveSearch(ctx, placeAndCondition(args));
      const box = await matchBounds(ctx.db, filter);
      if (!box) return null;
      // A single listing (or one building) still opens on its streets, not on one point.
      const pad = (span: number) => Math.max(0, (MIN_BOUNDS_SPAN - span) / 2);
      const [dLat, dLng] = [pad(box.north - box.south), pad(box.east - box.west)];
      return { south: box.south - dLat, north: box.north + dLat, west: box.west - dLng, east: box.east + dLng };
    },

    /** Matching active listings per GeoHex cell, counting only listings inside the box. */
    async mapInfo(_, args, ctx) {
      const askedAt = performance.now();
      checkLevel(args.level);
      const bbox = checkBox({ south: args.south, west: args.west, north: args.north, east: args.east });
      // Refuses boxes with too many cells at this level (BAD_REQUEST) before any query runs.
      cellsInBox(bbox.south, bbox.west, bbox.north, bbox.east, args.level);
      const { filter } = await resolveSearch(ctx, placeAndCondition(args));
      const rows = await hexCounts(ctx.db, { ...filter, bbox }, args.level, askedAt);
      return rows.map((r) => ({ ...cellOf(r.x, r.y, args.level), count: r.count }));
    },

    /** Matches in one GeoHex cell or in a box, newest first (at most 200). */
    async mapBukkens(_, args, ctx) {
      const limit = args.limit ?? 100;
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_MAP_BUKKENS) throw badRequest(`件数は1〜${MAX_MAP_BUKKENS}件で指定してください。`);
      const hasCell = args.geoHex !== null && args.geoHex !== undefined;
      const box = [args.south, args.west, args.north, args.east];
      const hasBox = box.some((v) => v !== null && v !== undefined);
      if (hasCell === hasBox) throw badRequest('GeoHexコードか表示範囲のどちらか一方を指定してください。');
      const { filter } = await resolveSearch(ctx, placeAndCondition(args));

      if (hasCell) {
        const zone = decode(args.geoHex as string);
        checkLevel(zone.level);
        // The cell's bounding box narrows through listing_search_map; the stored cell then decides exactly.
        const corners = polygon(zone.code);
        const lats = corners.map((c) => c.lat);
        const lngs = corners.map((c) => c.lng);
        const bbox = { south: Math.min(...lats), north: Math.max(...lats), west: Math.min(...lngs), east: Math.max(...lngs) };
        const rows = await pointsInCell(ctx.db, { ...filter, bbox }, zone, limit);
        return rows.filter((r) => encode(r.lat, r.lng, zone.level) === zone.code).map((r) => ({ globalKey: r.globalKey }));
      }
      if (box.some((v) => v === null || v === undefined)) throw badRequest('表示範囲は南西と北東の緯度・経度をすべて指定してください。');
      const bbox = checkBox({ south: args.south as number, west: args.west as number, north: args.north as number, east: args.east as number });
      return (await points(ctx.db, { ...filter, bbox }, limit)).map((r) => ({ globalKey: r.globalKey }));
    },
  },
};
