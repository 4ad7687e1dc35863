import { partDown, renderPage } from '@sumika/shell-kit/testing';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { SearchMapBukkensQuery, SearchMapInfoQuery, SearchMapInfoQueryVariables } from '../__generated__/operations.js';
import { SEARCH_MAP_BUKKENS, SEARCH_MAP_INFO } from '../features/misc/index.js';
import MapPage from './map-page.js';

afterEach(cleanup);

type Listing = SearchMapBukkensQuery['mapBukkens'][number];

const BOX: SearchMapInfoQueryVariables = { level: 7, south: 35.62, west: 139.62, north: 35.76, east: 139.82 };
const cells: SearchMapInfoQuery['mapInfo'] = [
  { __typename: 'MapCell', geoHex: 'XM4885', count: 120, center: { __typename: 'LatLng', lat: 35.68, lng: 139.76 } },
  { __typename: 'MapCell', geoHex: 'XM4886', count: 8, center: { __typename: 'LatLng', lat: 35.7, lng: 139.7 } },
];
const listing = (globalKey: string, name: string): Listing => ({
  __typename: 'Bukken',
  globalKey,
  name,
  chinryou: 85000,
  plan: '1K',
  area: 25.5,
  address: '東京都千代田区麹町1-1',
});
const info = (variables: SearchMapInfoQueryVariables, mapInfo: SearchMapInfoQuery['mapInfo'], delay = 0) => ({
  request: { query: SEARCH_MAP_INFO, variables },
  result: { data: { mapInfo } },
  delay,
});
const cell = (geoHex: string, result: { data: SearchMapBukkensQuery | null; errors?: ReturnType<typeof partDown>[] }) => ({
  request: { query: SEARCH_MAP_BUKKENS, variables: { geoHex } },
  result,
});
const mapPage = (mocks: Parameters<typeof renderPage>[1]['mocks'], search = '') =>
  renderPage(MapPage, { path: '/search/map', search, routeId: 'search.map', mocks });
const circleCounts = () => Array.from(screen.getByRole('img', { name: '物件数の地図' }).querySelectorAll('text')).map((t) => t.textContent);
const side = () => screen.getByRole('heading', { name: 'エリアの物件' }).parentElement!;

it("draws the listing count of each cell, and lists a cell's listings once it is chosen", async () => {
  const { setMeta } = mapPage([info(BOX, cells), cell('XM4885', { data: { mapBukkens: [listing('bk000000001', 'テストハイツ 101')] } })]);
  expect(await screen.findByText('120')).toBeTruthy();
  expect(circleCounts()).toEqual(['120', '8']);
  expect(within(side()).getByText('地図の円を選んでください。')).toBeTruthy();
  fireEvent.click(screen.getByText('120'));
  const link = await within(side()).findByRole('link', { name: 'テストハイツ 101' });
  expect(link.getAttribute('href')).toBe('/bukken/detail/bk000000001');
  expect(within(side()).getByText('8.5万円 ／ 1K ／ 25.5m²')).toBeTruthy();
  expect(screen.queryByTestId('listings-unavailable')).toBeNull();
  expect(setMeta).toHaveBeenCalledWith(expect.objectContaining({ title: '地図から賃貸物件を探す｜すみか' }));
  await act(async () => undefined);
});

it('reads the box the URL gives', async () => {
  mapPage([info({ ...BOX, south: 34.6, west: 135.4, north: 34.8, east: 135.6 }, [cells[1]!])], '?south=34.6&west=135.4&north=34.8&east=135.6');
  expect(await screen.findByText('8')).toBeTruthy();
});

it('draws no cell while the counts load, and none when the box has no listing', async () => {
  mapPage([info(BOX, [], 50)]);
  expect(circleCounts()).toEqual([]);
  await act(async () => new Promise((r) => setTimeout(r, 80)));
  expect(circleCounts()).toEqual([]);
  expect(screen.queryByRole('alert')).toBeNull();
});

it('shows the error box when the map could not be read', async () => {
  mapPage([{ request: { query: SEARCH_MAP_INFO, variables: BOX }, error: new Error('network down') }]);
  expect(within(await screen.findByRole('alert')).getByText('地図情報を読み込めませんでした。')).toBeTruthy();
});

it("keeps a cell's listings that came back, with the notice, when the listing subgraph could not give one", async () => {
  mapPage([
    info(BOX, cells),
    cell('XM4885', { data: { mapBukkens: [null, listing('bk000000002', 'となりハイツ 202')] }, errors: [partDown(['mapBukkens', 0])] }),
  ]);
  fireEvent.click(await screen.findByText('120'));
  expect(await within(side()).findByRole('link', { name: 'となりハイツ 202' })).toBeTruthy();
  expect(within(side()).getAllByRole('link')).toHaveLength(1);
  expect(screen.getByTestId('listings-unavailable')).toBeTruthy();
  await act(async () => undefined);
});
