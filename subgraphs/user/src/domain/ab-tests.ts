import { AB_TEST_NAMES } from '@sumika/spec';

/** The A/B tests the site runs (SPEC §4): each visitor gets a weighted-random variant per test. */

export interface AbVariant {
  value: string;
  /** Relative weight; the chance of a variant is its weight over the test's total. */
  weight: number;
}

export interface AbTestDefinition {
  name: string;
  description: string;
  variants: readonly AbVariant[];
}

/** Every running test. A name is also its cookie's prefix: `{name}_for_ga_session`. */
export const AB_TESTS: readonly AbTestDefinition[] = [
  {
    name: AB_TEST_NAMES.leavePopup,
    description: '離脱ポップアップの訴求先: 公式アプリ（app）か、メッセージングサービスの公式アカウント（line）か',
    variants: [
      { value: 'app', weight: 50 },
      { value: 'line', weight: 50 },
    ],
  },
  {
    name: AB_TEST_NAMES.favoriteFeedback,
    description: 'PCでお気に入り追加後に出すもの: ダイアログ（dialog）かトースト（toast）か',
    variants: [
      { value: 'dialog', weight: 80 },
      { value: 'toast', weight: 20 },
    ],
  },
  {
    name: AB_TEST_NAMES.resultCard,
    description: '検索結果の物件カード: 標準（default）か、外観写真を大きく（large_image）か',
    variants: [
      { value: 'default', weight: 70 },
      { value: 'large_image', weight: 30 },
    ],
  },
];

export const abTestByName = (name: string, tests: readonly AbTestDefinition[] = AB_TESTS): AbTestDefinition | undefined => tests.find((t) => t.name === name);

export const isVariantOf = (test: AbTestDefinition, value: string | undefined | null): value is string =>
  typeof value === 'string' && test.variants.some((v) => v.value === value);

/** Weighted-random pick; `random` returns [0, 1) like Math.random. */
export function pickVariant(test: AbTestDefinition, random: () => number): string {
  const total = test.variants.reduce((s, v) => s + Math.max(0, v.weight), 0);
  let r = random() * total;
  for (const v of test.variants) {
    r -= Math.max(0, v.weight);
    if (r < 0) return v.value;
  }
  // Only reached through rounding at the top end (or all weights 0): the last variant.
  return (test.variants[test.variants.length - 1] as AbVariant).value;
}
