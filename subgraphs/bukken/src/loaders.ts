import { groupedLoader, keyedLoader } from '@sumika/server-kit';
import type DataLoader from 'dataloader';
import type { Kysely } from 'kysely';
import { findBuildingsByIds, findBuildingsByKeys, findNearbyBuildings, type NearbyBuilding, type NearbyBuildingsRequest } from './repositories/building.js';
import {
  findActiveByStores,
  findBukkensByIds,
  findBukkensByKeys,
  findRecommendations,
  findRoomsByBuildings,
  findTraffics,
  type RecommendationRequest,
} from './repositories/bukken.js';
import type { DB } from './repositories/db.js';
import { findMarketStats, type MarketKey, type MarketRow } from './repositories/market.js';
import type { BuildingRecord, BukkenRecord, TrafficRecord } from './repositories/records.js';

/** Per-request DataLoaders: every list of entities costs one query per kind, however long. */
export interface Loaders {
  bukkenByKey: DataLoader<string, BukkenRecord | undefined>;
  bukkenById: DataLoader<number, BukkenRecord | undefined>;
  trafficsByBukken: DataLoader<number, TrafficRecord[]>;
  buildingById: DataLoader<number, BuildingRecord | undefined>;
  buildingByKey: DataLoader<string, BuildingRecord | undefined>;
  /** All rooms of a building (active and archived), by floor and room number. */
  roomsByBuilding: DataLoader<number, BukkenRecord[]>;
  /** Active listings of a store (Company id), by id. */
  activeByStore: DataLoader<number, BukkenRecord[]>;
  /** Uncached market aggregates by `marketKeyOf`; resolvers go through loaders/market.ts, which caches. */
  marketStats: DataLoader<string, MarketRow | undefined>;
  /** Object keys: rows are matched back to the very request object, so no cache key is needed. */
  recommendations: DataLoader<RecommendationRequest, RecommendationHit[]>;
  nearbyBuildings: DataLoader<NearbyBuildingsRequest, (NearbyBuilding & { request: NearbyBuildingsRequest })[]>;
}

export interface RecommendationHit {
  request: RecommendationRequest;
  id: number;
}

/**
 * Same nearest station first; the city (a far larger set) is searched only for listings whose
 * station leaves slots empty. Two queries per batch at most.
 */
async function recommend(db: Kysely<DB>, requests: readonly RecommendationRequest[]): Promise<RecommendationHit[]> {
  const picked = requests.map(() => [] as number[]);
  for (const r of await findRecommendations(db, 'STATION', requests)) picked[r.requestIndex]?.push(r.id);
  const short = requests.flatMap((req, i) => ((picked[i] as number[]).length < req.limit ? [i] : []));
  if (short.length) {
    const more = await findRecommendations(
      db,
      'CITY',
      short.map((i) => requests[i] as RecommendationRequest),
    );
    for (const r of more) {
      const ids = picked[short[r.requestIndex] as number] as number[];
      const limit = (requests[short[r.requestIndex] as number] as RecommendationRequest).limit;
      // City rows may repeat station rows (same listing, same city): keep the station one.
      if (ids.length < limit && !ids.includes(r.id)) ids.push(r.id);
    }
  }
  return requests.flatMap((request, i) => (picked[i] as number[]).map((id) => ({ request, id })));
}

export const marketKeyOf = (k: MarketKey): string => `${k.scope}:${k.code}:${k.plan}`;

function parseMarketKey(key: string): MarketKey {
  const [scope, code, ...plan] = key.split(':');
  return { scope: scope === 'CITY' ? 'CITY' : 'STATION', code: Number(code), plan: plan.join(':') };
}

export function createLoaders(db: Kysely<DB>): Loaders {
  const loaders: Loaders = {
    bukkenByKey: keyedLoader(
      async (keys) => prime(await findBukkensByKeys(db, keys), 'bukkenById'),
      (b) => b.globalKey,
    ),
    bukkenById: keyedLoader(
      async (ids) => prime(await findBukkensByIds(db, ids), 'bukkenByKey'),
      (b) => b.id,
    ),
    trafficsByBukken: groupedLoader(
      (ids) => findTraffics(db, ids),
      (t) => t.bukkenId,
    ),
    buildingById: keyedLoader(
      (ids) => findBuildingsByIds(db, ids),
      (b) => b.id,
    ),
    buildingByKey: keyedLoader(
      (keys) => findBuildingsByKeys(db, keys),
      (b) => b.key,
    ),
    roomsByBuilding: groupedLoader(
      async (ids) => prime(await findRoomsByBuildings(db, ids)),
      (b) => b.buildingId,
    ),
    activeByStore: groupedLoader(
      async (ids) => prime(await findActiveByStores(db, ids)),
      (b) => b.storeId,
    ),
    marketStats: keyedLoader((keys) => findMarketStats(db, keys.map(parseMarketKey)), marketKeyOf),
    recommendations: groupedLoader(
      (requests) => recommend(db, requests),
      (r) => r.request,
    ),
    nearbyBuildings: groupedLoader(
      async (requests) => (await findNearbyBuildings(db, requests)).map((r) => ({ ...r, request: requests[r.requestIndex] as NearbyBuildingsRequest })),
      (r) => r.request,
    ),
  };

  // A listing fetched one way is known the other way too: no second query for it in this request.
  function prime(rows: BukkenRecord[], only?: 'bukkenById' | 'bukkenByKey'): BukkenRecord[] {
    for (const b of rows) {
      if (only !== 'bukkenByKey') loaders.bukkenById.prime(b.id, b);
      if (only !== 'bukkenById') loaders.bukkenByKey.prime(b.globalKey, b);
    }
    return rows;
  }

  return loaders;
}
