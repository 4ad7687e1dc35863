import { partDown, renderPage } from '@sumika/shell-kit/testing';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { SearchMapBukkensQuery, SearchMapInfoQuery, SearchMapInfoQueryVariables } from '../__generated__/operations.js';
import { SEARCH_MAP_BOUNDS, SEARCH_MAP_BUKKENS, SEARCH_MAP_INFO } from '../features/map/index.js';
import MapPage, { pageQueries } from './map-page.js';

afterEach(cleanup);

type Listing = SearchMapBukkensQuery['mapBukkens'][number];
type Cell = SearchMapInfoQuery['mapInfo'][number];

// Central Tokyo, 760 px wide: zoom 12, GeoHex level 6.
const NO_PLACE = { prefecturePath: null, cityCodes: null, townCodes: null, lineCodes: null, stationCodes: null };
const BOX: SearchMapInfoQueryVariables = { level: 6, south: 35.62, west: 139.62, north: 35.76, east: 139.82, ...NO_PLACE, searchCondition: null };
const mapCell = (geoHex: string, count: number, nearStation: string | null, lat: number, lng: number): Cell => ({
  __typename: 'MapCell',
  geoHex,
  count,
  nearStation,
  center: { __typename: 'LatLng', lat, lng },
});
const cells = [mapCell('XM4886', 8, '新宿', 35.7, 139.7), mapCell('XM4885', 1200, '東京', 35.68, 139.76)];
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
const cell = (geoHex: string, result: { data: SearchMapBukkensQuery | null; errors?: ReturnType<typeof partDown>[] }, searchCondition: unknown = null) => ({
  request: { query: SEARCH_MAP_BUKKENS, variables: { geoHex, ...NO_PLACE, searchCondition } },
  result,
});
const mapPage = (mocks: Parameters<typeof renderPage>[1]['mocks'], search = '') =>
  renderPage(MapPage, { path: '/search/map', search, routeId: 'search.map', mocks });
const pictureCounts = () => Array.from(screen.getByRole('img', { name: '物件数の地図' }).querySelectorAll('text')).map((t) => t.textContent);
const side = () => screen.getByRole('heading', { name: 'エリアの物件' }).parentElement!;
const cellButtons = () => within(screen.getByRole('navigation', { name: 'エリアの一覧' })).getAllByRole('button');

it("draws each cell's count, lists the cells by count with their nearest station, and lists a chosen cell's listings", async () => {
  const { setMeta } = mapPage([info(BOX, cells), cell('XM4885', { data: { mapBukkens: [listing('bk000000001', 'テストハイツ 101')] } })]);
  expect(await screen.findByText('8')).toBeTruthy();
  expect(pictureCounts()).toEqual(['8', '1200']);
  expect(screen.getByText('1,208')).toBeTruthy();
  expect(cellButtons().map((b) => [b.textContent, b.getAttribute('aria-pressed')])).toEqual([
    ['東京駅付近 1,200件', 'false'],
    ['新宿駅付近 8件', 'false'],
  ]);
  expect(within(side()).getByText('地図かエリアの一覧から選んでください。')).toBeTruthy();
  fireEvent.click(cellButtons()[0]!);
  const link = await within(side()).findByRole('link', { name: 'テストハイツ 101' });
  expect(link.getAttribute('href')).toBe('/bukken/detail/bk000000001');
  expect(within(side()).getByText('8.5万円 ／ 1K ／ 25.5m²')).toBeTruthy();
  expect(within(side()).getByText('東京駅付近 1,200件')).toBeTruthy();
  expect(cellButtons()[0]!.getAttribute('aria-pressed')).toBe('true');
  expect(screen.queryByTestId('listings-unavailable')).toBeNull();
  expect(setMeta).toHaveBeenCalledWith(expect.objectContaining({ title: '地図から賃貸物件を探す｜すみか', canonical: '/search/map' }));
  await act(async () => undefined);
});

it("reads the box and the search condition from the URL, and links to the condition's results", async () => {
  const search = '?chinryou_max=100000&plan_min=1LDK&south=34.6&west=135.4&north=34.8&east=135.6';
  const osaka = {
    level: 6,
    south: 34.6,
    west: 135.4,
    north: 34.8,
    east: 135.6,
    ...NO_PLACE,
    searchCondition: { chinryou: { max: 100000 }, plans: { min: '1LDK' } },
  };
  expect(
    pageQueries({ route: { id: 'search.map', path: '/search/map', pageKind: 'list' }, params: {}, search, context: { isSpView: false, isApp: false } }),
  ).toEqual([{ query: SEARCH_MAP_INFO, variables: osaka }]);
  mapPage([info(osaka, [mapCell('XM3', 3, '梅田', 34.7, 135.5)]), cell('XM3', { data: { mapBukkens: [] } }, osaka.searchCondition)], search);
  expect(await screen.findByRole('button', { name: '梅田駅付近 3件' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'この条件の物件を一覧で見る' }).getAttribute('href')).toBe('/search/results?chinryou_max=100000&plan_min=1LDK');
  fireEvent.click(cellButtons()[0]!);
  await act(async () => new Promise((r) => setTimeout(r, 20)));
  expect(within(side()).queryAllByRole('link')).toHaveLength(0);
});

it('takes a box outside Japan or a malformed one as the default view, and a malformed condition as a bad request', async () => {
  mapPage([info(BOX, cells)], '?south=1&west=2&north=3&east=4');
  expect(await screen.findByText('1200')).toBeTruthy();
  cleanup();
  const { setStatus } = mapPage([], '?chinryou_max=abc');
  expect(setStatus).toHaveBeenCalledWith(400);
});

it('draws no cell while the counts load, and says so when the box has no listing', async () => {
  mapPage([info(BOX, [], 50)]);
  expect(pictureCounts()).toEqual([]);
  expect(await screen.findByText('この範囲に条件に合う物件はありません。地図を動かすか、縮小してください。')).toBeTruthy();
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
  fireEvent.click(await screen.findByRole('button', { name: '東京駅付近 1,200件' }));
  expect(await within(side()).findByRole('link', { name: 'となりハイツ 202' })).toBeTruthy();
  expect(within(side()).getAllByRole('link')).toHaveLength(1);
  expect(screen.getByTestId('listings-unavailable')).toBeTruthy();
  await act(async () => undefined);
});

it('lists the 12 busiest cells first, all of them on request', async () => {
  const many = Array.from({ length: 14 }, (_, i) => mapCell(`XM48${10 + i}`, 100 - i, `駅${i + 1}`, 35.63 + i * 0.005, 139.65 + i * 0.005));
  mapPage([info(BOX, many)]);
  expect(await screen.findByRole('button', { name: '駅1駅付近 100件' })).toBeTruthy();
  expect(cellButtons().filter((b) => b.classList.contains('s-map__cell'))).toHaveLength(12);
  fireEvent.click(screen.getByRole('button', { name: 'すべてのエリアを表示（14）' }));
  expect(within(screen.getByRole('navigation', { name: 'エリアの一覧' })).getAllByRole('button', { pressed: false })).toHaveLength(14);
  expect(screen.getByRole('button', { name: '件数の多いエリアだけ表示' }).getAttribute('aria-expanded')).toBe('true');
});

it("opens a search with a place (a results page's map) on the box around its matches, counting that place only", async () => {
  const place = { prefecturePath: 'tokyo', cityCodes: [13104], townCodes: null, lineCodes: null, stationCodes: null };
  const search = '?prefecture=tokyo&city=13104&chinryou_max=80000';
  const searchCondition = { chinryou: { max: 80000 } };
  // The shell asks for the box first; the cells follow for the fitted view.
  expect(pageQueries({ route: { id: 'search.map' } as never, params: {}, search } as never)).toEqual([
    { query: SEARCH_MAP_BOUNDS, variables: { ...place, searchCondition } },
  ]);
  const fitted = { south: 35.68, west: 139.68, north: 35.72, east: 139.74 };
  mapPage(
    [
      { request: { query: SEARCH_MAP_BOUNDS, variables: { ...place, searchCondition } }, result: { data: { mapBounds: { __typename: 'MapBox', ...fitted } } } },
      // 0.06° of longitude over 760 px: zoom 13, GeoHex level 7.
      info({ level: 7, ...fitted, ...place, searchCondition }, [mapCell('XM48865', 42, '新宿', 35.7, 139.7)]),
    ],
    search,
  );
  expect(await screen.findByRole('button', { name: '新宿駅付近 42件' })).toBeTruthy();
  expect(cellButtons().map((b) => b.textContent)).toEqual(['新宿駅付近 42件']);
  // The list of the same search keeps its place.
  expect(screen.getByRole('link', { name: 'この条件の物件を一覧で見る' }).getAttribute('href')).toBe('/search/tokyo/city/13104?chinryou_max=80000');
  // The panel narrows the map, not the list.
  const form = screen.getByRole('button', { name: /この条件で検索|検索/ }).closest('form');
  expect(form?.getAttribute('action')).toBe('/search/map');
});
