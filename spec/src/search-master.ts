/** The search form's option lists: the search subgraph serves them as searchMaster, the results page's filter form shows them. */

/** Rent bounds (yen): 30,000–100,000 by 5,000, then the coarser steps. */
export const RENT_PRICES: readonly number[] = [
  ...Array.from({ length: 15 }, (_, i) => 30_000 + i * 5_000),
  110_000,
  120_000,
  130_000,
  140_000,
  150_000,
  200_000,
  250_000,
  300_000,
  500_000,
  1_000_000,
];

/** Building type codes (listing.building_type) with their names; the key is SPEC's buildingTypes filter value. */
export const BUILDING_TYPE_NAMES: Readonly<Record<number, string>> = { 1: 'マンション', 2: 'アパート', 3: '一戸建て', 4: 'テラスハウス' };
export const BUILDING_TYPE_KEYS: Readonly<Record<string, number>> = { mansion: 1, apartment: 2, house: 3, terrace: 4 };

/** The building types in code order, as the forms list them. */
export const BUILDING_TYPES: readonly { key: string; name: string }[] = Object.entries(BUILDING_TYPE_KEYS).map(([key, code]) => ({
  key,
  name: BUILDING_TYPE_NAMES[code] ?? key,
}));
