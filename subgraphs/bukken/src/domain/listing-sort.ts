import { DEFAULT_SORT, parseSortValue, type SortKey } from '@sumika/spec';

/** What a SPEC sort orders one listing by (walkMin null: no station, always last). */
export interface SortableListing {
  id: number;
  arrivedAt: Date;
  chinryou: number;
  area: number;
  /** yyyy-MM-dd */
  builtDate: string;
  initialCost: number;
  walkMin: number | null;
}

export interface ParsedSort {
  value: string;
  key: SortKey;
  direction: 'asc' | 'desc';
}

/** A sort as the search spells it (@sumika/spec owns the keys); absent is DEFAULT_SORT, anything unknown undefined. */
export function listingSortOf(value: string | null | undefined): ParsedSort | undefined {
  const text = value ?? DEFAULT_SORT;
  const parsed = parseSortValue(text);
  return parsed ? { value: text, ...parsed } : undefined;
}

const VALUE_OF: Readonly<Record<SortKey, (l: SortableListing) => number | string | null>> = {
  arrived_at: (l) => l.arrivedAt.getTime(),
  walk_min_for_sort: (l) => l.walkMin,
  built_date: (l) => l.builtDate,
  area: (l) => l.area,
  chinryou: (l) => l.chinryou,
  initial_cost: (l) => l.initialCost,
};

/** What a sort reads beyond the listing's own columns: its nearest station's walk, its initial cost. */
const READS: Readonly<Record<SortKey, { walk: boolean; cost: boolean }>> = {
  arrived_at: { walk: false, cost: false },
  walk_min_for_sort: { walk: true, cost: false },
  built_date: { walk: false, cost: false },
  area: { walk: false, cost: false },
  chinryou: { walk: false, cost: false },
  initial_cost: { walk: false, cost: true },
};

/** Whether the sort needs the walking minutes (traffics) or the initial cost computed. */
export const sortReads = (sort: ParsedSort): { walk: boolean; cost: boolean } => READS[sort.key];

/** The listings in the sort's order; ties (and a listing without the value, last either way) by id. */
export function sortListings<T extends SortableListing>(list: readonly T[], sort: ParsedSort): T[] {
  const valueOf = VALUE_OF[sort.key];
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...list].sort((a, b) => {
    const x = valueOf(a);
    const y = valueOf(b);
    if (x === null || y === null) return x === y ? a.id - b.id : x === null ? 1 : -1;
    return (x < y ? -sign : x > y ? sign : 0) || a.id - b.id;
  });
}
