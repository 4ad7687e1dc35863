/** SPEC §3 favorite sorts: registration order, cheaper rent, larger area, newer build, newest arrivals. */
export const FAVORITE_SORTS = [
  { value: 'added', label: '登録順' },
  { value: 'chinryou', label: '賃料が安い順' },
  { value: 'area', label: '面積が広い順' },
  { value: 'built', label: '築年数が新しい順' },
  { value: 'arrived', label: '新着順' },
] as const;
export type FavoriteSort = (typeof FAVORITE_SORTS)[number]['value'];

export interface Sortable {
  addedAt: string;
  params: { area: number; arrivedAt: string; builtDate: string; chinryou: number } | null;
}

export function sortFavorites<T extends Sortable>(items: readonly T[], sort: FavoriteSort): T[] {
  const by = (f: (x: T) => number | string, dir: 1 | -1) => (a: T, b: T) => {
    const x = f(a);
    const y = f(b);
    return x < y ? -dir : x > y ? dir : 0;
  };
  const list = [...items];
  switch (sort) {
    case 'chinryou':
      return list.sort(by((x) => x.params?.chinryou ?? Infinity, 1));
    case 'area':
      return list.sort(by((x) => x.params?.area ?? 0, -1));
    case 'built':
      return list.sort(by((x) => x.params?.builtDate ?? '', -1));
    case 'arrived':
      return list.sort(by((x) => x.params?.arrivedAt ?? '', -1));
    default:
      return list.sort(by((x) => x.addedAt, -1));
  }
}
