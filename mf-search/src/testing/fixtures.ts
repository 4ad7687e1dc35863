/** Typed fixtures for mf-search's page tests (the page wrapper is the kit's, `@sumika/shell-kit/testing`). */
import type { SearchBukkenCardFragment } from '../__generated__/operations.js';

/** A listing card as the search lists show it; `n` makes its key and name. */
export const bukkenCard = (n: number, name = `ペットハイツ${n}`): SearchBukkenCardFragment => ({
  __typename: 'Bukken',
  globalKey: `bk00000000${n}`,
  name,
  address: '東京都世田谷区1-1',
  chinryou: 90000,
  kanriKyoeki: 5000,
  shikikin: 2,
  reikin: 1,
  plan: '1LDK',
  area: 40,
  floor: 2,
  floorBuilding: 5,
  builtAge: 8,
  typeName: 'マンション',
  building: { __typename: 'Building', key: `bl00000000${n}` },
  initialCost: { __typename: 'InitialCost', total: 402_500 },
  marketRent: { __typename: 'MarketRent', difference: -3200, differenceRate: -0.041 },
  traffics: [{ __typename: 'Traffic', text: '小田急線/経堂駅 歩7分', walkMin: 7 }],
  imageGroup: { __typename: 'ImageGroup', gaikanUrl: '/g.svg', madoriUrl: '/m.svg' },
});
