/**
 * SPEC §3 sort keys as the query spells them; a sort is one of them plus _asc or _desc (SPEC §4).
 * initial_cost (issue 16): the move-in cost total, as @sumika/domain's initialCost computes it.
 */
export const SORT_KEYS = ['arrived_at', 'walk_min_for_sort', 'built_date', 'area', 'chinryou', 'initial_cost'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export const DEFAULT_SORT = 'arrived_at_desc';

/** The search results' sort choices, in the order the select shows them. */
export const SORT_OPTIONS: readonly { value: `${SortKey}_${'asc' | 'desc'}`; label: string }[] = [
  { value: 'arrived_at_desc', label: '新着順' },
  { value: 'chinryou_asc', label: '賃料が安い順' },
  { value: 'initial_cost_asc', label: '初期費用の安い順' },
  { value: 'area_desc', label: '面積が広い順' },
  { value: 'built_date_desc', label: '築年数が新しい順' },
  { value: 'walk_min_for_sort_asc', label: '駅から近い順' },
];

/** Splits `<key>_<asc|desc>`; null when the key is not a SPEC sort key. */
export function parseSortValue(value: string): { key: SortKey; direction: 'asc' | 'desc' } | null {
  const m = /^([a-z_]+)_(asc|desc)$/.exec(value);
  const key = m?.[1];
  if (!m || key === undefined || !(SORT_KEYS as readonly string[]).includes(key)) return null;
  return { key: key as SortKey, direction: m[2] as 'asc' | 'desc' };
}
