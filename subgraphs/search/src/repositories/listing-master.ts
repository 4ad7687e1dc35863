import { normaliseWord, readingKey } from '@sumika/domain';
import type { Kysely } from 'kysely';
import type { CityChoice, SpecialRule, WordLookup } from '../domain/filter.js';
import type { DB } from './db.js';

export interface MasterCity {
  code: number;
  name: string;
  prefectureCode: number;
  kind: DB['city']['kind'];
  gdCityCode: number | null;
}

export interface MasterStationGroup {
  code: number;
  name: string;
  prefectureCode: number;
  lat: number;
  lng: number;
}

export interface MasterLine {
  code: number;
  name: string;
  nickname: string;
  prefectureCodes: number[];
}

export interface MasterSpecial {
  path: string;
  name: string;
  rule: SpecialRule;
}

/**
 * The master rows a listing search resolves codes and names against: a few thousand small
 * rows, read once per process and refreshed every few minutes (master data changes only with a seed).
 */
export interface SearchMaster {
  prefectures: Map<number, { name: string; path: string }>;
  cities: Map<number, MasterCity>;
  /** Designated city → its wards. */
  wardsOf: Map<number, number[]>;
  stationGroups: Map<number, MasterStationGroup>;
  /** Per-line station code → its group. */
  stationGroupOf: Map<number, number>;
  lines: Map<number, MasterLine>;
  /** Condition codes in display order. */
  conditions: Map<number, { name: string }>;
  specials: Map<string, MasterSpecial>;
  words: WordLookup;
}

const TTL_MS = 10 * 60_000;
const snapshots = new WeakMap<Kysely<DB>, { at: number; value: Promise<SearchMaster>; refreshing?: boolean }>();

/**
 * The memoised master snapshot of this database. Loading it takes seconds under load (every station
 * and city with its readings), so no request waits for a refresh: past its TTL the snapshot is still
 * served while the next one loads, and replaced once that has loaded (a failed refresh keeps the old
 * one). Only the very first load is waited for, which the service does before it reports ready.
 */
export function searchMaster(db: Kysely<DB>): Promise<SearchMaster> {
  const hit = snapshots.get(db);
  if (!hit) {
    const value = loadSearchMaster(db);
    // A failed first load is forgotten so the next request retries.
    value.catch(() => snapshots.delete(db));
    snapshots.set(db, { at: Date.now(), value });
    return value;
  }
  if (Date.now() - hit.at >= TTL_MS && !hit.refreshing) {
    hit.refreshing = true;
    loadSearchMaster(db).then(
      (master) => snapshots.set(db, { at: Date.now(), value: Promise.resolve(master) }),
      () => {
        hit.refreshing = false;
      },
    );
  }
  return hit.value;
}

async function loadSearchMaster(db: Kysely<DB>): Promise<SearchMaster> {
  const [prefectures, cities, groups, stations, lines, conditions, specials] = await Promise.all([
    db.selectFrom('prefecture').select(['code', 'name', 'path']).orderBy('code').execute(),
    db.selectFrom('city').select(['code', 'name', 'kana', 'prefecture_code', 'kind', 'gd_city_code']).orderBy('code').execute(),
    db.selectFrom('station_group').select(['code', 'name', 'kana', 'romaji', 'prefecture_code', 'lat', 'lng']).orderBy('code').execute(),
    db.selectFrom('station').select(['code', 'group_code']).execute(),
    db.selectFrom('line').select(['code', 'name', 'nickname', 'prefecture_codes']).orderBy('sort').orderBy('code').execute(),
    db
      .selectFrom('condition_code')
      .innerJoin('condition_group', 'condition_group.key', 'condition_code.group_key')
      .select(['condition_code.code', 'condition_code.name'])
      .orderBy('condition_group.sort')
      .orderBy('condition_code.sort')
      .execute(),
    db.selectFrom('special').select(['path', 'name', 'match']).orderBy('sort').execute(),
  ]);

  const prefs = new Map(prefectures.map((p) => [p.code, { name: p.name, path: p.path }]));
  const cityMap = new Map<number, MasterCity>(
    cities.map((c) => [c.code, { code: c.code, name: c.name, prefectureCode: c.prefecture_code, kind: c.kind, gdCityCode: c.gd_city_code }]),
  );

  const stationWords = new Map<string, number[]>();
  const add = <V>(map: Map<string, V[]>, key: string, v: V) => {
    if (key === '') return;
    const list = map.get(key);
    if (!list) map.set(key, [v]);
    else if (!list.includes(v)) list.push(v);
  };
  // Kanji names first; a reading only counts where no name has the same spelling.
  for (const g of groups) add(stationWords, normaliseWord(g.name), g.code);
  const byName = new Set(stationWords.keys());
  for (const g of groups) {
    const kana = normaliseWord(g.kana);
    if (!byName.has(kana)) add(stationWords, kana, g.code);
  }

  // Loose readings (romaji or kana as typed): stations by their kana and romaji.
  const stationReadings = new Map<string, number[]>();
  for (const g of groups) {
    add(stationReadings, readingKey(g.kana), g.code);
    add(stationReadings, readingKey(g.romaji), g.code);
  }

  const wardsOf = new Map<number, number[]>();
  for (const c of cities) if (c.gd_city_code !== null) wardsOf.set(c.gd_city_code, [...(wardsOf.get(c.gd_city_code) ?? []), c.code]);

  const cityWordCodes = new Map<string, number[]>();
  const addCity = (key: string, c: (typeof cities)[number]) => add(cityWordCodes, key, c.code);
  for (const c of cities) {
    const pref = prefs.get(c.prefecture_code)?.name ?? '';
    addCity(normaliseWord(c.name), c);
    addCity(normaliseWord(`${pref}${c.name}`), c);
    // Wards are named with their city (横浜市港北区); the ward alone names it too.
    const parent = c.gd_city_code !== null ? cityMap.get(c.gd_city_code) : undefined;
    if (parent && c.name.startsWith(parent.name)) addCity(normaliseWord(c.name.slice(parent.name.length)), c);
  }

  // Cities by reading: the whole name (しんじゅくく), without its 区/市 (みなと for 港区), a ward alone.
  const cityReadingCodes = new Map<string, number[]>();
  const kanaOf = new Map(cities.map((c) => [c.code, c.kana]));
  for (const c of cities) {
    const parentKana = c.gd_city_code !== null && c.gd_city_code !== c.code ? kanaOf.get(c.gd_city_code) : undefined;
    const kana = parentKana && c.kana.startsWith(parentKana) ? [c.kana, c.kana.slice(parentKana.length)] : [c.kana];
    for (const k of kana) {
      add(cityReadingCodes, readingKey(k), c.code);
      const bare = /[区市]$/.test(c.name) ? k.replace(/(?:く|し)$/, '') : '';
      if (bare !== k) add(cityReadingCodes, readingKey(bare), c.code);
    }
  }

  const partial = { cities: cityMap, wardsOf };
  const cityWords = new Map([...cityWordCodes].map(([key, codes]) => [key, cityChoice(partial, codes)]));
  const cityReadings = new Map([...cityReadingCodes].map(([key, codes]) => [key, cityChoice(partial, codes)]));

  const lineWords = new Map<string, number[]>();
  for (const l of lines) {
    add(lineWords, normaliseWord(l.name), l.code);
    add(lineWords, normaliseWord(l.nickname), l.code);
  }

  return {
    prefectures: prefs,
    cities: cityMap,
    wardsOf,
    stationGroups: new Map(groups.map((g) => [g.code, { code: g.code, name: g.name, prefectureCode: g.prefecture_code, lat: g.lat, lng: g.lng }])),
    stationGroupOf: new Map(stations.map((s) => [s.code, s.group_code])),
    lines: new Map(lines.map((l) => [l.code, { code: l.code, name: l.name, nickname: l.nickname, prefectureCodes: l.prefecture_codes }])),
    conditions: new Map(conditions.map((c) => [c.code, { name: c.name }])),
    specials: new Map(specials.map((s) => [s.path, { path: s.path, name: s.name, rule: parseRule(s.match) }])),
    words: {
      stations: stationWords,
      cities: cityWords,
      lines: lineWords,
      stationReadings,
      cityReadings,
      conditions: new Map(conditions.map((c) => [normaliseWord(c.name), c.code])),
    },
  };
}

/**
 * Cities as a filter choice. A designated city (or every code, with `asDesignated`) stands for its
 * wards: listing.gd_city_code is the ward's gd_city_code, so matching the ward codes is the same set
 * and lets the (prefecture_code, city_code) index serve it; without known wards gd_city_code is used.
 */
export function cityChoice(master: Pick<SearchMaster, 'cities' | 'wardsOf'>, codes: readonly number[], asDesignated = false): CityChoice {
  const choice: CityChoice = { cityCodes: [], gdCityCodes: [], prefectureCodes: [] };
  for (const code of codes) {
    const city = master.cities.get(code);
    const wards = asDesignated || city?.kind === 'designated' ? master.wardsOf.get(code) : undefined;
    if (wards?.length) choice.cityCodes.push(...wards);
    else if (asDesignated || city?.kind === 'designated') choice.gdCityCodes.push(code);
    else choice.cityCodes.push(code);
    // Unknown codes keep their clause (which matches nothing) but imply no prefecture.
    if (city && !choice.prefectureCodes.includes(city.prefectureCode)) choice.prefectureCodes.push(city.prefectureCode);
  }
  return choice;
}

/** special.match arrives parsed (jsonb) from node-postgres, as text from some drivers. */
function parseRule(match: unknown): SpecialRule {
  const value: unknown = typeof match === 'string' ? JSON.parse(match) : match;
  return value && typeof value === 'object' ? (value as SpecialRule) : {};
}

export interface TownName {
  code: number;
  name: string;
  cityCode: number;
}

export function townsByCodes(db: Kysely<DB>, codes: readonly number[]): Promise<TownName[]> {
  if (codes.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('town')
    .select(['code', 'name', 'city_code as cityCode'])
    .where('code', 'in', [...codes])
    .orderBy('code')
    .execute();
}

export interface CampusStations {
  id: number;
  instituteName: string;
  campusName: string;
  groups: number[];
}

/** A campus with the station groups near it (campus_station), or undefined. */
export async function campusStations(db: Kysely<DB>, id: number): Promise<CampusStations | undefined> {
  const campus = await db.selectFrom('campus').select(['id', 'institute_name', 'campus_name']).where('id', '=', id).executeTakeFirst();
  if (!campus) return undefined;
  const rows = await db.selectFrom('campus_station').select('group_code').where('campus_id', '=', id).orderBy('rank').execute();
  return { id: campus.id, instituteName: campus.institute_name, campusName: campus.campus_name, groups: rows.map((r) => r.group_code) };
}
