import { partDown, renderPage } from '@sumika/shell-kit/testing';
import { act, cleanup, screen, within } from '@testing-library/react';
import type { DetailBuildingQuery } from '../__generated__/operations.js';
import { BUILDING_DETAIL } from '../features/building/index.js';
import BuildingPage, { pageQueries } from './building-page.js';

afterEach(cleanup);

type Building = DetailBuildingQuery['building'];
type Plan = Building['vacancyPlans'][number];
type Room = Plan['rooms'][number];
type Store = NonNullable<Building['companies'][number]>;

const KEY = 'bld00000001';
const room = (globalKey: string, floor: number, roomNum: string, chinryou = 85000, area = 25.5, plan = '1K'): Room => ({
  __typename: 'Bukken',
  globalKey,
  name: `テストハイツ ${roomNum}`,
  chinryou,
  kanriKyoeki: 5000,
  plan,
  area,
  floor,
  roomNum,
});
/** A plan row as the subgraph gives it: the count and ranges of its rooms. */
const plan = (name: string, rooms: Room[]): Plan => ({
  __typename: 'VacancyPlan',
  plan: name,
  count: rooms.length,
  chinryouMin: Math.min(...rooms.map((r) => r.chinryou)),
  chinryouMax: Math.max(...rooms.map((r) => r.chinryou)),
  areaMin: Math.min(...rooms.map((r) => r.area)),
  areaMax: Math.max(...rooms.map((r) => r.area)),
  rooms,
});
const store = (id: string, clientName: string): Store => ({
  __typename: 'Company',
  id,
  key: `st0000${id}`,
  clientName,
  companyName: '株式会社すみか不動産',
  address: '東京都千代田区麹町1-1',
  tel: '03-0000-0000',
  openTime: '10:00〜19:00',
  holiday: '水曜日',
});
const building = (vacancyPlans: Plan[] = [plan('1K', [room('bk000000001', 3, '301')])], extra: Partial<Building> = {}): Building => ({
  __typename: 'Building',
  key: KEY,
  name: 'テストハイツ',
  address: '東京都千代田区麹町1-1',
  builtDate: '2015-03',
  builtAge: 11,
  buildingTypeName: 'マンション',
  struct: 'RC',
  floor: 5,
  basementFloors: 1,
  totalUnits: 20,
  latLng: { __typename: 'LatLng', lat: 35.6835, lng: 139.7404 },
  stations: [
    { __typename: 'Traffic', text: '東京メトロ半蔵門線/半蔵門駅 歩5分', lineName: '東京メトロ半蔵門線', stationName: '半蔵門', walkMin: 5 },
    { __typename: 'Traffic', text: 'JR中央線/四ツ谷駅 歩12分', lineName: 'JR中央線', stationName: '四ツ谷', walkMin: 12 },
  ],
  nearbyCampuses: [
    {
      __typename: 'NearbyCampus',
      walkMin: 11,
      campus: {
        __typename: 'Campus',
        id: 7,
        instituteName: '上智大学',
        campusName: '四谷キャンパス',
        latLng: { __typename: 'LatLng', lat: 35.6836, lng: 139.7316 },
      },
    },
  ],
  exteriorUrl: '/images/bukken/bk000000001/gaikan.svg',
  vacancyPlans,
  archivedBukkens: [],
  companies: [store('12', 'すみか不動産 麹町店')],
  marketPrices: [{ __typename: 'PlanMarketPrice', plan: '1K', median: 98000, count: 640 }],
  otherBuildings: [{ __typename: 'Building', key: 'bld00000002', name: 'となりハイツ', address: '東京都千代田区麹町1-2', builtAge: 3 }],
  ...extra,
});
const read = (result: { data: DetailBuildingQuery | null; errors?: ReturnType<typeof partDown>[] }, delay = 0) => [
  { request: { query: BUILDING_DETAIL, variables: { key: KEY } }, result, delay },
];
const buildingPage = (mocks: Parameters<typeof renderPage>[1]['mocks']) =>
  renderPage(BuildingPage, { path: `/building/${KEY}`, params: { id: KEY }, routeId: 'building', mocks });
const section = (heading: string | RegExp) => screen.getByRole('heading', { name: heading }).parentElement!;

it('shows the building, its vacancies, the market prices and the buildings nearby', async () => {
  const { setMeta, setStatus } = buildingPage(read({ data: { building: building() } }));
  expect(await screen.findByTestId('building-page')).toBeTruthy();
  const outline = within(section('建物概要'));
  expect(outline.getByText('東京メトロ半蔵門線/半蔵門駅 歩5分 ／ JR中央線/四ツ谷駅 歩12分')).toBeTruthy();
  expect(outline.getByText('2015年3月（築11年）')).toBeTruthy();
  expect(outline.getByText('地上5階・地下1階')).toBeTruthy();
  const vacancies = within(section('空室情報（1件）'));
  expect(vacancies.getByRole('link', { name: '3階 301号室 8.5万円 25.5m²' }).getAttribute('href')).toBe('/bukken/detail/bk000000001');
  expect(within(section('周辺の家賃相場')).getAllByRole('row')[1]?.textContent).toBe('1K9.8万円640');
  expect(within(section('近くの建物')).getByRole('link', { name: 'となりハイツ' }).getAttribute('href')).toBe('/building/bld00000002');
  expect(setMeta).toHaveBeenLastCalledWith(
    expect.objectContaining({
      title: 'テストハイツの賃貸物件・空室情報｜すみか',
      description: '東京都千代田区麹町1-1のマンション「テストハイツ」（2015年3月築・5階建・総戸数20戸）の空室情報と家賃相場。',
      canonical: `/building/${KEY}`,
    }),
  );
  expect(setStatus).not.toHaveBeenCalled();
  await act(async () => undefined);
});

it('shows nothing of the building while it loads', async () => {
  const { setMeta } = buildingPage(read({ data: { building: building() } }, 50));
  expect(screen.queryByTestId('building-page')).toBeNull();
  expect(setMeta).not.toHaveBeenCalled();
  expect(await screen.findByTestId('building-page')).toBeTruthy();
  await act(async () => undefined);
});

it('says no room is being let when the building has no vacancy', async () => {
  buildingPage(read({ data: { building: building([], { companies: [] }) } }));
  expect(await screen.findByText('現在募集中の部屋はありません。')).toBeTruthy();
  expect(screen.getByRole('heading', { name: '空室情報（0件）' })).toBeTruthy();
  expect(screen.queryByTestId('vacancy-table')).toBeNull();
  // No archived room and no store: no empty sections.
  expect(screen.queryByRole('heading', { name: /募集終了/ })).toBeNull();
  expect(screen.queryByRole('heading', { name: 'この建物を取り扱う不動産会社' })).toBeNull();
});

it('tables the vacancies by plan: rooms, rent and area ranges, and each room with its link and favorite button', async () => {
  const plans = [
    plan('1K', [room('bk000000001', 2, '201', 80000, 25), room('bk000000002', 3, '301', 84500, 25.5)]),
    plan('2LDK', [room('bk000000003', 5, '501', 152000, 55.1)]),
  ];
  buildingPage(read({ data: { building: building(plans) } }));
  const table = await screen.findByTestId('vacancy-table');
  expect(screen.getByRole('heading', { name: '空室情報（3件）' })).toBeTruthy();
  // The table scrolls sideways in its own keyboard-reachable box on a phone.
  const box = screen.getByRole('region', { name: '間取り別の空室' });
  expect([box.contains(table), box.getAttribute('tabindex')]).toEqual([true, '0']);
  const [head, oneK, twoLdk] = within(table).getAllByRole('row');
  expect([...head!.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['間取り', '空室数', '賃料', '専有面積', 'お部屋']);
  expect([...oneK!.querySelectorAll('th, td')].slice(0, 4).map((c) => c.textContent)).toEqual(['1K', '2室', '8万円〜8.5万円', '25m²〜25.5m²']);
  expect([...twoLdk!.querySelectorAll('th, td')].slice(0, 4).map((c) => c.textContent)).toEqual(['2LDK', '1室', '15.2万円', '55.1m²']);
  expect(
    within(oneK!)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]),
  ).toEqual([
    ['2階 201号室 8万円 25m²', '/bukken/detail/bk000000001'],
    ['3階 301号室 8.5万円 25.5m²', '/bukken/detail/bk000000002'],
  ]);
  expect(within(table).getAllByTestId('favorite-button')).toHaveLength(3);
  await act(async () => undefined);
});

it('lists the archived rooms marked 募集終了, each linking to its archived listing page', async () => {
  const archived: Building['archivedBukkens'] = [
    {
      __typename: 'Bukken',
      globalKey: 'bk000000009',
      floor: 4,
      roomNum: '402',
      plan: '1LDK',
      chinryou: 120000,
      area: 40.2,
      archivedAt: '2026-10-01T00:00:00Z',
    },
  ];
  buildingPage(read({ data: { building: building(undefined, { archivedBukkens: archived }) } }));
  const rooms = within(await screen.findByTestId('archived-rooms'));
  expect(screen.getByRole('heading', { name: '募集終了のお部屋（1件）' })).toBeTruthy();
  const row = rooms.getAllByRole('row')[1]!;
  expect(row.textContent).toBe('募集終了4階 402号室1LDK12万円40.2m²');
  expect(within(row).getByRole('link', { name: '4階 402号室' }).getAttribute('href')).toBe('/bukken/detail/bk000000009');
  // An archived room cannot be kept as a favorite.
  expect(rooms.queryByTestId('favorite-button')).toBeNull();
  await act(async () => undefined);
});

it('links each store that lets the rooms to its page, with a notice for one that could not be read', async () => {
  buildingPage(
    read({
      data: { building: building(undefined, { companies: [store('12', 'すみか不動産 麹町店'), null, store('13', 'すみか不動産 四ツ谷店')] }) },
      errors: [partDown(['building', 'companies', 1])],
    }),
  );
  const stores = within(await screen.findByTestId('building-companies'));
  expect(stores.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
    ['すみか不動産 麹町店', '/bukken/company/st000012'],
    ['すみか不動産 四ツ谷店', '/bukken/company/st000013'],
  ]);
  expect(stores.getAllByText('03-0000-0000')[0]?.parentElement?.textContent).toBe('TEL 03-0000-0000・営業時間 10:00〜19:00・定休日 水曜日');
  expect(screen.getByTestId('companies-unavailable').textContent).toBe('取扱店舗の情報を一部表示できません。しばらくしてから再度お試しください。');
  // The rest of the building stays.
  expect(screen.getByTestId('vacancy-table')).toBeTruthy();
  await act(async () => undefined);
});

it('shows the exterior in a box of fixed size, and nothing in its place for a building without one', async () => {
  buildingPage(read({ data: { building: building() } }));
  const img = await screen.findByRole('img', { name: 'テストハイツの外観' });
  expect([img.getAttribute('src'), img.getAttribute('width'), img.getAttribute('height')]).toEqual(['/images/bukken/bk000000001/gaikan.svg', '480', '360']);
  cleanup();
  buildingPage(read({ data: { building: building(undefined, { exteriorUrl: null }) } }));
  expect(await screen.findByTestId('building-page')).toBeTruthy();
  expect(screen.queryByTestId('building-exterior')).toBeNull();
  await act(async () => undefined);
});

it('declares its query for the server render with the variables the page reads', () => {
  expect(
    pageQueries({
      params: { id: KEY },
      search: '',
      route: { id: 'building', path: `/building/${KEY}`, pageKind: 'others' },
      context: { isSpView: false, isApp: false },
    }),
  ).toEqual([{ query: BUILDING_DETAIL, variables: { key: KEY } }]);
});

it('shows the error box when the building could not be read', async () => {
  buildingPage([{ request: { query: BUILDING_DETAIL, variables: { key: KEY } }, error: new Error('network down') }]);
  expect(within(await screen.findByRole('alert')).getByText('建物情報を読み込めませんでした。')).toBeTruthy();
  expect(screen.queryByTestId('building-page')).toBeNull();
});

it('shows the error box when the listing subgraph could not give the building', async () => {
  // building is non-null in the schema: when it fails, the whole answer's data is null.
  buildingPage(read({ data: null, errors: [partDown(['building'])] }));
  expect(within(await screen.findByRole('alert')).getByText('建物情報を読み込めませんでした。')).toBeTruthy();
});

it('shows 周辺地図: the building as a marker among its stations and the campuses nearby, and the walk to each beside it', async () => {
  buildingPage(read({ data: { building: building() } }));
  const heading = await screen.findByRole('heading', { level: 2, name: '周辺地図' });
  const mapSection = within(heading.closest('section')!);
  const map = await mapSection.findByRole('img', { name: 'テストハイツの地図' });
  expect(map.querySelectorAll('[data-marker="place"]')).toHaveLength(1);
  expect([...map.querySelectorAll('[data-station]')].map((g) => g.textContent)).toEqual(['半蔵門駅', '四ツ谷駅']);
  const walks = mapSection.getByRole('list', { name: '最寄り駅と徒歩時間' });
  expect([...walks.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['半蔵門駅 東京メトロ半蔵門線 徒歩5分', '四ツ谷駅 JR中央線 徒歩12分']);
  // The campuses nearby: on the map and in their own list.
  expect(map.querySelector('[data-spot]')?.textContent).toBe('上智大学 四谷キャンパス');
  expect(mapSection.getByRole('list', { name: '近くの大学・キャンパスと徒歩時間' }).textContent).toBe('上智大学 四谷キャンパス 徒歩11分');
});

it('emits the building as schema.org ApartmentComplex with its units and those on the market, its URL relative to the site', async () => {
  const plans = [plan('1K', [room('bk000000001', 2, '201'), room('bk000000002', 3, '301')]), plan('2LDK', [room('bk000000003', 5, '501')])];
  buildingPage(read({ data: { building: building(plans, { name: 'テスト</script>ハイツ' }) } }));
  await screen.findByTestId('building-page');
  const script = document.querySelector('[data-testid="building-page"] script[type="application/ld+json"]') as HTMLScriptElement;
  expect(script.innerHTML).not.toContain('</script>');
  expect(JSON.parse(script.textContent ?? '')).toEqual({
    '@context': 'https://schema.org',
    '@type': 'ApartmentComplex',
    name: 'テスト</script>ハイツ',
    url: `/building/${KEY}`,
    image: '/images/bukken/bk000000001/gaikan.svg',
    address: { '@type': 'PostalAddress', streetAddress: '東京都千代田区麹町1-1', addressCountry: 'JP' },
    numberOfAccommodationUnits: 20,
    numberOfAvailableAccommodationUnits: 3,
  });
  await act(async () => undefined);
});
