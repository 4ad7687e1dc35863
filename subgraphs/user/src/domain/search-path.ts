import { badRequest } from '@sumika/server-kit';
import { normaliseSearchArgs, type SearchArgs, type SearchArgsInput } from './search-args.js';

/**
 * The search URL of a set of searchBukkens arguments (SPEC §2.1 routes), and back.
 *
 * The path is the most specific search page the arguments fit:
 * - /search/campus/{id} with a campus;
 * - /search/{pref}/city/{city}/town/{town} for one town of one city;
 * - /search/{pref}/city/{city}[/topic/{special}] for one city;
 * - /search/{pref}/line/{line}/station/{station} for one station of one line;
 * - /search/words?q=… for a free word with no place;
 * - /search/results?… otherwise.
 * Everything the path does not carry is a query parameter, in a fixed order, lists as repeated keys
 * (SPEC §7.2), so one search has exactly one URL.
 */
export function searchPathOf(args: SearchArgs): string {
  const rest: SearchArgs = { ...args };
  let path: string;
  const one = (list: number[] | undefined): number | undefined => (list?.length === 1 ? list[0] : undefined);
  const none = (list: number[] | undefined): boolean => !list?.length;
  const pref = args.prefecturePath;

  if (args.instituteCampusId !== undefined) {
    path = `/search/campus/${args.instituteCampusId}`;
    delete rest.instituteCampusId;
  } else if (pref && one(args.cityCodes) !== undefined && one(args.townCodes) !== undefined && none(args.lineCodes) && none(args.stationCodes)) {
    path = `/search/${pref}/city/${one(args.cityCodes)}/town/${one(args.townCodes)}`;
    delete rest.prefecturePath;
    delete rest.cityCodes;
    delete rest.townCodes;
  } else if (pref && one(args.cityCodes) !== undefined && none(args.townCodes) && none(args.lineCodes) && none(args.stationCodes)) {
    path = `/search/${pref}/city/${one(args.cityCodes)}`;
    if (args.specialName) {
      path += `/topic/${encodeURIComponent(args.specialName)}`;
      delete rest.specialName;
    }
    delete rest.prefecturePath;
    delete rest.cityCodes;
  } else if (pref && one(args.lineCodes) !== undefined && one(args.stationCodes) !== undefined && none(args.cityCodes) && none(args.townCodes)) {
    path = `/search/${pref}/line/${one(args.lineCodes)}/station/${one(args.stationCodes)}`;
    delete rest.prefecturePath;
    delete rest.lineCodes;
    delete rest.stationCodes;
  } else if (args.searchCondition?.word && !hasPlace(args)) {
    path = '/search/words';
  } else {
    path = '/search/results';
  }

  const q = new URLSearchParams();
  const add = (key: string, value: string | number | undefined) => {
    if (value !== undefined) q.append(key, String(value));
  };
  const addAll = (key: string, values: readonly (string | number)[] | undefined) => values?.forEach((v) => add(key, v));
  add('pref', rest.prefecturePath);
  addAll('city', rest.cityCodes);
  addAll('town', rest.townCodes);
  add('gd_city', rest.gdCityCode);
  addAll('line', rest.lineCodes);
  addAll('station', rest.stationCodes);
  add('topic', rest.specialName);
  add('campus', rest.instituteCampusId);
  addAll(
    'dest',
    rest.destinationStations?.map((d) => [d.stationCode, d.maxMinutes, ...(d.maxTransfers === undefined ? [] : [d.maxTransfers])].join('-')),
  );
  const c = rest.searchCondition;
  addAll('building_type', c?.buildingTypes);
  add('chinryou_min', c?.chinryou?.min);
  add('chinryou_max', c?.chinryou?.max);
  add('include_kanrihi', c?.chinryou?.includeKanrihi ? 'true' : undefined);
  add('no_reikin', c?.chinryou?.noReikin);
  add('no_shikikin', c?.chinryou?.noShikikin);
  add('plan_min', c?.plans?.min);
  add('plan_max', c?.plans?.max);
  add('area_min', c?.area?.min);
  add('area_max', c?.area?.max);
  add('walk_min', c?.walkMin);
  add('built_year', c?.builtYear);
  addAll('other', c?.other);
  add('q', c?.word);
  const query = q.toString();
  return query ? `${path}?${query}` : path;
}

function hasPlace(a: SearchArgs): boolean {
  return (
    a.prefecturePath !== undefined ||
    !!a.cityCodes?.length ||
    !!a.townCodes?.length ||
    a.gdCityCode !== undefined ||
    !!a.lineCodes?.length ||
    !!a.stationCodes?.length ||
    a.specialName !== undefined ||
    a.instituteCampusId !== undefined ||
    !!a.destinationStations?.length
  );
}

const ROUTES: { pattern: RegExp; fill: (m: RegExpExecArray, into: SearchArgsInput) => void }[] = [
  { pattern: /^\/search\/campus\/(\d+)$/, fill: (m, a) => void (a.instituteCampusId = Number(m[1])) },
  {
    pattern: /^\/search\/([a-z]+)\/city\/(\d+)\/town\/(\d+)$/,
    fill: (m, a) => Object.assign(a, { prefecturePath: m[1], cityCodes: [Number(m[2])], townCodes: [Number(m[3])] }),
  },
  {
    pattern: /^\/search\/([a-z]+)\/city\/(\d+)(?:\/topic\/([^/]+))?$/,
    fill: (m, a) => Object.assign(a, { prefecturePath: m[1], cityCodes: [Number(m[2])], ...(m[3] ? { specialName: decodeURIComponent(m[3]) } : {}) }),
  },
  {
    pattern: /^\/search\/([a-z]+)\/line\/(\d+)\/station\/(\d+)$/,
    fill: (m, a) => Object.assign(a, { prefecturePath: m[1], lineCodes: [Number(m[2])], stationCodes: [Number(m[3])] }),
  },
  { pattern: /^\/search\/(?:words|results)$/, fill: () => undefined },
];

/** Parses a search URL made by searchPathOf (or typed by hand) back into normalised arguments. */
export function searchArgsFromPath(searchPath: string): SearchArgs {
  let url: URL;
  try {
    url = new URL(searchPath, 'http://search.invalid');
  } catch {
    throw badRequest('検索条件のURLが正しくありません。');
  }
  const args: SearchArgsInput = {};
  const route = ROUTES.map((r) => ({ r, m: r.pattern.exec(url.pathname) })).find((x) => x.m);
  if (!route?.m) throw badRequest('検索条件のURLが正しくありません。');
  route.r.fill(route.m, args);

  const q = url.searchParams;
  const num = (key: string): number | undefined => {
    const v = q.get(key);
    if (v === null) return undefined;
    const n = Number(v);
    if (v.trim() === '' || !Number.isFinite(n)) throw badRequest('検索条件のURLが正しくありません。');
    return n;
  };
  const nums = (key: string): number[] | undefined => (q.has(key) ? q.getAll(key).map((v) => Number(v)) : undefined);
  const str = (key: string): string | undefined => q.get(key) ?? undefined;
  const strs = (key: string): string[] | undefined => (q.has(key) ? q.getAll(key) : undefined);
  const merge = <T>(a: T[] | null | undefined, b: T[] | undefined): T[] | undefined => (a || b ? [...(a ?? []), ...(b ?? [])] : undefined);

  args.prefecturePath = args.prefecturePath ?? str('pref');
  args.cityCodes = merge(args.cityCodes, nums('city'));
  args.townCodes = merge(args.townCodes, nums('town'));
  args.gdCityCode = num('gd_city');
  args.lineCodes = merge(args.lineCodes, nums('line'));
  args.stationCodes = merge(args.stationCodes, nums('station'));
  args.specialName = args.specialName ?? str('topic');
  args.instituteCampusId = args.instituteCampusId ?? num('campus');
  const dest = strs('dest');
  if (dest) {
    args.destinationStations = dest.map((d) => {
      const parts = d.split('-').map(Number);
      if (parts.length < 2 || parts.length > 3 || parts.some((p) => !Number.isInteger(p))) throw badRequest('検索条件のURLが正しくありません。');
      const [stationCode, maxMinutes, maxTransfers] = parts as [number, number, number | undefined];
      return { stationCode, maxMinutes, ...(maxTransfers === undefined ? {} : { maxTransfers }) };
    });
  }
  args.searchCondition = {
    buildingTypes: strs('building_type'),
    chinryou: {
      min: num('chinryou_min'),
      max: num('chinryou_max'),
      includeKanrihi: q.get('include_kanrihi') === 'true',
      noReikin: str('no_reikin'),
      noShikikin: str('no_shikikin'),
    },
    plans: { min: str('plan_min'), max: str('plan_max') },
    area: { min: num('area_min'), max: num('area_max') },
    walkMin: num('walk_min'),
    builtYear: num('built_year'),
    other: strs('other'),
    word: str('q'),
  };
  return normaliseSearchArgs(args);
}
