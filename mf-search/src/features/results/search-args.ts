/**
 * From a search route's path parameters and query string to searchBukkens arguments (SPEC §3 search
 * condition, §5 rules): unknown keys are dropped, empty entries removed, plans use min and max only,
 * no-key-money / no-deposit are true only when the code is 'true'. A malformed page, sort, code or
 * amount (not a number, negative) is a bad request (the 400 page), never silently dropped.
 */
import { parseSortValue } from '@sumika/spec';

// The sort choices are the search subgraph's, owned by @sumika/spec.
export { SORT_OPTIONS } from '@sumika/spec';

export const PER_PAGE = 30;

export interface SearchConditionArgs {
  buildingTypes?: string[];
  chinryou?: { min?: number; max?: number; includeKanrihi?: boolean; noReikin?: string; noShikikin?: string };
  plans?: { min?: string; max?: string };
  area?: { min?: number; max?: number };
  walkMin?: number;
  builtYear?: number;
  other?: string[];
  word?: string;
}

export interface SearchArgs {
  page: number;
  perPage: number;
  sort?: string;
  prefecturePath?: string;
  cityCodes?: number[];
  townCodes?: number[];
  stationCodes?: number[];
  lineCodes?: number[];
  specialName?: string;
  instituteCampusId?: number;
  searchCondition?: SearchConditionArgs;
}

export type ParsedSearch = { ok: true; args: SearchArgs } | { ok: false; reason: string };

const INT = /^[0-9]{1,9}$/;

class BadParam extends Error {
  constructor(readonly param: string) {
    super(param);
  }
}

/** Codes of a repeated or comma-separated parameter; empty entries are dropped, anything else not a code is a bad request. */
function ints(q: URLSearchParams, key: string): number[] {
  const values = q
    .getAll(key)
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');
  if (values.some((v) => !INT.test(v))) throw new BadParam(key);
  return values.map(Number);
}

/** An optional amount ≥ 0; empty means absent, anything else not such a number is a bad request. */
function num(q: URLSearchParams, key: string): number | undefined {
  const value = q.get(key);
  if (value === null || value.trim() === '') return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new BadParam(key);
  return n;
}

export function isValidSort(sort: string): boolean {
  return parseSortValue(sort) !== null;
}

export function parseSearch(routeId: string, params: Record<string, string>, search: string): ParsedSearch {
  try {
    return parseOrThrow(routeId, params, search);
  } catch (err) {
    if (err instanceof BadParam) return { ok: false, reason: err.param };
    throw err;
  }
}

function parseOrThrow(routeId: string, params: Record<string, string>, search: string): ParsedSearch {
  const q = new URLSearchParams(search);
  const base = routeId.split('#')[0];
  const args: SearchArgs = { page: 1, perPage: PER_PAGE };

  const page = params.page ?? q.get('page');
  if (page !== null && page !== undefined) {
    if (!INT.test(page) || Number(page) < 1) return { ok: false, reason: 'page' };
    args.page = Number(page);
  }
  const sort = q.get('sort');
  if (sort) {
    if (!isValidSort(sort)) return { ok: false, reason: 'sort' };
    args.sort = sort;
  }

  const prefecture = params.prefecturePath ?? q.get('prefecture') ?? undefined;
  if (prefecture) args.prefecturePath = prefecture;
  const cities = params.cityCode && base !== 'search.town' ? [Number(params.cityCode)] : ints(q, 'city');
  if (cities.length && base !== 'search.town') args.cityCodes = cities;
  const towns = params.townCode ? [Number(params.townCode)] : ints(q, 'town');
  if (towns.length) args.townCodes = towns;
  const stations = params.stationCode ? [Number(params.stationCode)] : ints(q, 'station');
  if (stations.length) args.stationCodes = stations;
  const lines = params.lineCode && !params.stationCode ? [Number(params.lineCode)] : ints(q, 'line');
  if (lines.length) args.lineCodes = lines;
  const special = params.specialName ?? q.get('special');
  if (special) args.specialName = special;
  if (params.campusId) args.instituteCampusId = Number(params.campusId);

  const condition: SearchConditionArgs = {};
  const chinryou: NonNullable<SearchConditionArgs['chinryou']> = {};
  const min = num(q, 'chinryou_min');
  const max = num(q, 'chinryou_max');
  if (min !== undefined) chinryou.min = min;
  if (max !== undefined) chinryou.max = max;
  if (q.get('kanrihi') === '1') chinryou.includeKanrihi = true;
  if (q.get('no_reikin') === 'true') chinryou.noReikin = 'true';
  if (q.get('no_shikikin') === 'true') chinryou.noShikikin = 'true';
  if (Object.keys(chinryou).length) condition.chinryou = chinryou;
  const planMin = q.get('plan_min');
  const planMax = q.get('plan_max');
  if (planMin || planMax) condition.plans = { ...(planMin ? { min: planMin } : {}), ...(planMax ? { max: planMax } : {}) };
  const areaMin = num(q, 'area_min');
  const areaMax = num(q, 'area_max');
  if (areaMin !== undefined || areaMax !== undefined)
    condition.area = { ...(areaMin !== undefined ? { min: areaMin } : {}), ...(areaMax !== undefined ? { max: areaMax } : {}) };
  const walk = num(q, 'walk_min');
  if (walk !== undefined) condition.walkMin = walk;
  const built = num(q, 'built_year');
  if (built !== undefined) condition.builtYear = built;
  const other = q
    .getAll('other')
    .flatMap((v) => v.split(','))
    .filter((v) => v.trim() !== '');
  if (other.length) condition.other = other;
  const types = q.getAll('building_type').filter((v) => v.trim() !== '');
  if (types.length) condition.buildingTypes = types;
  const word = q.get('q')?.trim();
  if (word) condition.word = word;
  if (Object.keys(condition).length) args.searchCondition = condition;
  return { ok: true, args };
}

/** The same search on another page or order (query string of the current URL changed). */
export function withParams(search: string, changes: Record<string, string | undefined>): string {
  const q = new URLSearchParams(search);
  for (const [k, v] of Object.entries(changes)) {
    if (v === undefined || v === '') q.delete(k);
    else q.set(k, v);
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}
