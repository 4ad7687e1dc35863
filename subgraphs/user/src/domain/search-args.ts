import { createHash } from 'node:crypto';
import { badRequest } from '@sumika/server-kit';
import { buildingTypeCode, PREFECTURE_PATHS } from '@sumika/domain';
import { MAX_COMMUTE_DESTINATIONS, type CommuteDestination as DestinationStation, type SearchConditionValues } from '@sumika/spec';
import { storable } from './text.js';

/**
 * The place and condition arguments of the search subgraph's `searchBukkens` (its schema is the
 * contract), as a saved search keeps them: absent values left out, lists without repeats in the
 * order given, so they run, render and link exactly like the search they came from.
 */
export interface SearchArgs {
  prefecturePath?: string;
  cityCodes?: number[];
  townCodes?: number[];
  gdCityCode?: number;
  stationCodes?: number[];
  lineCodes?: number[];
  specialName?: string;
  instituteCampusId?: number;
  destinationStations?: DestinationStation[];
  searchCondition?: SearchConditionValues;
}

// The condition's values and a commute destination have one home, the search URL codec's types.
export type { DestinationStation, SearchConditionValues };

/** The same arguments as GraphQL hands them over (nullable everywhere). */
export interface SearchArgsInput {
  prefecturePath?: string | null;
  cityCodes?: (number | null)[] | null;
  townCodes?: (number | null)[] | null;
  gdCityCode?: number | null;
  stationCodes?: (number | null)[] | null;
  lineCodes?: (number | null)[] | null;
  specialName?: string | null;
  instituteCampusId?: number | null;
  destinationStations?: { stationCode: number; maxMinutes: number; maxTransfers?: number | null }[] | null;
  searchCondition?: {
    buildingTypes?: (string | null)[] | null;
    chinryou?: { min?: number | null; max?: number | null; includeKanrihi?: boolean | null; noReikin?: string | null; noShikikin?: string | null } | null;
    plans?: { min?: string | null; max?: string | null } | null;
    area?: { min?: number | null; max?: number | null } | null;
    walkMin?: number | null;
    builtYear?: number | null;
    other?: (string | null)[] | null;
    word?: string | null;
  } | null;
}

/** Bounds shared with the search subgraph's own validation. */
export const MAX_CODES = 500;
export const MAX_WORD_LENGTH = 100;
const MAX_SPECIAL_LENGTH = 100;
const MAX_PLAN_LENGTH = 10;

const present = <T>(v: T | null | undefined): v is T => v !== null && v !== undefined;

function positiveInt(v: number | null | undefined, label: string): number | undefined {
  if (!present(v)) return undefined;
  if (!Number.isInteger(v) || v <= 0) throw badRequest(`${label}の指定が正しくありません。`);
  return v;
}

function nonNegative(v: number | null | undefined, label: string, integer: boolean): number | undefined {
  if (!present(v)) return undefined;
  if (!Number.isFinite(v) || v < 0 || (integer && !Number.isInteger(v)))
    throw badRequest(`${label}には0以上の${integer ? '整数' : '数値'}を指定してください。`);
  return v;
}

function codeList(list: (number | null)[] | null | undefined, label: string): number[] | undefined {
  if (!list) return undefined;
  const out: number[] = [];
  for (const c of list) {
    if (c === null) continue;
    if (!Number.isInteger(c) || c <= 0) throw badRequest(`${label}の指定が正しくありません。`);
    if (!out.includes(c)) out.push(c);
  }
  if (out.length > MAX_CODES) throw badRequest(`${label}は${MAX_CODES}件まで指定できます。`);
  return out.length ? out : undefined;
}

function ordered(min: number | undefined, max: number | undefined, label: string): void {
  if (min !== undefined && max !== undefined && min > max) throw badRequest(`${label}の下限が上限を超えています。`);
}

/** Trimmed and storable (lone surrogates as U+FFFD). */
function text(v: string | null | undefined): string | undefined {
  const t = v === null || v === undefined ? undefined : storable(v).trim();
  return t ? t : undefined;
}

/** Drops undefined members so stored JSON and comparisons see only what was chosen. */
function compact<T extends object>(o: T): T | undefined {
  const entries = Object.entries(o).filter(([, v]) => v !== undefined);
  return entries.length ? (Object.fromEntries(entries) as T) : undefined;
}

function conditionOf(input: SearchArgsInput['searchCondition']): SearchConditionValues | undefined {
  if (!input) return undefined;
  // SPEC §5: only known kinds are kept; empty entries are removed.
  const buildingTypes: string[] = [];
  for (const raw of input.buildingTypes ?? []) {
    const key = raw?.trim();
    if (key && buildingTypeCode(key) !== undefined && !buildingTypes.includes(key)) buildingTypes.push(key);
  }
  const other: string[] = [];
  for (const raw of input.other ?? []) {
    const code = raw?.trim();
    if (code && /^\d+$/.test(code) && !other.includes(code)) other.push(code);
  }
  const rent = input.chinryou;
  const rentMin = nonNegative(rent?.min, '賃料', true);
  const rentMax = nonNegative(rent?.max, '賃料', true);
  ordered(rentMin, rentMax, '賃料');
  const areaMin = nonNegative(input.area?.min, '専有面積', false);
  const areaMax = nonNegative(input.area?.max, '専有面積', false);
  ordered(areaMin, areaMax, '専有面積');
  const planMin = text(input.plans?.min);
  const planMax = text(input.plans?.max);
  for (const p of [planMin, planMax]) if (p && p.length > MAX_PLAN_LENGTH) throw badRequest(`間取り「${p}」は指定できません。`);
  const word = text(input.word);
  if (word && [...word].length > MAX_WORD_LENGTH) throw badRequest(`フリーワードは${MAX_WORD_LENGTH}文字以内で入力してください。`);
  return compact<SearchConditionValues>({
    buildingTypes: buildingTypes.length ? buildingTypes : undefined,
    chinryou: compact({
      min: rentMin,
      max: rentMax,
      includeKanrihi: rent?.includeKanrihi === true ? (true as const) : undefined,
      // SPEC §5: shikikin and reikin are true only when the code equals 'true'.
      noReikin: rent?.noReikin === 'true' ? ('true' as const) : undefined,
      noShikikin: rent?.noShikikin === 'true' ? ('true' as const) : undefined,
    }),
    plans: compact({ min: planMin, max: planMax }),
    area: compact({ min: areaMin, max: areaMax }),
    walkMin: nonNegative(input.walkMin, '駅徒歩', true),
    builtYear: nonNegative(input.builtYear, '築年数', true),
    other: other.length ? other : undefined,
    word,
  });
}

/**
 * Validates and normalises searchBukkens arguments for saving. Shapes the search subgraph would
 * reject are BAD_REQUEST here too; whether codes exist is the search subgraph's to say.
 */
export function normaliseSearchArgs(input: SearchArgsInput): SearchArgs {
  const prefecturePath = text(input.prefecturePath);
  if (prefecturePath !== undefined && !PREFECTURE_PATHS.includes(prefecturePath)) throw badRequest('指定された都道府県が見つかりません。');
  const specialName = text(input.specialName);
  if (specialName && specialName.length > MAX_SPECIAL_LENGTH) throw badRequest('特集の指定が正しくありません。');
  const destinations = input.destinationStations ?? [];
  if (destinations.length > MAX_COMMUTE_DESTINATIONS) throw badRequest(`通勤・通学先は${MAX_COMMUTE_DESTINATIONS}件まで指定できます。`);
  const destinationStations = destinations.map((d) => {
    const stationCode = positiveInt(d.stationCode, '通勤・通学先の駅') as number;
    const maxMinutes = positiveInt(d.maxMinutes, '通勤・通学時間') as number;
    const maxTransfers = nonNegative(d.maxTransfers, '乗り換え回数', true);
    return maxTransfers === undefined ? { stationCode, maxMinutes } : { stationCode, maxMinutes, maxTransfers };
  });
  return (
    compact<SearchArgs>({
      prefecturePath,
      cityCodes: codeList(input.cityCodes, '市区町村'),
      townCodes: codeList(input.townCodes, '町域'),
      gdCityCode: positiveInt(input.gdCityCode, '政令指定都市'),
      stationCodes: codeList(input.stationCodes, '駅'),
      lineCodes: codeList(input.lineCodes, '路線'),
      specialName,
      instituteCampusId: positiveInt(input.instituteCampusId, 'キャンパス'),
      destinationStations: destinationStations.length ? destinationStations : undefined,
      searchCondition: conditionOf(input.searchCondition),
    }) ?? {}
  );
}

export const isEmptySearch = (args: SearchArgs): boolean => Object.keys(args).length === 0;

const byNumber = (a: number, b: number) => a - b;

/**
 * A key equal for searches that return the same listings: lists sorted (codes of one kind OR
 * together, so their order does not matter), everything else as normalised.
 */
export function searchArgsKey(args: SearchArgs): string {
  const c = args.searchCondition;
  const canonical = {
    ...args,
    cityCodes: args.cityCodes && [...args.cityCodes].sort(byNumber),
    townCodes: args.townCodes && [...args.townCodes].sort(byNumber),
    stationCodes: args.stationCodes && [...args.stationCodes].sort(byNumber),
    lineCodes: args.lineCodes && [...args.lineCodes].sort(byNumber),
    destinationStations: args.destinationStations && [...args.destinationStations].sort((a, b) => a.stationCode - b.stationCode || a.maxMinutes - b.maxMinutes),
    searchCondition: c && { ...c, buildingTypes: c.buildingTypes && [...c.buildingTypes].sort(), other: c.other && [...c.other].sort() },
  };
  return createHash('sha256').update(stableJson(canonical)).digest('base64url');
}

/** JSON with object keys sorted, undefined members dropped. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
