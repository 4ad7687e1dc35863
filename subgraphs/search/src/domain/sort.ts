import { badRequest } from '@sumika/subgraph-kit';

/** Sort keys as the query spells them (SPEC §3/§5), with the listing column each orders by. */
export const SORT_COLUMNS = {
  arrived_at: 'arrived_at',
  chinryou: 'chinryou',
  area: 'area',
  built_date: 'built_date',
  walk_min_for_sort: 'walk_min',
  initial_cost: 'initial_cost',
} as const;

export type SortKey = keyof typeof SORT_COLUMNS;
export type SortColumn = (typeof SORT_COLUMNS)[SortKey];

export interface Sort {
  key: SortKey;
  column: SortColumn;
  direction: 'asc' | 'desc';
}

export const DEFAULT_SORT = 'arrived_at_desc';

/** Parses `<key>_<asc|desc>`; absent means newest first, anything else is BAD_REQUEST. */
export function parseSort(value: string | null | undefined): Sort {
  const text = value ?? DEFAULT_SORT;
  const m = /^([a-z_]+)_(asc|desc)$/.exec(text);
  const key = m?.[1];
  if (!m || key === undefined || !Object.hasOwn(SORT_COLUMNS, key)) {
    throw badRequest(`並び順「${text}」は指定できません。`);
  }
  return { key: key as SortKey, column: SORT_COLUMNS[key as SortKey], direction: m[2] as 'asc' | 'desc' };
}
