import { bigrams, normaliseWord, readingKey } from '@sumika/domain';
import { EMPTY_CONDITION, planOrdinal, type Condition } from './condition.js';

/**
 * A city choice, OR-ed: cities and wards by city_code; a designated city means all of its wards
 * (by their codes when the master knows them, else by gd_city_code).
 */
export interface CityChoice {
  cityCodes: number[];
  gdCityCodes: number[];
  /** The prefectures of the codes: implied, AND-ed too so the (prefecture_code, city_code) index serves the choice. */
  prefectureCodes: number[];
}

/** A special feature's membership rule (special.match), AND-ed. */
export interface SpecialRule {
  conditionCodes?: number[];
  walkMinMax?: number;
  noShikikin?: boolean;
  noReikin?: boolean;
  builtWithinYears?: number;
  plans?: string[];
  rentMax?: number;
  floorMin?: number;
}

export interface BBox {
  south: number;
  west: number;
  north: number;
  east: number;
}

/**
 * Everything a listing search filters on, resolved to codes. Every populated field is AND-ed;
 * codes inside one field are OR-ed (SPEC §3: several codes of one kind OR together).
 */
export interface ListingFilter {
  /** false for searches, true for the archive pages. */
  archived: boolean;
  prefectureCode: number | null;
  /** The city picker (cityCodes argument). */
  city: CityChoice | null;
  townCodes: number[] | null;
  /** The station picker (stationCodes argument), as station group codes. */
  stationGroups: number[] | null;
  /** The line picker (lineCodes argument). */
  lineCodes: number[] | null;
  /** Further station-group sets, each AND-ed as an overlap: campus, commute, free-word stations. */
  stationSets: number[][];
  lineSets: number[][];
  /** Further city choices, each AND-ed: gdCityCode, free-word cities. */
  citySets: CityChoice[];
  special: SpecialRule | null;
  /** Free-word bigrams, all required. */
  words: string[];
  storeId: number | null;
  condition: Condition;
  /** Calendar year the "built within n years" rules count from. */
  currentYear: number;
  bbox: BBox | null;
}

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

/** Facet dimensions: the filter each one drops before grouping. */
export type FacetDimension =
  'rentMin' | 'rentMax' | 'areaMin' | 'areaMax' | 'plans' | 'walkMin' | 'builtYear' | 'conditions' | 'buildingTypes' | 'lines' | 'stations' | 'cities';

/** The filter with the dimension's own choice removed (conditions keep theirs: a code is counted as added). */
export function withoutDimension(f: ListingFilter, dim: FacetDimension): ListingFilter {
  const c = f.condition;
  switch (dim) {
    case 'rentMin':
      return { ...f, condition: { ...c, rentMin: null } };
    case 'rentMax':
      return { ...f, condition: { ...c, rentMax: null } };
    case 'areaMin':
      return { ...f, condition: { ...c, areaMin: null } };
    case 'areaMax':
      return { ...f, condition: { ...c, areaMax: null } };
    case 'plans':
      return { ...f, condition: { ...c, planMin: null, planMax: null } };
    case 'walkMin':
      return { ...f, condition: { ...c, walkMin: null } };
    case 'builtYear':
      return { ...f, condition: { ...c, builtYear: null } };
    case 'buildingTypes':
      return { ...f, condition: { ...c, buildingTypes: [] } };
    case 'lines':
      return { ...f, lineCodes: null };
    case 'stations':
      return { ...f, stationGroups: null };
    case 'cities':
      return { ...f, city: null };
    case 'conditions':
      return f;
  }
}

/** The earliest built_year a "built within n years" bound admits. */
export const builtYearFrom = (currentYear: number, withinYears: number): number => currentYear - withinYears;

/** The calendar year in Japan now. */
export function japanYear(now: Date = new Date()): number {
  return new Date(now.getTime() + 9 * 3_600_000).getUTCFullYear();
}

// ---- free words ------------------------------------------------------------------------------

/** Normalised names the free word recognises, each with what it selects. */
export interface WordLookup {
  stations: ReadonlyMap<string, readonly number[]>;
  cities: ReadonlyMap<string, CityChoice>;
  lines: ReadonlyMap<string, readonly number[]>;
  /** Station groups and cities by their loose reading (readingKey), for romaji and kana as typed. */
  stationReadings: ReadonlyMap<string, readonly number[]>;
  cityReadings: ReadonlyMap<string, CityChoice>;
  /** Condition codes by their normalised name (オートロック, ペット相談). */
  conditions: ReadonlyMap<string, number>;
}

export type WordTerm =
  | { kind: 'station'; term: string; groups: number[] }
  | { kind: 'city'; term: string; city: CityChoice }
  | { kind: 'line'; term: string; lines: number[] }
  | { kind: 'plan'; term: string; plan: number }
  | { kind: 'condition'; term: string; code: number }
  | { kind: 'words'; term: string; bigrams: string[] };

/** Splits a free word on spaces, full or half width. */
export function splitTerms(word: string): string[] {
  return word
    .normalize('NFKC')
    .split(/\s+/u)
    .filter((t) => t !== '');
}

/**
 * Classifies each term: a station group name (optionally with 駅), a city or a line name
 * narrows like the pickers, a madori (1LDK) or a condition name (オートロック) like the
 * condition panel; a reading in romaji or kana (shinjuku, しんじゅく) names a station or a
 * city; anything else must appear as bigrams of the listing's words.
 */
export function classifyWord(word: string, lookup: WordLookup): WordTerm[] {
  const out: WordTerm[] = [];
  for (const term of splitTerms(word)) {
    const key = normaliseWord(term);
    if (key === '') continue;
    const stationKey = key.length > 1 && key.endsWith('駅') ? key.slice(0, -1) : key;
    const groups = lookup.stations.get(key) ?? lookup.stations.get(stationKey);
    if (groups) {
      out.push({ kind: 'station', term, groups: [...groups] });
      continue;
    }
    const city = lookup.cities.get(key);
    if (city) {
      out.push({ kind: 'city', term, city });
      continue;
    }
    const lines = lookup.lines.get(key);
    if (lines) {
      out.push({ kind: 'line', term, lines: [...lines] });
      continue;
    }
    const plan = planOrdinal(term);
    if (plan !== undefined) {
      out.push({ kind: 'plan', term, plan });
      continue;
    }
    const code = lookup.conditions.get(key);
    if (code !== undefined) {
      out.push({ kind: 'condition', term, code });
      continue;
    }
    const reading = readingKey(term);
    const readingStation = reading ? lookup.stationReadings.get(reading) : undefined;
    if (readingStation) {
      out.push({ kind: 'station', term, groups: [...readingStation] });
      continue;
    }
    const readingCity = reading ? lookup.cityReadings.get(reading) : undefined;
    if (readingCity) {
      out.push({ kind: 'city', term, city: readingCity });
      continue;
    }
    out.push({ kind: 'words', term, bigrams: bigrams([term]) });
  }
  return out;
}
