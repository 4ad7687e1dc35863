import { createHash } from 'node:crypto';
import { badRequest, notFound } from '@sumika/server-kit';
import { BUILDING_TYPE_KEYS, BUILDING_TYPE_NAMES, prefectureCodeOf } from '@sumika/domain';
import { Kind, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';
import type { FacetCount, Facets, Resolvers } from '../__generated__/resolvers-types.js';
import type { Context } from '../context.js';
import type { Destination } from '../domain/commute.js';
import { EMPTY_CONDITION, MADORI_NAMES, normaliseCondition, type SearchConditionInput } from '../domain/condition.js';
import { builtYearFrom, classifyWord, japanYear, withoutDimension, type ListingFilter } from '../domain/filter.js';
import { pageRequest, paginate, type PageRequest } from '../domain/pagination.js';
import { parseSort } from '../domain/sort.js';
import { conditionParts, man, placeText, searchConditionTexts, type PlaceNames, type SearchConditionTexts } from '../domain/text.js';
import { stationGraph } from '../repositories/graph.js';
import { campusStations, cityChoice, searchMaster, townsByCodes, type MasterSpecial, type SearchMaster } from '../repositories/listing-master.js';
import {
  activeCounts,
  countListings,
  cumulativeCounts,
  elementCounts,
  groupCounts,
  listingKeys,
  newestArrival,
  newListingKeys,
  type KeyCount,
  type KeyOrder,
  WALKABLE_ORDERS,
} from '../repositories/listing-search.js';

// ---- arguments -----------------------------------------------------------------------------------

export interface DestinationStationInput {
  stationCode: number;
  maxMinutes: number;
  maxTransfers?: number | null;
}

/** The place and condition arguments shared by searchBukkens and its variants. */
export interface SearchArgs {
  prefecturePath?: string | null;
  cityCodes?: (number | null)[] | null;
  townCodes?: (number | null)[] | null;
  gdCityCode?: number | null;
  stationCodes?: (number | null)[] | null;
  lineCodes?: (number | null)[] | null;
  specialName?: string | null;
  instituteCampusId?: number | null;
  destinationStations?: DestinationStationInput[] | null;
  searchCondition?: SearchConditionInput | null;
}

const MAX_CODES = 500;
const MAX_DESTINATIONS = 5;

/** Non-null codes, deduplicated; null when none were given (the filter is then absent). */
function codes(list: (number | null)[] | null | undefined, label: string): number[] | null {
  if (!list) return null;
  const out = [...new Set(list.filter((c): c is number => c !== null))];
  if (out.length > MAX_CODES) throw badRequest(`${label}は${MAX_CODES}件まで指定できます。`);
  return out.length ? out : null;
}

/** The code of an optional prefecture path; a path that names no prefecture is NOT_FOUND (the 404 page). */
export function prefectureOf(path: string | null | undefined): number | null {
  if (path === null || path === undefined) return null;
  const code = prefectureCodeOf(path);
  if (code === undefined) throw notFound('指定された都道府県が見つかりません。');
  return code;
}

/**
 * Every given place code must name a place, in the given prefecture when there is one: a search for
 * a place that does not exist is NOT_FOUND, never an honest-looking empty result.
 */
async function requireKnownPlaces(ctx: Pick<Context, 'db'>, master: SearchMaster, prefectureCode: number | null, args: SearchArgs): Promise<void> {
  const inPrefecture = (codes: number[]) => prefectureCode === null || codes.includes(prefectureCode);
  const cities = [...(codes(args.cityCodes, '市区町村') ?? []), ...(args.gdCityCode !== null && args.gdCityCode !== undefined ? [args.gdCityCode] : [])];
  for (const code of cities) {
    const city = master.cities.get(code);
    if (!city || !inPrefecture([city.prefectureCode])) throw notFound('指定された市区町村が見つかりません。');
  }
  const townCodes = codes(args.townCodes, '町域') ?? [];
  if (townCodes.length) {
    const towns = new Map((await townsByCodes(ctx.db, townCodes)).map((t) => [t.code, t]));
    for (const code of townCodes) {
      const city = master.cities.get(towns.get(code)?.cityCode ?? -1);
      if (!city || !inPrefecture([city.prefectureCode])) throw notFound('指定された町域が見つかりません。');
    }
  }
  for (const code of codes(args.lineCodes, '路線') ?? []) {
    const line = master.lines.get(code);
    if (!line || !inPrefecture(line.prefectureCodes)) throw notFound('指定された路線が見つかりません。');
  }
  for (const code of codes(args.stationCodes, '駅') ?? []) {
    const group = master.stationGroups.get(groupOf(master, code));
    if (!group || !inPrefecture([group.prefectureCode])) throw notFound('指定された駅が見つかりません。');
  }
}

/** A station argument is a group code or a per-line code; the group wins when a number is both. */
function groupOf(master: SearchMaster, code: number): number {
  if (master.stationGroups.has(code)) return code;
  return master.stationGroupOf.get(code) ?? code;
}

/** A search resolved to codes: the filter plus what its texts are written from. */
export interface ResolvedSearch {
  filter: ListingFilter;
  master: SearchMaster;
  args: SearchArgs;
  special: MasterSpecial | null;
  campus: { instituteName: string; campusName: string } | null;
  destinations: Destination[];
}

/**
 * Validates the arguments and resolves every place to codes (SPEC §3): kinds AND together,
 * codes of one kind OR together; only active listings.
 */
export async function resolveSearch(ctx: Pick<Context, 'db'>, args: SearchArgs): Promise<ResolvedSearch> {
  const prefectureCode = prefectureOf(args.prefecturePath);
  const master = await searchMaster(ctx.db);
  await requireKnownPlaces(ctx, master, prefectureCode, args);
  const condition = normaliseCondition(args.searchCondition, new Set(master.conditions.keys()));
  const cityCodes = codes(args.cityCodes, '市区町村');
  const stationCodes = codes(args.stationCodes, '駅');
  const filter: ListingFilter = {
    archived: false,
    prefectureCode,
    city: cityCodes ? cityChoice(master, cityCodes) : null,
    townCodes: codes(args.townCodes, '町域'),
    stationGroups: stationCodes ? [...new Set(stationCodes.map((c) => groupOf(master, c)))] : null,
    lineCodes: codes(args.lineCodes, '路線'),
    stationSets: [],
    lineSets: [],
    citySets: args.gdCityCode !== null && args.gdCityCode !== undefined ? [cityChoice(master, [args.gdCityCode], true)] : [],
    special: null,
    words: [],
    storeId: null,
    condition,
    currentYear: japanYear(),
    bbox: null,
  };

  let special: MasterSpecial | null = null;
  if (args.specialName !== null && args.specialName !== undefined) {
    special = master.specials.get(args.specialName) ?? null;
    if (!special) throw notFound('指定された特集が見つかりません。');
    filter.special = special.rule;
  }

  let campus: ResolvedSearch['campus'] = null;
  if (args.instituteCampusId !== null && args.instituteCampusId !== undefined) {
    const found = await campusStations(ctx.db, args.instituteCampusId);
    if (!found) throw notFound('指定されたキャンパスが見つかりません。');
    campus = found;
    filter.stationSets.push(found.groups);
  }

  const destinations: Destination[] = [];
  if (args.destinationStations?.length) {
    if (args.destinationStations.length > MAX_DESTINATIONS) throw badRequest(`通勤・通学先は${MAX_DESTINATIONS}件まで指定できます。`);
    for (const d of args.destinationStations) {
      destinations.push({ stationGroupCode: groupOf(master, d.stationCode), maxMinutes: d.maxMinutes, maxTransfers: d.maxTransfers ?? null });
    }
    const graph = await stationGraph(ctx.db);
    filter.stationSets.push([...graph.commuteGroups(destinations)].sort((a, b) => a - b));
  }

  if (condition.word) {
    const words = new Set<string>();
    for (const term of classifyWord(condition.word, master.words)) {
      if (term.kind === 'station') filter.stationSets.push(term.groups);
      else if (term.kind === 'city') filter.citySets.push(term.city);
      else if (term.kind === 'line') filter.lineSets.push(term.lines);
      else for (const b of term.bigrams) words.add(b);
    }
    filter.words = [...words].sort();
  }
  return { filter, master, args, special, campus, destinations };
}

// ---- counts and pages ------------------------------------------------------------------------------

/**
 * Results are cached for a minute (Redis in production): paging through one search reuses its count,
 * the same search from many visitors runs once, and a minute is well inside how often the index is refreshed.
 */
const RESULT_TTL_SECONDS = 60;

export function filterKey(f: ListingFilter): string {
  return createHash('sha1').update(JSON.stringify(f)).digest('base64url');
}

/** JSON-cached result of `fn` under `key` (per filter), for RESULT_TTL_SECONDS. */
export async function cached<T>(ctx: Pick<Context, 'cache'>, key: string, fn: () => Promise<T>): Promise<T> {
  const full = `listing-search:v1:${key}`;
  const hit = await ctx.cache.get(full);
  if (hit !== null) return JSON.parse(hit) as T;
  const value = await fn();
  await ctx.cache.set(full, JSON.stringify(value), RESULT_TTL_SECONDS);
  return value;
}

// One count per filter per request, however many fields need it (the total, the page, the pickups).
const requestCounts = new WeakMap<object, Map<string, Promise<number>>>();

export function cachedCount(ctx: Pick<Context, 'db' | 'cache'>, f: ListingFilter): Promise<number> {
  const key = filterKey(f);
  let counts = requestCounts.get(ctx);
  if (!counts) requestCounts.set(ctx, (counts = new Map()));
  let n = counts.get(key);
  if (!n) counts.set(key, (n = cached(ctx, `count:${key}`, () => countListings(ctx.db, f))));
  return n;
}

/**
 * Keys of matches in an order (a page, or the pickups and recommendations), cached with the filter.
 * The count comes first (computed once per request, shared with the total): a page past the end
 * needs no query, and dense matches are read by walking the order's index (see listingKeys), a few
 * milliseconds where fetching every match would take tens.
 */
export function cachedKeys(ctx: Pick<Context, 'db' | 'cache'>, f: ListingFilter, order: KeyOrder, limit: number, offset = 0): Promise<string[]> {
  return cached(ctx, `keys:${order.column}:${order.direction}:${limit}:${offset}:${filterKey(f)}`, async () => {
    const count = await cachedCount(ctx, f);
    if (offset >= count) return [];
    return listingKeys(ctx.db, f, order, limit, offset, await walkPays(ctx, f, order, offset + limit, count));
  });
}

// Walking an ordered index costs about a third of what fetching a match through a bitmap does.
const WALK_MIN_ROWS = 2_000;
const WALK_MAX_ROWS = 50_000;

/** Whether walking the order's index (rows ≈ needed × base / matches) beats fetching every match. */
async function walkPays(ctx: Pick<Context, 'db'>, f: ListingFilter, order: KeyOrder, needed: number, count: number): Promise<boolean> {
  if (f.archived || !WALKABLE_ORDERS.has(order.column)) return false;
  // A city choice in one prefecture walks that prefecture's index too (see cityClauses).
  const implied = f.city?.prefectureCodes.length === 1 ? f.city.prefectureCodes[0]! : null;
  const prefecture = f.prefectureCode ?? implied;
  if (order.column === 'chinryou' && prefecture === null) return false;
  const active = await activeCountsCached(ctx);
  const base = prefecture !== null ? (active.byPrefecture.get(prefecture) ?? 0) : active.total;
  const rows = (needed * base) / count;
  return rows <= WALK_MAX_ROWS && rows <= Math.max(WALK_MIN_ROWS, 2 * count);
}

const ACTIVE_TTL_MS = 5 * 60_000;
const activeMemo = new WeakMap<Context['db'], { at: number; value: ReturnType<typeof activeCounts> }>();

function activeCountsCached(ctx: Pick<Context, 'db'>): ReturnType<typeof activeCounts> {
  const hit = activeMemo.get(ctx.db);
  if (hit && Date.now() - hit.at <= ACTIVE_TTL_MS) return hit.value;
  const value = activeCounts(ctx.db);
  value.catch(() => activeMemo.delete(ctx.db));
  activeMemo.set(ctx.db, { at: Date.now(), value });
  return value;
}

/** What a SearchResult is resolved from: work starts only when a field asks for it. */
export interface ResultSource {
  page: PageRequest;
  count(): Promise<number>;
  keys(): Promise<string[]>;
}

export function resultSource(ctx: Pick<Context, 'db' | 'cache'>, filter: ListingFilter, sort: KeyOrder, page: PageRequest): ResultSource {
  return {
    page,
    count: () => cachedCount(ctx, filter),
    keys: () => cachedKeys(ctx, filter, sort, page.perPage, page.offset),
  };
}

/**
 * The source, once its page is known to exist: a page past the last (page 1 always exists, empty or
 * not) is NOT_FOUND, so a pager URL nobody can reach is the 404 page instead of an empty list.
 */
export async function existingPage(source: ResultSource): Promise<ResultSource> {
  if (source.page.page > 1 && source.page.offset >= (await source.count())) throw notFound('指定されたページは存在しません。');
  return source;
}

const refs = (keys: string[]) => keys.map((globalKey) => ({ globalKey }));

// ---- texts ---------------------------------------------------------------------------------------

export async function textsOf(ctx: Pick<Context, 'db'>, r: ResolvedSearch): Promise<SearchConditionTexts> {
  const { master, filter, args } = r;
  const names = (list: number[] | null, of: (c: number) => string | undefined) => (list ?? []).map(of).filter((n): n is string => !!n);
  const areas = names(codes(args.cityCodes, '市区町村'), (c) => master.cities.get(c)?.name);
  if (args.gdCityCode !== null && args.gdCityCode !== undefined) areas.push(...names([args.gdCityCode], (c) => master.cities.get(c)?.name));
  const towns = filter.townCodes ? await townsByCodes(ctx.db, filter.townCodes) : [];
  areas.push(...towns.map((t) => t.name));
  const place: PlaceNames = {
    prefecture: filter.prefectureCode !== null ? (master.prefectures.get(filter.prefectureCode)?.name ?? null) : null,
    areas,
    lines: names(filter.lineCodes, (c) => master.lines.get(c)?.name),
    stations: names(filter.stationGroups, (c) => master.stationGroups.get(c)?.name),
    campus: r.campus ? `${r.campus.instituteName} ${r.campus.campusName}`.trim() : null,
    commutes: r.destinations.map((d) => ({
      station: master.stationGroups.get(d.stationGroupCode)?.name ?? '',
      minutes: d.maxMinutes,
      transfers: d.maxTransfers,
    })),
  };
  const conditions = conditionParts(filter.condition, { conditionName: (c) => master.conditions.get(c)?.name }, r.special?.name ?? null);
  return searchConditionTexts(placeText(place), conditions);
}

// ---- facets --------------------------------------------------------------------------------------

export const RENT_BOUNDS = [50_000, 60_000, 70_000, 80_000, 100_000, 150_000, 200_000] as const;
export const WALK_BOUNDS = [1, 3, 5, 7, 10, 15, 20] as const;
export const BUILT_BOUNDS = [1, 3, 5, 10, 15, 20, 30] as const;
const TOP_FACETS = 30;

export type { FacetCount };

type FacetName = Exclude<keyof Facets, '__typename'>;

/** What SearchBukkensPayload.facets hands down: only the facets the query selected. */
export type FacetsParent = Partial<Facets>;
const FACET_NAMES: readonly FacetName[] = ['rentMax', 'plans', 'walkMin', 'builtYear', 'conditions', 'buildingTypes', 'lines', 'stations', 'cities'];

const countOf = (rows: KeyCount[]) => {
  const m = new Map(rows.map((r) => [r.key, r.count]));
  return (k: number) => m.get(k) ?? 0;
};

/** One facet: the count the search would give with each option applied (every other filter kept). */
export async function facet(ctx: Pick<Context, 'db'>, r: ResolvedSearch, name: FacetName): Promise<FacetCount[]> {
  const { master } = r;
  const f = withoutDimension(r.filter, name);
  switch (name) {
    case 'rentMax': {
      const counts = await cumulativeCounts(ctx.db, f, f.condition.includeKanrihi ? 'total_rent' : 'chinryou', '<=', RENT_BOUNDS);
      return RENT_BOUNDS.map((b, i) => ({ value: String(b), label: `${man(b)}円以下`, count: counts[i] ?? 0 }));
    }
    case 'walkMin': {
      const counts = await cumulativeCounts(ctx.db, f, 'walk_min', '<=', WALK_BOUNDS);
      return WALK_BOUNDS.map((b, i) => ({ value: String(b), label: `駅徒歩${b}分以内`, count: counts[i] ?? 0 }));
    }
    case 'builtYear': {
      const counts = await cumulativeCounts(ctx.db, f, 'built_year', '>=', BUILT_BOUNDS.map((b) => builtYearFrom(f.currentYear, b)));
      return BUILT_BOUNDS.map((b, i) => ({ value: String(b), label: `築${b}年以内`, count: counts[i] ?? 0 }));
    }
    case 'plans': {
      const count = countOf(await groupCounts(ctx.db, f, 'plan_code'));
      return MADORI_NAMES.map((p, i) => ({ value: p, label: p, count: count(i + 1) }));
    }
    case 'buildingTypes': {
      const count = countOf(await groupCounts(ctx.db, f, 'building_type'));
      return Object.entries(BUILDING_TYPE_KEYS).map(([key, code]) => ({ value: key, label: BUILDING_TYPE_NAMES[code] ?? key, count: count(code) }));
    }
    case 'conditions': {
      const count = countOf(await elementCounts(ctx.db, f, 'condition_codes', null));
      return [...master.conditions].map(([code, c]) => ({ value: String(code), label: c.name, count: count(code) }));
    }
    case 'lines': {
      const rows = await elementCounts(ctx.db, f, 'line_codes', TOP_FACETS);
      return rows.map((x) => ({ value: String(x.key), label: master.lines.get(x.key)?.name ?? String(x.key), count: x.count }));
    }
    case 'stations': {
      const rows = await elementCounts(ctx.db, f, 'station_groups', TOP_FACETS);
      return rows.map((x) => ({ value: String(x.key), label: master.stationGroups.get(x.key)?.name ?? String(x.key), count: x.count }));
    }
    case 'cities': {
      const rows = await groupCounts(ctx.db, f, 'city_code');
      return rows.map((x) => ({ value: String(x.key), label: master.cities.get(x.key)?.name ?? String(x.key), count: x.count }));
    }
  }
}

/** Names of the fields selected under the current field (fragments included). */
export function selectedFields(info: GraphQLResolveInfo): Set<string> {
  const out = new Set<string>();
  const walk = (set: SelectionSetNode | undefined) => {
    for (const s of set?.selections ?? []) {
      if (s.kind === Kind.FIELD) out.add(s.name.value);
      else if (s.kind === Kind.INLINE_FRAGMENT) walk(s.selectionSet);
      else walk(info.fragments[s.name.value]?.selectionSet);
    }
  };
  for (const node of info.fieldNodes) walk(node.selectionSet);
  return out;
}

// ---- resolvers -----------------------------------------------------------------------------------

const DAY_MS = 86_400_000;
const NEW_WITHIN_DAYS = 7;
const NEWEST_TTL_MS = 60_000;
const newest = new WeakMap<Context['db'], { at: number; value: Promise<Date | null> }>();

/** max(arrived_at) of the index, remembered for a minute (it moves only when listings arrive). */
function newestArrivalCached(ctx: Pick<Context, 'db'>): Promise<Date | null> {
  const hit = newest.get(ctx.db);
  if (hit && Date.now() - hit.at <= NEWEST_TTL_MS) return hit.value;
  const value = newestArrival(ctx.db);
  value.catch(() => newest.delete(ctx.db));
  newest.set(ctx.db, { at: Date.now(), value });
  return value;
}

/** The parent of SearchBukkensPayload's fields. */
export interface PayloadSource {
  resolved: ResolvedSearch;
  result: ResultSource;
}


export const searchResolver: Resolvers = {
  Query: {
    async searchBukkens(_, args, ctx): Promise<PayloadSource> {
      const sort = parseSort(args.sort);
      const page = pageRequest(args.page, args.perPage);
      const resolved = await resolveSearch(ctx, args);
      return { resolved, result: await existingPage(resultSource(ctx, resolved.filter, sort, page)) };
    },
    async searchBukkensCount(_, args, ctx) {
      const resolved = await resolveSearch(ctx, args);
      return { count: await cachedCount(ctx, resolved.filter) };
    },
    async searchBukkensPreview(_, args, ctx) {
      const limit = args.limit ?? 5;
      if (!Number.isInteger(limit) || limit < 1 || limit > 30) throw badRequest('表示件数は1〜30件で指定してください。');
      const resolved = await resolveSearch(ctx, args);
      return refs(await cachedKeys(ctx, resolved.filter, parseSort(null), limit));
    },
    async searchConditionTexts(_, args, ctx) {
      return textsOf(ctx, await resolveSearch(ctx, args));
    },
  },
  SearchBukkensPayload: {
    result: (p) => p.result,
    // Highly recommended is not in the index: the most viewed matches stand in.
    pickupBukkens: async (p, _, ctx) =>
      refs(await cachedKeys(ctx, p.resolved.filter, { column: 'view_count', direction: 'desc' }, 3)),
    recommendBukkens: async (p, _, ctx) =>
      refs(await cachedKeys(ctx, p.resolved.filter, { column: 'initial_cost', direction: 'asc' }, 5)),
    newBukkens: async (p, _, ctx) =>
      refs(
        await cached(ctx, `new:${filterKey(p.resolved.filter)}`, async () => {
          const newestAt = await newestArrivalCached(ctx);
          return newestAt ? newListingKeys(ctx.db, p.resolved.filter, new Date(newestAt.getTime() - NEW_WITHIN_DAYS * DAY_MS), 5) : [];
        }),
      ),
    searchConditionTexts: (p, _, ctx) => textsOf(ctx, p.resolved),
    facets: async (p, _, ctx, info) => {
      // Only the facets the query selected, all at once.
      const wanted = FACET_NAMES.filter((n) => selectedFields(info).has(n));
      const lists = await Promise.all(wanted.map((n) => cached(ctx, `facet:${n}:${filterKey(p.resolved.filter)}`, () => facet(ctx, p.resolved, n))));
      return Object.fromEntries(wanted.map((n, i) => [n, lists[i]]));
    },
  },
  SearchResult: {
    bukkenList: async (s) => refs(await s.keys()),
    bukkenTotal: async (s) => ({ count: await s.count() }),
    pagination: async (s) => paginate(await s.count(), s.page),
  },
};

/** A filter over active listings with no place or condition (for callers that add their own). */
export function baseFilter(): ListingFilter {
  return {
    archived: false,
    prefectureCode: null,
    city: null,
    townCodes: null,
    stationGroups: null,
    lineCodes: null,
    stationSets: [],
    lineSets: [],
    citySets: [],
    special: null,
    words: [],
    storeId: null,
    condition: { ...EMPTY_CONDITION, buildingTypes: [], conditionCodes: [] },
    currentYear: japanYear(),
    bbox: null,
  };
}
