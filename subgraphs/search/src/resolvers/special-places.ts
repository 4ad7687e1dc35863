import { notFound } from '@sumika/server-kit';
import DataLoader from 'dataloader';
import type { Context } from '../context.js';
import { cachedJson, COUNT_TTL_SECONDS } from '../loaders/places.js';
import { searchMaster } from '../repositories/listing-master.js';
import { facetCounts } from '../repositories/listing-search.js';
import { baseFilter } from '../domain/filter.js';

/** A place list's counts under one special: per prefecture (nationwide scope), or per city, line and station group. */
interface SpecialPlaceCounts {
  prefecture?: [number, number][];
  city?: [number, number][];
  town?: [number, number][];
  line?: [number, number][];
  station?: [number, number][];
}

interface ScopeKey {
  specialName: string;
  /** Count only this prefecture's listings (as the prefecture-scoped searches the pickers link to). */
  prefectureCode: number | null;
  /** Per prefecture (the topic page's prefecture picker) rather than per city, line and station. */
  prefectures?: boolean;
}

type Kind = keyof SpecialPlaceCounts;
const KINDS = ['prefecture', 'city', 'town', 'line', 'station'] as const;

const pairs = (list: { key: number; count: number }[] | undefined) => (list ?? []).map((k): [number, number] => [k.key, k.count]);

/**
 * Counts of active listings matching a special's rule, per place, for the topic pickers. One scan
 * answers cities, towns, lines and station groups of the scope, or the prefectures (facetCounts), with the
 * same filter clauses as searchBukkens(place, specialName), so a picker's count is the count of the
 * search it leads to.
 */
async function countsOf(ctx: Context, key: ScopeKey): Promise<Map<Kind, Map<number, number>>> {
  const special = (await searchMaster(ctx.db)).specials.get(key.specialName);
  if (!special) throw notFound('指定された特集が見つかりません。');
  const level = key.prefectures ? 'prefectures' : 'places';
  const cacheKey = `special-place-counts:v2:${level}:${key.prefectureCode ?? 0}:${key.specialName}`;
  const value = await cachedJson(ctx.cache, cacheKey, COUNT_TTL_SECONDS, async (): Promise<SpecialPlaceCounts> => {
    const filter = { ...baseFilter(), prefectureCode: key.prefectureCode, special: special.rule };
    if (key.prefectures) {
      const [prefecture] = await facetCounts(ctx.db, [{ filter, key: { column: 'prefecture_code' } }]);
      return { prefecture: pairs(prefecture) };
    }
    const [city, town, line, station] = await facetCounts(ctx.db, [
      { filter, key: { column: 'city_code' } },
      { filter, key: { column: 'town_code' } },
      { filter, key: { elements: 'line_codes' } },
      { filter, key: { elements: 'station_groups' } },
    ]);
    return { city: pairs(city), town: pairs(town), line: pairs(line), station: pairs(station) };
  });
  return new Map(KINDS.map((k) => [k, new Map(value[k] ?? [])]));
}

const loadersByContext = new WeakMap<object, DataLoader<ScopeKey, Map<Kind, Map<number, number>>, string>>();

function loaderOf(ctx: Context) {
  let loader = loadersByContext.get(ctx);
  if (!loader) {
    loader = new DataLoader((keys: readonly ScopeKey[]) => Promise.all(keys.map((k) => countsOf(ctx, k).catch((e: Error) => e))), {
      cacheKeyFn: (k) => `${k.prefectures ? 'p' : ''}:${k.prefectureCode ?? ''}:${k.specialName}`,
    });
    loadersByContext.set(ctx, loader);
  }
  return loader;
}

/** Active listings of a prefecture, city, town, line or station group (codes summed) matching the special. */
export async function specialPlaceCount(ctx: Context, kind: Kind, codes: readonly number[], key: ScopeKey): Promise<number> {
  const map = (await loaderOf(ctx).load(key)).get(kind);
  return codes.reduce((n, c) => n + (map?.get(c) ?? 0), 0);
}
