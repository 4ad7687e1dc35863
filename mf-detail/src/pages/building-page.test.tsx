import { partDown, renderPage } from '@sumika/shell-kit/testing';
import { act, cleanup, screen, within } from '@testing-library/react';
import type { DetailBuildingQuery } from '../__generated__/operations.js';
import { BUILDING_DETAIL } from '../features/building/index.js';
import BuildingPage from './building-page.js';

afterEach(cleanup);

type Building = DetailBuildingQuery['building'];
type Vacancy = Building['vacancies'][number];

const KEY = 'bld00000001';
const vacancy = (globalKey: string, name: string): Vacancy => ({
  __typename: 'Bukken',
  globalKey,
  name,
  chinryou: 85000,
  kanriKyoeki: 5000,
  plan: '1K',
  area: 25.5,
  floor: 3,
});
const building = (vacancies: Vacancy[] = [vacancy('bk000000001', 'テストハイツ 301')]): Building => ({
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
  stations: [
    { __typename: 'Traffic', text: '東京メトロ半蔵門線/半蔵門駅 歩5分' },
    { __typename: 'Traffic', text: 'JR中央線/四ツ谷駅 歩12分' },
  ],
  vacancies,
  marketPrices: [{ __typename: 'PlanMarketPrice', plan: '1K', median: 98000, count: 640 }],
  otherBuildings: [{ __typename: 'Building', key: 'bld00000002', name: 'となりハイツ', address: '東京都千代田区麹町1-2', builtAge: 3 }],
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
  expect(vacancies.getByRole('link', { name: 'テストハイツ 301' }).getAttribute('href')).toBe('/bukken/detail/bk000000001');
  expect(vacancies.getByText(/3階 ／ 8.5万円 ／ 1K ／ 25.5m²/)).toBeTruthy();
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
  buildingPage(read({ data: { building: building([]) } }));
  expect(await screen.findByText('現在募集中の部屋はありません。')).toBeTruthy();
  expect(screen.getByRole('heading', { name: '空室情報（0件）' })).toBeTruthy();
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
