/** Typed fixtures for mf-user's page tests (the page wrapper is the kit's, `@sumika/shell-kit/testing`). */
import type { UserStockBukkenFragment } from '../__generated__/operations.js';

/** A listing as the user area lists it; `overrides` change what a test looks at. */
export function stockBukken(globalKey: string, overrides: Partial<UserStockBukkenFragment> = {}): UserStockBukkenFragment {
  return {
    __typename: 'Bukken',
    globalKey,
    name: `テストハイツ ${globalKey}`,
    address: '東京都千代田区麹町1-1',
    chinryou: 85000,
    kanriKyoeki: 5000,
    plan: '1K',
    area: 25.5,
    builtAge: 11,
    archived: false,
    favorited: true,
    traffics: [{ __typename: 'Traffic', text: '東京メトロ半蔵門線/半蔵門駅 歩5分' }],
    imageGroup: { __typename: 'ImageGroup', gaikanUrl: `/images/${globalKey}.jpg` },
    ...overrides,
  };
}
