/**
 * The search condition ⇄ URL codec: the one place a search URL is read or written (SPEC §2.1 search
 * routes, §3 search condition, §5 rules). Every form and link that leads to results builds its URL
 * here, the results page reads its URL here, so a condition survives every hop (issue 16).
 *
 * Reading (`parseSearchUrl`): a route's path parameters plus its query string. Unknown keys are
 * dropped, empty entries removed, plans use min and max only, no-key-money / no-deposit are true only
 * when the code is 'true'. A malformed value (a code or amount that is not a number, a sort that is
 * not a key plus asc or desc, a bad commute destination, more than MAX_COMMUTE_DESTINATIONS of them)
 * is a bad request: `{ ok: false, reason: <the parameter> }`, the 400 page.
 *
 * Writing (`searchUrlOf`): the most specific search page the condition fits (campus, town, city
 * [with topic], station; free word with no place; otherwise /search/results), everything the path
 * does not carry as query parameters in one fixed order, lists as repeated keys, nothing empty, so
 * one condition has exactly one URL and reading it back gives the same condition.
 *
 * It lives here, in @sumika/spec (no runtime dependencies), because the browser remotes and the
 * servers both make these URLs: mf-search's results page, pickers and forms, the kit's links, and the
 * user subgraph's saved-search and last-search paths (the header balloon, /stock_search, alert mails).
 */
import { buildingTypeCode } from './search-master.js';
import { DEFAULT_SORT, parseSortValue } from './sort.js';

/** SPEC §3 destinationStations: a station group code, the most minutes to it, optionally the most line changes. */
export interface CommuteDestination {
  stationCode: number;
  maxMinutes: number;
  maxTransfers?: number;
}

/** SPEC §3 search condition values (searchBukkens' SearchConditionInput), absent values left out. */
export interface SearchConditionValues {
  buildingTypes?: string[];
  chinryou?: { min?: number; max?: number; includeKanrihi?: true; noReikin?: 'true'; noShikikin?: 'true' };
  plans?: { min?: string; max?: string };
  area?: { min?: number; max?: number };
  walkMin?: number;
  builtYear?: number;
  other?: string[];
  word?: string;
}

/** Everything a search URL carries: the place (path or query), the condition, the order and the page. */
export interface SearchUrlCondition {
  prefecturePath?: string;
  cityCodes?: number[];
  townCodes?: number[];
  lineCodes?: number[];
  stationCodes?: number[];
  specialName?: string;
  instituteCampusId?: number;
  destinationStations?: CommuteDestination[];
  searchCondition?: SearchConditionValues;
  /** A sort other than the default (DEFAULT_SORT is absent). */
  sort?: string;
  /** A page after the first (page 1 is absent). */
  page?: number;
}

/** Parts of a condition left out of a query string (those its path carries, or a form's own controls). */
export type SearchUrlOmit = Partial<Record<keyof SearchUrlCondition, true>>;

export type ParsedSearchUrl = { ok: true; condition: SearchUrlCondition } | { ok: false; reason: string };

/** The query parameter names, the one home of their spelling (forms name their controls with them). */
export const SEARCH_PARAM = {
  prefecture: 'prefecture',
  city: 'city',
  town: 'town',
  line: 'line',
  station: 'station',
  special: 'special',
  commute: 'commute',
  rentMin: 'chinryou_min',
  rentMax: 'chinryou_max',
  kanrihi: 'kanrihi',
  noReikin: 'no_reikin',
  noShikikin: 'no_shikikin',
  planMin: 'plan_min',
  planMax: 'plan_max',
  areaMin: 'area_min',
  areaMax: 'area_max',
  walkMin: 'walk_min',
  builtYear: 'built_year',
  buildingType: 'building_type',
  other: 'other',
  word: 'q',
  sort: 'sort',
  page: 'page',
} as const;

export type SearchParamName = (typeof SEARCH_PARAM)[keyof typeof SEARCH_PARAM];

/** The value a checked 管理費・共益費込み box sends. */
export const KANRIHI_ON = '1';

/** At most this many commute destinations (issue 16: up to 3). */
export const MAX_COMMUTE_DESTINATIONS = 3;

/** The path segments a route parameter may hold (the shell's 'slug' rule); other values go in the query. */
const SLUG = /^[a-z0-9][a-z0-9_-]{0,63}$/;
/** A code or a GraphQL Int amount: digits only, at most 9 (below 2^31). */
const INT = /^[0-9]{1,9}$/;
/** `<station group code>_<minutes>[_<transfers>]` */
const COMMUTE = /^([0-9]{1,9})_([0-9]{1,4})(?:_([0-9]{1,2}))?$/;
/** The spelling the user subgraph's saved paths used before this codec: `<code>-<minutes>[-<transfers>]`. */
const LEGACY_DEST = /^([0-9]{1,9})-([0-9]{1,4})(?:-([0-9]{1,2}))?$/;

class BadParam extends Error {
  constructor(readonly param: string) {
    super(param);
  }
}

const nonEmpty = (values: string[]): string[] => values.map((v) => v.trim()).filter((v) => v !== '');
function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

/** Codes of a repeated or comma-separated parameter; empty entries dropped, anything else not a code is a bad request. */
function codes(q: URLSearchParams, key: string): number[] {
  const values = nonEmpty(q.getAll(key).flatMap((v) => v.split(',')));
  if (values.some((v) => !INT.test(v))) throw new BadParam(key);
  return values.map(Number);
}

/** An optional whole amount ≥ 0 (a GraphQL Int); empty means absent. */
function int(q: URLSearchParams, key: string): number | undefined {
  const value = q.get(key)?.trim();
  if (value === undefined || value === '') return undefined;
  if (!INT.test(value)) throw new BadParam(key);
  return Number(value);
}

/** An optional amount ≥ 0 with decimals (a GraphQL Float, e.g. 25.5 m²); empty means absent. */
function decimal(q: URLSearchParams, key: string): number | undefined {
  const value = q.get(key)?.trim();
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!/^[0-9.e+-]+$/i.test(value) || !Number.isFinite(n) || n < 0) throw new BadParam(key);
  return n === 0 ? 0 : n;
}

const text = (q: URLSearchParams, key: string): string | undefined => q.get(key)?.trim() || undefined;

function commutes(q: URLSearchParams): CommuteDestination[] {
  const read = (values: string[], pattern: RegExp, key: string) =>
    nonEmpty(values).map((v) => {
      const m = pattern.exec(v);
      if (!m) throw new BadParam(key);
      return { stationCode: Number(m[1]), maxMinutes: Number(m[2]), ...(m[3] === undefined ? {} : { maxTransfers: Number(m[3]) }) };
    });
  const list = [...read(q.getAll(SEARCH_PARAM.commute), COMMUTE, SEARCH_PARAM.commute), ...read(q.getAll('dest'), LEGACY_DEST, SEARCH_PARAM.commute)];
  if (list.length > MAX_COMMUTE_DESTINATIONS) throw new BadParam(SEARCH_PARAM.commute);
  return list;
}

/** The path parameters of the search routes that list results (shell/src/routes.ts), by route id. */
function pathCondition(routeId: string, params: Record<string, string>): SearchUrlCondition {
  const base = routeId.split('#')[0];
  const code = (key: string): number => {
    const v = params[key];
    if (v === undefined || !INT.test(v)) throw new BadParam(key);
    return Number(v);
  };
  switch (base) {
    case 'search.city':
      return { prefecturePath: params.prefecturePath, cityCodes: [code('cityCode')], ...(params.specialName ? { specialName: params.specialName } : {}) };
    case 'search.town':
      return { prefecturePath: params.prefecturePath, cityCodes: [code('cityCode')], townCodes: [code('townCode')] };
    case 'search.station':
      return { prefecturePath: params.prefecturePath, lineCodes: [code('lineCode')], stationCodes: [code('stationCode')] };
    case 'search.campus':
      return { instituteCampusId: code('campusId') };
    default:
      return {};
  }
}

/** Reads a search route's path parameters and query string (see the module comment for the rules). */
export function parseSearchUrl(routeId: string, params: Record<string, string>, search: string): ParsedSearchUrl {
  try {
    return { ok: true, condition: readOrThrow(routeId, params, search) };
  } catch (err) {
    if (err instanceof BadParam) return { ok: false, reason: err.param };
    throw err;
  }
}

function readOrThrow(routeId: string, params: Record<string, string>, search: string): SearchUrlCondition {
  const q = new URLSearchParams(search);
  const P = SEARCH_PARAM;
  const path = pathCondition(routeId, params);
  const c: SearchUrlCondition = {};

  const prefecture = path.prefecturePath ?? text(q, P.prefecture) ?? text(q, 'pref');
  if (prefecture) c.prefecturePath = prefecture;
  const lists = [
    ['cityCodes', P.city],
    ['townCodes', P.town],
    ['lineCodes', P.line],
    ['stationCodes', P.station],
  ] as const;
  for (const [field, key] of lists) {
    const all = unique([...(path[field] ?? []), ...codes(q, key)]);
    if (all.length) c[field] = all;
  }
  const special = path.specialName ?? text(q, P.special) ?? text(q, 'topic');
  if (special) c.specialName = special;
  if (path.instituteCampusId !== undefined) c.instituteCampusId = path.instituteCampusId;
  const destinations = commutes(q);
  if (destinations.length) c.destinationStations = destinations;

  const condition: SearchConditionValues = {};
  const chinryou: NonNullable<SearchConditionValues['chinryou']> = {};
  const rentMin = int(q, P.rentMin);
  const rentMax = int(q, P.rentMax);
  if (rentMin !== undefined) chinryou.min = rentMin;
  if (rentMax !== undefined) chinryou.max = rentMax;
  if (q.get(P.kanrihi) === KANRIHI_ON || q.get('include_kanrihi') === 'true') chinryou.includeKanrihi = true;
  if (q.get(P.noReikin) === 'true') chinryou.noReikin = 'true';
  if (q.get(P.noShikikin) === 'true') chinryou.noShikikin = 'true';
  if (Object.keys(chinryou).length) condition.chinryou = chinryou;
  const planMin = text(q, P.planMin);
  const planMax = text(q, P.planMax);
  if (planMin || planMax) condition.plans = { ...(planMin ? { min: planMin } : {}), ...(planMax ? { max: planMax } : {}) };
  const areaMin = decimal(q, P.areaMin);
  const areaMax = decimal(q, P.areaMax);
  if (areaMin !== undefined || areaMax !== undefined)
    condition.area = { ...(areaMin !== undefined ? { min: areaMin } : {}), ...(areaMax !== undefined ? { max: areaMax } : {}) };
  const walk = int(q, P.walkMin);
  if (walk !== undefined) condition.walkMin = walk;
  const built = int(q, P.builtYear);
  if (built !== undefined) condition.builtYear = built;
  const types = unique(nonEmpty(q.getAll(P.buildingType).flatMap((v) => v.split(','))));
  if (types.some((t) => buildingTypeCode(t) === undefined)) throw new BadParam(P.buildingType);
  if (types.length) condition.buildingTypes = types;
  const other = unique(nonEmpty(q.getAll(P.other).flatMap((v) => v.split(','))));
  if (other.some((o) => !INT.test(o))) throw new BadParam(P.other);
  if (other.length) condition.other = other;
  const word = text(q, P.word);
  if (word) condition.word = word;
  if (Object.keys(condition).length) c.searchCondition = condition;

  const sort = text(q, P.sort);
  if (sort) {
    if (parseSortValue(sort) === null) throw new BadParam(P.sort);
    if (sort !== DEFAULT_SORT) c.sort = sort;
  }
  const page = params.page ?? text(q, P.page);
  if (page !== undefined) {
    if (!INT.test(page) || Number(page) < 1) throw new BadParam(P.page);
    if (Number(page) > 1) c.page = Number(page);
  }
  return c;
}

const one = (list: number[] | undefined): number | undefined => (list?.length === 1 ? list[0] : undefined);
const none = (list: unknown[] | undefined): boolean => !list?.length;

/** A place condition: anything that narrows where (the free-word page is for searches with none). */
function hasPlace(c: SearchUrlCondition): boolean {
  return (
    c.prefecturePath !== undefined ||
    !none(c.cityCodes) ||
    !none(c.townCodes) ||
    !none(c.lineCodes) ||
    !none(c.stationCodes) ||
    c.specialName !== undefined ||
    c.instituteCampusId !== undefined ||
    !none(c.destinationStations)
  );
}

/** The search page's path for a condition, and what of the condition the path carries. */
function pathOf(c: SearchUrlCondition): { path: string; carried: SearchUrlOmit } {
  const pref = c.prefecturePath !== undefined && SLUG.test(c.prefecturePath) ? c.prefecturePath : undefined;
  const city = one(c.cityCodes);
  const town = one(c.townCodes);
  const line = one(c.lineCodes);
  const station = one(c.stationCodes);
  if (c.instituteCampusId !== undefined) return { path: `/search/campus/${c.instituteCampusId}`, carried: { instituteCampusId: true } };
  if (pref && city !== undefined && town !== undefined && none(c.lineCodes) && none(c.stationCodes))
    return { path: `/search/${pref}/city/${city}/town/${town}`, carried: { prefecturePath: true, cityCodes: true, townCodes: true } };
  if (pref && city !== undefined && none(c.townCodes) && none(c.lineCodes) && none(c.stationCodes)) {
    if (c.specialName !== undefined && SLUG.test(c.specialName))
      return { path: `/search/${pref}/city/${city}/topic/${c.specialName}`, carried: { prefecturePath: true, cityCodes: true, specialName: true } };
    return { path: `/search/${pref}/city/${city}`, carried: { prefecturePath: true, cityCodes: true } };
  }
  if (pref && line !== undefined && station !== undefined && none(c.cityCodes) && none(c.townCodes))
    return { path: `/search/${pref}/line/${line}/station/${station}`, carried: { prefecturePath: true, lineCodes: true, stationCodes: true } };
  if (c.searchCondition?.word && !hasPlace(c)) return { path: '/search/words', carried: {} };
  return { path: '/search/results', carried: {} };
}

/** A number as the URL writes it ('25.5', never '2.55e1' for the usual values). */
const numberText = (n: number): string => String(n);

/**
 * The query parameters of a condition in the canonical order, leaving out what `omit` says (the
 * path's part, or what a form asks with its own controls). Lists are repeated keys.
 */
export function searchQueryEntries(c: SearchUrlCondition, omit: SearchUrlOmit = {}): [SearchParamName, string][] {
  const P = SEARCH_PARAM;
  const out: [SearchParamName, string][] = [];
  const add = (key: SearchParamName, value: string | number | undefined) => {
    if (value !== undefined && value !== '') out.push([key, typeof value === 'number' ? numberText(value) : value]);
  };
  const addAll = (key: SearchParamName, values: readonly (string | number)[] | undefined) => values?.forEach((v) => add(key, v));
  if (!omit.prefecturePath) add(P.prefecture, c.prefecturePath);
  if (!omit.cityCodes) addAll(P.city, c.cityCodes);
  if (!omit.townCodes) addAll(P.town, c.townCodes);
  if (!omit.lineCodes) addAll(P.line, c.lineCodes);
  if (!omit.stationCodes) addAll(P.station, c.stationCodes);
  if (!omit.specialName) add(P.special, c.specialName);
  if (!omit.destinationStations)
    addAll(
      P.commute,
      c.destinationStations?.map((d) => [d.stationCode, d.maxMinutes, ...(d.maxTransfers === undefined ? [] : [d.maxTransfers])].join('_')),
    );
  const s = omit.searchCondition ? undefined : c.searchCondition;
  add(P.rentMin, s?.chinryou?.min);
  add(P.rentMax, s?.chinryou?.max);
  if (s?.chinryou?.includeKanrihi) add(P.kanrihi, KANRIHI_ON);
  add(P.noReikin, s?.chinryou?.noReikin);
  add(P.noShikikin, s?.chinryou?.noShikikin);
  add(P.planMin, s?.plans?.min);
  add(P.planMax, s?.plans?.max);
  add(P.areaMin, s?.area?.min);
  add(P.areaMax, s?.area?.max);
  add(P.walkMin, s?.walkMin);
  add(P.builtYear, s?.builtYear);
  addAll(P.buildingType, s?.buildingTypes);
  addAll(P.other, s?.other);
  add(P.word, s?.word);
  if (!omit.sort && c.sort !== DEFAULT_SORT) add(P.sort, c.sort);
  if (!omit.page && c.page !== undefined && c.page > 1) add(P.page, c.page);
  return out;
}

/** The search page's path and the query parameters the path does not carry. */
export function searchUrlParts(c: SearchUrlCondition): { path: string; query: [SearchParamName, string][]; carried: SearchUrlOmit } {
  const { path, carried } = pathOf(c);
  return { path, query: searchQueryEntries(c, carried), carried };
}

/** The one URL of a condition: its search page and the rest as a canonical query string. */
export function searchUrlOf(c: SearchUrlCondition): string {
  const { path, query } = searchUrlParts(c);
  const qs = new URLSearchParams(query).toString();
  return qs ? `${path}?${qs}` : path;
}

/** The map page of a search (/search/map): its place and condition in the query; the order and the page are the list's own (and a campus, a page of its own, is not carried). */
export const SEARCH_MAP_PATH = '/search/map';
export function searchMapUrlOf(c: SearchUrlCondition): string {
  const qs = new URLSearchParams(searchQueryEntries(c, { sort: true, page: true })).toString();
  return qs ? `${SEARCH_MAP_PATH}?${qs}` : SEARCH_MAP_PATH;
}

/** The search routes that list results, as the shell matches them (shell/src/routes.ts). */
const RESULT_ROUTES: [RegExp, string, string[]][] = [
  [/^\/search\/campus\/([^/]+)(?:\/page\/([^/]+))?$/, 'search.campus', ['campusId', 'page']],
  [/^\/search\/([^/]+)\/city\/([^/]+)\/town\/([^/]+)$/, 'search.town', ['prefecturePath', 'cityCode', 'townCode']],
  [/^\/search\/([^/]+)\/city\/([^/]+)(?:\/topic\/([^/]+))?$/, 'search.city', ['prefecturePath', 'cityCode', 'specialName']],
  [/^\/search\/([^/]+)\/line\/([^/]+)\/station\/([^/]+)$/, 'search.station', ['prefecturePath', 'lineCode', 'stationCode']],
  [/^\/search\/words$/, 'search.words', []],
  [/^\/search\/results$/, 'search.results', []],
];

/** Reads a whole search URL ('/search/tokyo/city/13101?chinryou_max=80000'): path and query; a path no results route matches is reason 'path'. */
export function parseSearchHref(href: string): ParsedSearchUrl {
  const noHash = href.split('#')[0] ?? '';
  const at = noHash.indexOf('?');
  const pathname = at === -1 ? noHash : noHash.slice(0, at);
  const search = at === -1 ? '' : noHash.slice(at);
  for (const [pattern, id, names] of RESULT_ROUTES) {
    const m = pattern.exec(pathname);
    if (!m) continue;
    const params: Record<string, string> = {};
    names.forEach((name, i) => {
      const v = m[i + 1];
      if (v !== undefined) params[name] = v;
    });
    return parseSearchUrl(id, params, search);
  }
  return { ok: false, reason: 'path' };
}
