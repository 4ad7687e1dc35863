/**
 * @jest-environment node
 */
import { createKitCache } from '@sumika/shell-kit';
import { Kind, print, visit, type DocumentNode, type FieldNode } from 'graphql';
import type { DetailBuildingQuery, DetailListingCardFragment } from '../../../__generated__/operations.js';
import { BUILDING_DETAIL } from '../../building/index.js';
import { COMPANY_DETAIL } from '../../company/index.js';
import { BUKKEN_DETAIL } from '../../detail/index.js';
import { LISTING_CARD_FRAGMENT } from './listing-card-fragment.js';

// Every selected field of the generated fragment type, no more (the compiler checks both ways).
const CARD_KEYS: Record<Exclude<keyof DetailListingCardFragment, '__typename'>, true> = {
  globalKey: true,
  name: true,
  chinryou: true,
  plan: true,
  area: true,
};

/** Where a document spreads DetailListingCard, as field paths ('building.vacancyPlans.rooms'). */
function spreadPaths(doc: DocumentNode): string[] {
  const paths: string[] = [];
  visit(doc, {
    FragmentSpread(node, _key, _parent, _path, ancestors) {
      if (node.name.value !== 'DetailListingCard') return;
      const fields = ancestors.filter((a): a is FieldNode => !Array.isArray(a) && (a as FieldNode).kind === Kind.FIELD);
      paths.push(fields.map((f) => f.name.value).join('.'));
    },
  });
  return paths;
}

test('the fragment selects exactly the fields of its generated type', () => {
  const [fragment] = LISTING_CARD_FRAGMENT.definitions;
  expect(fragment?.kind).toBe(Kind.FRAGMENT_DEFINITION);
  if (fragment?.kind !== Kind.FRAGMENT_DEFINITION) return;
  expect(fragment.typeCondition.name.value).toBe('Bukken');
  expect(fragment.selectionSet.selections.map((s) => (s.kind === Kind.FIELD ? s.name.value : s.kind))).toEqual(Object.keys(CARD_KEYS));
});

test.each([
  ['DetailBukken', BUKKEN_DETAIL, 'bukken.recommendations'],
  ['DetailBuilding', BUILDING_DETAIL, 'building.vacancyPlans.rooms'],
  ['DetailCompany', COMPANY_DETAIL, 'company.bukkens.bukkenList'],
])('%s spreads the card where its listings are and carries the fragment once', (_name, doc, path) => {
  expect(spreadPaths(doc)).toEqual([path]);
  // Other fragments (the building's map section) may come along; the card's comes once.
  const fragments = doc.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION && d.name.value === 'DetailListingCard');
  expect(fragments.map((f) => print(f))).toEqual([print(LISTING_CARD_FRAGMENT.definitions[0]!)]);
});

test('a building page result round-trips through the kit cache with the card fields', () => {
  const vacancy: DetailBuildingQuery['building']['vacancyPlans'][number]['rooms'][number] = {
    __typename: 'Bukken',
    globalKey: 'bk000000001',
    name: 'メゾン渋谷 101',
    chinryou: 85000,
    plan: '1K',
    area: 25.5,
    kanriKyoeki: 5000,
    floor: 1,
    roomNum: '101',
  };
  const data: DetailBuildingQuery = {
    building: {
      __typename: 'Building',
      key: 'b1',
      name: 'メゾン渋谷',
      address: '東京都渋谷区',
      builtDate: '2015-03-01',
      builtAge: 9,
      buildingTypeName: 'マンション',
      struct: '鉄筋コンクリート',
      floor: 5,
      basementFloors: 0,
      totalUnits: 20,
      latLng: { __typename: 'LatLng', lat: 35.658, lng: 139.7016 },
      stations: [{ __typename: 'Traffic', text: '渋谷駅 徒歩5分', lineName: 'JR山手線', stationName: '渋谷', walkMin: 5 }],
      nearbyCampuses: [],
      exteriorUrl: null,
      vacancyPlans: [
        { __typename: 'VacancyPlan', plan: '1K', count: 1, chinryouMin: 85000, chinryouMax: 85000, areaMin: 25.5, areaMax: 25.5, rooms: [vacancy] },
      ],
      archivedBukkens: [],
      companies: [],
      marketPrices: [],
      otherBuildings: [],
    },
  };
  const cache = createKitCache();
  cache.writeQuery({ query: BUILDING_DETAIL, variables: { key: 'b1' }, data });
  const read = cache.readQuery({ query: BUILDING_DETAIL, variables: { key: 'b1' } });
  expect(read?.building.vacancyPlans[0]?.rooms).toEqual([vacancy]);
  // Normalised by globalKey (kit type policies): one entry per listing whichever page read it.
  expect(cache.extract()['Bukken:{"globalKey":"bk000000001"}']).toMatchObject({ name: 'メゾン渋谷 101', floor: 1 });
});
