import { badRequest } from '@sumika/server-kit';
import { buildingTypeCode } from '@sumika/domain';
import { MADORI_NAMES } from '@sumika/spec';
import type { SearchConditionInput } from '../__generated__/resolvers-types.js';

// Madori names in ordinal order (@sumika/spec's; the results page's form lists them too):
// listing.plan_code is the 1-based position (1R = 1 … 4LDK+ = 13).
export { MADORI_NAMES };

export const MAX_WORD_LENGTH = 100;
/** Floor areas are stored as real; far beyond any dwelling, a bound is a typo. */
export const MAX_AREA = 100_000;

/** Ordinal of a madori name (NFKC, case-insensitive: '１ｌｄｋ' is 1LDK), or undefined. */
export function planOrdinal(name: string): number | undefined {
  const n = name.normalize('NFKC').trim().toUpperCase();
  const i = (MADORI_NAMES as readonly string[]).indexOf(n);
  return i >= 0 ? i + 1 : undefined;
}

export function planName(ordinal: number): string {
  return MADORI_NAMES[ordinal - 1] ?? '';
}

/** The SearchConditionInput of the contract as GraphQL hands it over: the type generated from schema.graphql. */
export type { SearchConditionInput };

/** A validated search condition: codes and numbers only, absent bounds as null. */
export interface Condition {
  /** Building type codes (1 マンション … 4 テラスハウス); empty = any. */
  buildingTypes: number[];
  rentMin: number | null;
  rentMax: number | null;
  /** Compare total_rent (rent + management fee) instead of chinryou. */
  includeKanrihi: boolean;
  noReikin: boolean;
  noShikikin: boolean;
  planMin: number | null;
  planMax: number | null;
  areaMin: number | null;
  areaMax: number | null;
  /** Maximum walk minutes to the nearest station. */
  walkMin: number | null;
  /** Built within this many years. */
  builtYear: number | null;
  /** Condition codes, all required, in input order. */
  conditionCodes: number[];
  word: string | null;
}

export const EMPTY_CONDITION: Readonly<Condition> = Object.freeze({
  buildingTypes: [],
  rentMin: null,
  rentMax: null,
  includeKanrihi: false,
  noReikin: false,
  noShikikin: false,
  planMin: null,
  planMax: null,
  areaMin: null,
  areaMax: null,
  walkMin: null,
  builtYear: null,
  conditionCodes: [],
  word: null,
});

const present = <T>(v: T | null | undefined): v is T => v !== null && v !== undefined;

function bound(value: number | null | undefined, label: string, integer: boolean): number | null {
  if (!present(value)) return null;
  if (!Number.isFinite(value) || value < 0 || (integer && !Number.isInteger(value))) {
    throw badRequest(`${label}には0以上の${integer ? '整数' : '数値'}を指定してください。`);
  }
  return value;
}

function range(min: number | null, max: number | null, label: string): void {
  if (min !== null && max !== null && min > max) throw badRequest(`${label}の下限が上限を超えています。`);
}

/**
 * Validates and normalises a search condition (SPEC §5): unknown building types and condition
 * codes are dropped, empty entries removed; bad numbers, unknown plans and inverted ranges are
 * BAD_REQUEST.
 */
export function normaliseCondition(input: SearchConditionInput | null | undefined, knownConditionCodes: ReadonlySet<number>): Condition {
  if (!input) return { ...EMPTY_CONDITION, buildingTypes: [], conditionCodes: [] };

  const buildingTypes: number[] = [];
  for (const key of input.buildingTypes ?? []) {
    const code = key ? buildingTypeCode(key.trim()) : undefined;
    if (code !== undefined && !buildingTypes.includes(code)) buildingTypes.push(code);
  }

  const rent = input.chinryou ?? {};
  const rentMin = bound(rent.min, '賃料', true);
  const rentMax = bound(rent.max, '賃料', true);
  range(rentMin, rentMax, '賃料');

  const plan = (name: string | null | undefined): number | null => {
    if (!present(name) || name.trim() === '') return null;
    const ordinal = planOrdinal(name);
    if (ordinal === undefined) throw badRequest(`間取り「${name}」は指定できません。`);
    return ordinal;
  };
  const planMin = plan(input.plans?.min);
  const planMax = plan(input.plans?.max);
  range(planMin, planMax, '間取り');

  const areaMin = bound(input.area?.min, '専有面積', false);
  const areaMax = bound(input.area?.max, '専有面積', false);
  if ((areaMin ?? 0) > MAX_AREA || (areaMax ?? 0) > MAX_AREA) throw badRequest(`専有面積は${MAX_AREA}㎡以下で指定してください。`);
  range(areaMin, areaMax, '専有面積');

  const conditionCodes: number[] = [];
  for (const raw of input.other ?? []) {
    const text = raw?.trim() ?? '';
    if (!/^\d+$/.test(text)) continue;
    const code = Number(text);
    if (knownConditionCodes.has(code) && !conditionCodes.includes(code)) conditionCodes.push(code);
  }

  const word = input.word?.trim() ?? '';
  if ([...word].length > MAX_WORD_LENGTH) throw badRequest(`フリーワードは${MAX_WORD_LENGTH}文字以内で入力してください。`);

  return {
    buildingTypes,
    rentMin,
    rentMax,
    includeKanrihi: rent.includeKanrihi === true,
    // SPEC §5: true only when the code equals 'true'.
    noReikin: rent.noReikin === 'true',
    noShikikin: rent.noShikikin === 'true',
    planMin,
    planMax,
    areaMin,
    areaMax,
    walkMin: bound(input.walkMin, '駅徒歩', true),
    builtYear: bound(input.builtYear, '築年数', true),
    conditionCodes,
    word: word === '' ? null : word,
  };
}
