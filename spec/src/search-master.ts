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

/** Floor-area bounds (m²) of the search form. */
export const AREA_BOUNDS: readonly number[] = [15, 20, 25, 30, 35, 40, 50, 60, 70, 80, 90, 100];

/** Walk-minute bounds ("within n minutes of a station"). */
export const WALK_MINUTES: readonly number[] = [1, 3, 5, 7, 10, 15, 20];

/** Built-within-years bounds. */
export const BUILT_YEARS: readonly number[] = [1, 3, 5, 7, 10, 15, 20, 25, 30];

/** Madori (plan) names in order; a listing's plan code is its index + 1, a plan range is an interval of this list. */
export const MADORI_NAMES = ['1R', '1K', '1DK', '1LDK', '2K', '2DK', '2LDK', '3K', '3DK', '3LDK', '4K', '4DK', '4LDK+'] as const;

/** Building type codes (listing.building_type) with their names; the key is SPEC's buildingTypes filter value. */
export const BUILDING_TYPE_NAMES: Readonly<Record<number, string>> = { 1: 'マンション', 2: 'アパート', 3: '一戸建て', 4: 'テラスハウス' };
// Without a prototype: a key from outside such as `constructor` or `__proto__` finds nothing in it.
export const BUILDING_TYPE_KEYS: Readonly<Record<string, number>> = Object.freeze(
  Object.assign(Object.create(null) as Record<string, number>, { mansion: 1, apartment: 2, house: 3, terrace: 4 }),
);

/** The code of a building type key (SPEC's buildingTypes value), or undefined for any other text. */
export const buildingTypeCode = (key: string): number | undefined => (Object.hasOwn(BUILDING_TYPE_KEYS, key) ? BUILDING_TYPE_KEYS[key] : undefined);

/** The building types in code order, as the forms list them. */
export const BUILDING_TYPES: readonly { key: string; name: string }[] = Object.entries(BUILDING_TYPE_KEYS).map(([key, code]) => ({
  key,
  name: BUILDING_TYPE_NAMES[code] ?? key,
}));
