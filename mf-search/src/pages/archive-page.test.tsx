import { partDown, renderPage } from '@sumika/shell-kit/testing';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import type { SearchArchiveQuery, SearchArchiveQueryVariables } from '../__generated__/operations.js';
import { SEARCH_ARCHIVE } from '../features/misc/index.js';
import ArchivePage from './archive-page.js';

afterEach(cleanup);

type Listing = NonNullable<SearchArchiveQuery['archiveList']>['bukkenList'][number];
type Answer = { data: SearchArchiveQuery | null; errors?: ReturnType<typeof partDown>[] };

const tokyo: SearchArchiveQuery['prefecture'] = { __typename: 'Prefecture', code: 13, name: '東京都', path: 'tokyo' };
const listing = (globalKey: string, name: string): Listing => ({
  __typename: 'Bukken',
  globalKey,
  name,
  chinryou: 85000,
  plan: '1K',
  area: 25.5,
  address: '東京都千代田区麹町1-1',
});
const list = (bukkenList: Listing[], count = bukkenList.length): NonNullable<SearchArchiveQuery['archiveList']> => ({
  __typename: 'SearchResult',
  bukkenList,
  bukkenTotal: { __typename: 'BukkenTotal', count },
  pagination: { __typename: 'Pagination', currentPage: 1, totalPages: 1 },
});

const CITY_VARS: SearchArchiveQueryVariables = {
  prefecturePath: 'tokyo',
  lineCode: 0,
  cityCode: 13101,
  stationCode: null,
  page: 1,
  cities: false,
  stations: false,
  list: true,
};
const CITIES_VARS: SearchArchiveQueryVariables = {
  prefecturePath: 'tokyo',
  lineCode: 0,
  cityCode: null,
  stationCode: null,
  page: 1,
  cities: true,
  stations: false,
  list: false,
};
const archive = (variables: SearchArchiveQueryVariables, result: Answer, delay = 0) => [{ request: { query: SEARCH_ARCHIVE, variables }, result, delay }];
const cityList = (mocks: Parameters<typeof renderPage>[1]['mocks']) =>
  renderPage(ArchivePage, {
    path: '/archive_list/tokyo/city/13101',
    params: { prefecturePath: 'tokyo', cityCode: '13101' },
    routeId: 'archive_list.city',
    pageKind: 'list',
    mocks,
  });
const rows = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getByRole('link').textContent);

it("lists a city's listings that left the market, linked to their archive pages", async () => {
  const { setMeta, setStatus } = cityList(
    archive(CITY_VARS, {
      data: { prefecture: tokyo, archiveList: list([listing('bk000000001', 'テストハイツ 101'), listing('bk000000002', 'となりハイツ 202')], 1234) },
    }),
  );
  expect(await screen.findByText('掲載終了物件 1,234件')).toBeTruthy();
  expect(rows()).toEqual(['テストハイツ 101', 'となりハイツ 202']);
  expect(screen.getByRole('link', { name: 'テストハイツ 101' }).getAttribute('href')).toBe('/bukken/archive_detail/bk000000001');
  expect(screen.getAllByRole('row')[1]?.textContent).toContain('1K');
  expect(screen.queryByTestId('listings-unavailable')).toBeNull();
  expect(setMeta).toHaveBeenLastCalledWith(
    expect.objectContaining({
      title: '東京都の掲載終了物件｜すみか',
      robots: 'noindex, follow',
      breadcrumbs: [{ text: '賃貸トップ', path: '/' }, { text: '東京都の賃貸', path: '/tokyo' }, { text: '掲載終了物件' }],
    }),
  );
  expect(setStatus).not.toHaveBeenCalled();
  await act(async () => undefined);
});

it('lists the cities with archived listings and their counts', async () => {
  renderPage(ArchivePage, {
    path: '/archive/cities_lines/tokyo',
    params: { prefecturePath: 'tokyo' },
    routeId: 'archive.cities_lines',
    mocks: archive(CITIES_VARS, {
      data: {
        prefecture: tokyo,
        archiveCities: [{ __typename: 'ArchiveEntry', code: 13101, name: '千代田区', count: 1200 }],
        railways: [{ __typename: 'Railway', code: 'jr-east', name: 'JR東日本', lines: [{ __typename: 'Line', code: 11302, name: 'JR山手線' }] }],
      },
    }),
  });
  // Each name links to its own archive page: a city's, a line's stations.
  expect((await screen.findByRole('link', { name: '千代田区' })).getAttribute('href')).toBe('/archive/city/tokyo/13101');
  expect(screen.getByRole('link', { name: 'JR山手線' }).getAttribute('href')).toBe('/archive/line_stations/tokyo/11302');
  expect(screen.getByText('(1,200)')).toBeTruthy();
  expect(screen.queryByRole('table')).toBeNull();
});

it("links each station of a line's archive to the station's archive page", async () => {
  renderPage(ArchivePage, {
    path: '/archive/line_stations/tokyo/11302',
    params: { prefecturePath: 'tokyo', lineCode: '11302' },
    routeId: 'archive.line_stations',
    mocks: archive(
      { ...CITIES_VARS, lineCode: 11302, cities: false, stations: true },
      { data: { prefecture: tokyo, archiveLineStations: [{ __typename: 'ArchiveEntry', code: 2200001, name: '東京', count: 12 }] } },
    ),
  });
  expect((await screen.findByRole('link', { name: '東京' })).getAttribute('href')).toBe('/archive/station/tokyo/11302/2200001');
  expect(screen.getByText('(12)')).toBeTruthy();
});

it('names the prefecture in the title while the page loads', async () => {
  const { setMeta } = cityList(archive(CITY_VARS, { data: { prefecture: tokyo, archiveList: list([]) } }, 50));
  expect(screen.queryByRole('table')).toBeNull();
  expect(setMeta).toHaveBeenCalled();
  for (const [meta] of setMeta.mock.calls)
    expect(meta).toEqual(
      expect.objectContaining({
        title: '東京都の掲載終了物件｜すみか',
        pageTitle: '東京都の掲載終了物件',
        breadcrumbs: [{ text: '賃貸トップ', path: '/' }, { text: '東京都の賃貸', path: '/tokyo' }, { text: '掲載終了物件' }],
      }),
    );
  expect(await screen.findByText('掲載終了物件 0件')).toBeTruthy();
  await act(async () => undefined);
});

it('shows an empty table and the zero count when no listing has left the market', async () => {
  cityList(archive(CITY_VARS, { data: { prefecture: tokyo, archiveList: list([]) } }));
  expect(await screen.findByText('掲載終了物件 0件')).toBeTruthy();
  expect(screen.getAllByRole('row')).toHaveLength(1);
});

it('keeps the listings that came back, with the notice, when the listing subgraph could not give one', async () => {
  cityList(
    archive(CITY_VARS, {
      data: { prefecture: tokyo, archiveList: list([null, listing('bk000000002', 'となりハイツ 202')], 2) },
      errors: [partDown(['archiveList', 'bukkenList', 0])],
    }),
  );
  expect(await screen.findByTestId('listings-unavailable')).toBeTruthy();
  expect(rows()).toEqual(['となりハイツ 202']);
  expect(screen.getByText('掲載終了物件 2件')).toBeTruthy();
  await act(async () => undefined);
});

it('answers 404 for a prefecture that does not exist', async () => {
  const { container, setStatus } = cityList(archive(CITY_VARS, { data: { prefecture: null, archiveList: list([]) } }));
  await waitFor(() => expect(setStatus).toHaveBeenCalledWith(404));
  expect(container.textContent).toBe('');
});

it('shows the error box, not the 404 page, when the archive could not be read', async () => {
  const { setStatus } = cityList([{ request: { query: SEARCH_ARCHIVE, variables: CITY_VARS }, error: new Error('network down') }]);
  expect(within(await screen.findByRole('alert')).getByText('情報を読み込めませんでした。')).toBeTruthy();
  expect(setStatus).not.toHaveBeenCalled();
});

it('shows the error box, not the 404 page, when the prefecture came back null with an error', async () => {
  const { setStatus } = cityList(archive(CITY_VARS, { data: { prefecture: null, archiveList: list([]) }, errors: [partDown(['prefecture'])] }));
  expect(within(await screen.findByRole('alert')).getByText('情報を読み込めませんでした。')).toBeTruthy();
  expect(setStatus).not.toHaveBeenCalledWith(404);
});
