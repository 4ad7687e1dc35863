/** Typed fixtures for mf-user's page tests (the page wrapper is the kit's, `@sumika/shell-kit/testing`). */
import type { UserAlertsQuery, UserStockBukkenFragment } from '../__generated__/operations.js';
import { USER_ALERTS } from '../features/alerts/index.js';

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

type AlertItem = UserAlertsQuery['user']['alerts']['items'][number];

/** An unread price drop on a favorite. */
export function priceDropAlert(id: string, globalKey: string, fromRent: number, toRent: number, read = false): AlertItem {
  return {
    __typename: 'Alert',
    id,
    kind: 'price_drop',
    globalKey,
    fromRent,
    toRent,
    searchConditionId: null,
    newCount: null,
    createdAt: '2026-11-20T00:00:00Z',
    read,
  };
}

/** Unread new listings for a saved search. */
export function newListingsAlert(id: string, searchConditionId: string, newCount: number, read = false): AlertItem {
  return {
    __typename: 'Alert',
    id,
    kind: 'new_listings',
    globalKey: null,
    fromRent: null,
    toRent: null,
    searchConditionId,
    newCount,
    createdAt: '2026-11-20T00:00:00Z',
    read,
  };
}

/** The alerts read of the favorites and saved-search pages. */
export function alertsMock(items: AlertItem[]) {
  return {
    request: { query: USER_ALERTS },
    result: {
      data: {
        user: { __typename: 'User', alerts: { __typename: 'Alerts', unreadCount: items.filter((a) => !a.read).length, items } },
      } satisfies UserAlertsQuery,
    },
  } as const;
}
