import { BUILDING_TYPE_NAMES } from '@sumika/domain';
import { planName, type Condition } from './condition.js';

export const NO_CONDITION_TEXT = 'こだわり条件なし';
const SEP = ' / ';

/** Yen as 万 with up to two decimals: 50000 → 5万, 55000 → 5.5万, 123000 → 12.3万. */
export function man(yen: number): string {
  return `${Number((yen / 10_000).toFixed(2))}万`;
}

const num = (n: number): string => String(Number(n.toFixed(2)));

function rangeText(min: string | null, max: string | null, unit: string): string {
  if (min !== null && max !== null) return min === max ? `${min}${unit}` : `${min}〜${max}${unit}`;
  if (min !== null) return `${min}${unit}以上`;
  if (max !== null) return `${max}${unit}以下`;
  return '';
}

/** Names the condition text needs, resolved from the master tables. */
export interface ConditionNames {
  conditionName(code: number): string | undefined;
}

/**
 * The こだわり条件 summary, e.g. '賃料5万〜10万円（管理費込み） / 1K〜1LDK / 25㎡以上 / 駅徒歩10分以内 /
 * 築10年以内 / 敷金なし / オートロック・バス・トイレ別'; '' when nothing is chosen.
 */
export function conditionParts(c: Condition, names: ConditionNames, specialName: string | null): string[] {
  const parts: string[] = [];
  if (specialName) parts.push(specialName);
  if (c.rentMin !== null || c.rentMax !== null) {
    const min = c.rentMin !== null ? man(c.rentMin) : null;
    const max = c.rentMax !== null ? man(c.rentMax) : null;
    parts.push(`賃料${rangeText(min, max, '円')}${c.includeKanrihi ? '（管理費込み）' : ''}`);
  }
  if (c.buildingTypes.length)
    parts.push(
      c.buildingTypes
        .map((t) => BUILDING_TYPE_NAMES[t] ?? '')
        .filter(Boolean)
        .join('・'),
    );
  if (c.planMin !== null || c.planMax !== null) {
    parts.push(rangeText(c.planMin !== null ? planName(c.planMin) : null, c.planMax !== null ? planName(c.planMax) : null, ''));
  }
  if (c.areaMin !== null || c.areaMax !== null) {
    parts.push(rangeText(c.areaMin !== null ? num(c.areaMin) : null, c.areaMax !== null ? num(c.areaMax) : null, '㎡'));
  }
  if (c.walkMin !== null) parts.push(`駅徒歩${c.walkMin}分以内`);
  if (c.builtYear !== null) parts.push(c.builtYear === 0 ? '新築' : `築${c.builtYear}年以内`);
  if (c.noShikikin) parts.push('敷金なし');
  if (c.noReikin) parts.push('礼金なし');
  const conditions = c.conditionCodes.map((code) => names.conditionName(code)).filter((n): n is string => !!n);
  if (conditions.length) parts.push(conditions.join('・'));
  if (c.word) parts.push(`キーワード「${c.word}」`);
  return parts;
}

/** What the place summary is made of, names already resolved. */
export interface PlaceNames {
  prefecture: string | null;
  /** Cities (designated cities by their own name) and towns, shown after the prefecture. */
  areas: string[];
  lines: string[];
  /** Station names without 駅. */
  stations: string[];
  campus: string | null;
  /** e.g. { station: '渋谷', minutes: 45, transfers: 1 }. */
  commutes: { station: string; minutes: number; transfers: number | null }[];
}

/** The place summary, e.g. '東京都 渋谷区・新宿区' or '渋谷駅まで45分以内'; '' when no place is chosen. */
export function placeText(p: PlaceNames): string {
  const parts: string[] = [];
  const head = [p.prefecture, p.areas.join('・')].filter((s): s is string => !!s).join(' ');
  if (head) parts.push(head);
  if (p.lines.length) parts.push(p.lines.join('・'));
  if (p.stations.length) parts.push(p.stations.map((s) => `${s}駅`).join('・'));
  if (p.campus) parts.push(`${p.campus}周辺`);
  if (p.commutes.length) {
    parts.push(
      p.commutes
        .map(
          (d) =>
            `${d.station}駅まで${d.minutes}分以内${d.transfers === null ? '' : d.transfers === 0 ? '（乗り換えなし）' : `（乗り換え${d.transfers}回以内）`}`,
        )
        .join('・'),
    );
  }
  return parts.join(SEP);
}

export interface SearchConditionTexts {
  searchText: string;
  placeText: string;
  conditionText: string;
}

/** placeText, conditionText ('こだわり条件なし' when empty) and both joined (empty parts skipped). */
export function searchConditionTexts(place: string, conditions: string[]): SearchConditionTexts {
  const condition = conditions.join(SEP);
  return {
    placeText: place,
    conditionText: condition || NO_CONDITION_TEXT,
    searchText: [place, condition].filter(Boolean).join(SEP) || NO_CONDITION_TEXT,
  };
}
