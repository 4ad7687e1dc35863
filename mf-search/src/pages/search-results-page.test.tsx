import { partDown, renderPage } from '@sumika/shell-kit/testing';
import { BUILDING_TYPES, RENT_PRICES } from '@sumika/spec';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import type { SearchBukkenCardFragment, SearchBukkensQuery, SearchPlaceQuery, SearchSetLastSearchConditionMutation } from '../__generated__/operations.js';
import { SEARCH_BUKKENS, SEARCH_PLACE, SET_LAST_SEARCH_CONDITION, WORD_PLACES } from '../features/results/index.js';
import { bukkenCard } from '../testing/fixtures.js';
import SearchResultsPage from './search-results-page.js';

afterEach(cleanup);

const card = (n: number): SearchBukkenCardFragment => ({ ...bukkenCard(n, `テストハイツ${n}`), chinryou: 80000 + n });
type Result = SearchBukkensQuery['searchBukkens']['result'];

const answer = (
  currentPage: number,
  bukkenList: Result['bukkenList'] = [card(currentPage * 10 + 1), card(currentPage * 10 + 2)],
  count = 293,
): SearchBukkensQuery => ({
  searchBukkens: {
    __typename: 'SearchBukkensPayload',
    result: {
      __typename: 'SearchResult',
      bukkenList,
      bukkenTotal: { __typename: 'BukkenTotal', count },
      pagination: {
        __typename: 'Pagination',
        count,
        currentPage,
        limitValue: 30,
        nextPage: currentPage + 1,
        previousPage: currentPage > 1 ? currentPage - 1 : null,
        totalPages: Math.ceil(count / 30),
      },
    },
    searchConditionTexts: {
      __typename: 'SearchConditionTexts',
      searchText: '東京都 千代田区',
      placeText: '東京都 千代田区',
      conditionText: 'こだわり条件なし',
    },
  },
});

const place: SearchPlaceQuery = {
  prefecture: { __typename: 'Prefecture', code: 13, name: '東京都', path: 'tokyo' },
  city: { __typename: 'City', code: 13101, name: '千代田区' },
};
const placeMock = (result: { data: SearchPlaceQuery | null; errors?: ReturnType<typeof partDown>[] } = { data: place }) => ({
  request: { query: SEARCH_PLACE, variables: () => true },
  result,
  maxUsageCount: Number.POSITIVE_INFINITY,
});
const remembered: SearchSetLastSearchConditionMutation = {
  setLastSearchCondition: { __typename: 'LastSearchCondition', searchPath: '/search/tokyo/city/13101' },
};
const rememberMock = {
  request: { query: SET_LAST_SEARCH_CONDITION, variables: () => true },
  result: { data: remembered },
  maxUsageCount: Number.POSITIVE_INFINITY,
};
const searchMock = (page: number, result: { data: SearchBukkensQuery | null; errors?: ReturnType<typeof partDown>[] }, delay = 0) => ({
  request: { query: SEARCH_BUKKENS, variables: (v: { page?: number }) => v.page === page },
  result,
  delay,
});

const cityPage = (mocks: Parameters<typeof renderPage>[1]['mocks'], search = '') =>
  renderPage(SearchResultsPage, {
    path: '/search/tokyo/city/13101',
    search,
    params: { prefecturePath: 'tokyo', cityCode: '13101' },
    routeId: 'search.city',
    pageKind: 'list',
    mocks,
  });
const keys = () => screen.getAllByTestId('bukken-card').map((c) => c.dataset['globalKey']);

it('shows the count, the range, the cards and the pager of the search, with its title and breadcrumbs', async () => {
  const { setMeta, setStatus } = cityPage([searchMock(1, { data: answer(1) }), placeMock(), rememberMock]);
  expect(await screen.findByText('テストハイツ11')).toBeTruthy();
  // The same search on the map (its place and condition, not its page or order).
  expect(screen.getByRole('link', { name: '地図で見る' }).getAttribute('href')).toBe('/search/map?prefecture=tokyo&city=13101');
  expect(keys()).toEqual(['bk0000000011', 'bk0000000012']);
  expect(screen.getByTestId('result-count').textContent).toBe('該当物件293件（1〜30件を表示）');
  expect(screen.getByTestId('filter-form')).toBeTruthy();
  expect(screen.queryByTestId('listings-unavailable')).toBeNull();
  await waitFor(() =>
    expect(setMeta).toHaveBeenLastCalledWith(
      expect.objectContaining({
        breadcrumbs: [{ text: '賃貸トップ', path: '/' }, { text: '東京都の賃貸', path: '/tokyo' }, { text: '東京都 千代田区の賃貸物件' }],
      }),
    ),
  );
  expect(setMeta).toHaveBeenLastCalledWith(
    expect.objectContaining({
      title: '東京都 千代田区の賃貸物件・賃貸住宅｜すみか',
      canonical: '/search/tokyo/city/13101',
      pageTitle: '東京都 千代田区の賃貸物件',
    }),
  );
  // A city's results link its livability page (issue 16).
  expect((await screen.findByRole('link', { name: '千代田区の住みやすさ・家賃相場 ›' })).getAttribute('href')).toBe('/livability/tokyo/city/13101');
  expect(setStatus).not.toHaveBeenCalled();
  await act(async () => undefined);
});

it('narrows by the rents and building types the search subgraph serves as its master lists (one list, @sumika/spec)', async () => {
  cityPage([searchMock(1, { data: answer(1) }), placeMock(), rememberMock], '?chinryou_max=65000&building_type=terrace');
  const form = within(await screen.findByTestId('filter-form'));
  const rents = form.getByRole('combobox', { name: '賃料の上限' }) as HTMLSelectElement;
  expect(Array.from(rents.options).map((o) => o.value)).toEqual(['', ...RENT_PRICES.map(String)]);
  expect(rents.value).toBe('65000');
  expect(
    form
      .getAllByRole('checkbox')
      .filter((c) => (c as HTMLInputElement).name === 'building_type')
      .map((c) => (c as HTMLInputElement).value),
  ).toEqual(BUILDING_TYPES.map((t) => t.key));
  expect((form.getByRole('checkbox', { name: 'テラスハウス' }) as HTMLInputElement).checked).toBe(true);
  await act(async () => undefined);
});

it('says it is loading until the search answers', async () => {
  cityPage([searchMock(1, { data: answer(1) }, 50), placeMock(), rememberMock]);
  expect(screen.getByText('読み込み中…')).toBeTruthy();
  expect(screen.getByTestId('result-count').textContent).toBe('該当物件-件');
  expect(await screen.findByText('テストハイツ11')).toBeTruthy();
  expect(screen.queryByText('読み込み中…')).toBeNull();
  await act(async () => undefined);
});

it('says nothing matched when the search found no listing', async () => {
  cityPage([searchMock(1, { data: answer(1, [], 0) }), placeMock(), rememberMock]);
  expect(await screen.findByText('条件に合う物件が見つかりませんでした。条件を変えて検索してください。')).toBeTruthy();
  expect(screen.getByTestId('result-count').textContent).toBe('該当物件0件');
  expect(screen.queryAllByTestId('bukken-card')).toEqual([]);
  await act(async () => undefined);
});

it('shows the error box when the search could not be read', async () => {
  const { setStatus } = cityPage([{ request: { query: SEARCH_BUKKENS, variables: () => true }, error: new Error('network down') }, placeMock(), rememberMock]);
  expect(within(await screen.findByRole('alert')).getByText('検索結果を読み込めませんでした。')).toBeTruthy();
  expect(screen.queryByTestId('search-results')).toBeNull();
  expect(setStatus).not.toHaveBeenCalled();
  await act(async () => undefined);
});

it('keeps the count and the listings that came back, with the notice, when the listing subgraph could not give one', async () => {
  cityPage([searchMock(1, { data: answer(1, [null, card(12)]), errors: [partDown(['searchBukkens', 'result', 'bukkenList', 0])] }), placeMock(), rememberMock]);
  expect(await screen.findByText('テストハイツ12')).toBeTruthy();
  expect(keys()).toEqual(['bk0000000012']);
  expect(screen.getByTestId('listings-unavailable').textContent).toBe('物件情報の一部を表示できません。しばらくしてから再度お試しください。');
  expect(screen.getByTestId('result-count').textContent).toContain('293');
  await act(async () => undefined);
});

it('answers 404 for a city that does not exist, but not when the place could not be read', async () => {
  const unknown = cityPage([searchMock(1, { data: answer(1) }), placeMock({ data: { ...place, city: null } }), rememberMock]);
  await waitFor(() => expect(unknown.setStatus).toHaveBeenCalledWith(404));
  cleanup();
  const down = cityPage([searchMock(1, { data: answer(1) }), placeMock({ data: { ...place, city: null }, errors: [partDown(['city'])] }), rememberMock]);
  expect(await screen.findByText('テストハイツ11')).toBeTruthy();
  expect(down.setStatus).not.toHaveBeenCalled();
  await act(async () => undefined);
});

it('keeps the heading, the count and the cards of the page before, dimmed, while the next page loads', async () => {
  // The second page answers late: the test looks at the page while it loads.
  const { setMeta, rerenderPage } = cityPage([searchMock(1, { data: answer(1) }), searchMock(2, { data: answer(2) }, 200), placeMock(), rememberMock]);
  const lastTitle = () => setMeta.mock.calls.at(-1)?.[0].title;

  expect(await screen.findByText('テストハイツ11')).toBeTruthy();
  expect(lastTitle()).toBe('東京都 千代田区の賃貸物件・賃貸住宅｜すみか');

  // The shell passes the new query string when the pager navigates.
  rerenderPage({ search: '?page=2' });
  expect(screen.getByText('テストハイツ11')).toBeTruthy();
  expect(screen.getByTestId('result-count').textContent).toContain('293');
  expect(screen.getByTestId('search-results').getAttribute('aria-busy')).toBe('true');
  expect(screen.getByText('テストハイツ11').closest('ul')?.className).toContain('s-cards--stale');
  expect(lastTitle()).toBe('東京都 千代田区の賃貸物件・賃貸住宅（2ページ目）｜すみか');
  expect(screen.queryByText('読み込み中…')).toBeNull();

  expect(await screen.findByText('テストハイツ21')).toBeTruthy();
  expect(screen.queryByText('テストハイツ11')).toBeNull();
  expect(screen.getByTestId('search-results').getAttribute('aria-busy')).toBeNull();
  await act(async () => undefined);
});

it('fetches the first building’s photo at once and with high priority (the largest paint), every other image lazily', async () => {
  cityPage([searchMock(1, { data: answer(1) }), placeMock(), rememberMock]);
  await screen.findByText('テストハイツ11');
  const images = Array.from(screen.getByTestId('search-results').querySelectorAll('.s-cards img'));
  // Per building: its photo, then each room's floor plan.
  expect(images.map((img) => [img.getAttribute('src'), img.getAttribute('loading'), img.getAttribute('fetchpriority')])).toEqual([
    ['/g.svg', 'eager', 'high'],
    ['/m.svg', 'lazy', null],
    ['/g.svg', 'lazy', null],
    ['/m.svg', 'lazy', null],
  ]);
  await act(async () => undefined);
});

it('groups the rooms of one building into one block, rooms in search order, each with its initial cost and rent against the market', async () => {
  const inBuilding = (n: number, key: string, extra: Partial<SearchBukkenCardFragment> = {}): SearchBukkenCardFragment => ({
    ...card(n),
    building: { __typename: 'Building', key },
    ...extra,
  });
  const list = [
    inBuilding(1, 'bl1', {
      name: 'グループハイツ',
      floor: 3,
      chinryou: 80_000,
      shikikin: 80_000,
      reikin: 0,
      initialCost: { __typename: 'InitialCost', total: 402_500 },
    }),
    inBuilding(2, 'bl2', {
      name: 'ソロコート',
      floor: 1,
      marketRent: { __typename: 'MarketRent', difference: 1000, differenceRate: 0.012 },
    }),
    inBuilding(3, 'bl1', { name: 'グループハイツ', floor: 5, marketRent: null, initialCost: { __typename: 'InitialCost', total: 351_000 } }),
  ];
  cityPage([searchMock(1, { data: answer(1, list, 3) }), placeMock(), rememberMock]);
  expect(await screen.findByRole('link', { name: 'グループハイツ' })).toBeTruthy();
  // The count stays the number of rooms.
  expect(screen.getByTestId('result-count').textContent).toBe('該当物件3件');

  const blocks = screen.getAllByTestId('building-card');
  expect(blocks.map((b) => b.dataset['buildingKey'])).toEqual(['bl1', 'bl2']);
  const [group, solo] = blocks as [HTMLElement, HTMLElement];
  expect(within(group).getByRole('heading', { level: 3 }).textContent).toBe('マンショングループハイツ');
  expect(within(group).getByRole('link', { name: 'グループハイツ' }).getAttribute('href')).toBe('/building/bl1');
  expect(within(group).getByText('東京都世田谷区1-1')).toBeTruthy();
  expect(within(group).getByText('築8年 ／ 5階建')).toBeTruthy();
  expect(within(group).getByText('小田急線/経堂駅 歩7分')).toBeTruthy();

  // A table of rooms a screen reader can read: caption, column headers, the floor as each row's header.
  const table = within(group).getByRole('table', { name: 'グループハイツの募集中の部屋（2件）' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent),
  ).toEqual(['間取り図', '階', '賃料', '管理費', '敷金/礼金', '間取り', '面積', '初期費用', '相場比', 'お気に入り・詳細']);
  const rows = within(group).getAllByTestId('bukken-card');
  expect(rows.map((r) => r.dataset['globalKey'])).toEqual(['bk000000001', 'bk000000003']);
  expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['3階', '5階']);
  expect(
    within(rows[0]!)
      .getAllByRole('cell')
      .map((c) => c.textContent),
  ).toEqual(['', '8万円', '5,000円', '敷 1ヶ月 / 礼 なし', '1LDK', '40m²', '40.3万円', '相場より3,200円安い (-4.1%)', '☆ お気に入りに追加詳細を見る']);
  // No market rent: the cell says nothing.
  expect(within(rows[1]!).getByTestId('initial-cost').textContent).toBe('35.1万円');
  expect(within(rows[1]!).getByTestId('market-delta').textContent).toBe('');
  for (const row of rows) {
    const key = row.dataset['globalKey'] ?? '';
    expect(within(row).getByRole('link', { name: '詳細を見る' }).getAttribute('href')).toBe(`/bukken/detail/${key}`);
    expect(within(row).getByTestId('favorite-button').getAttribute('aria-pressed')).toBe('false');
  }

  expect(
    within(solo)
      .getAllByTestId('bukken-card')
      .map((r) => r.dataset['globalKey']),
  ).toEqual(['bk000000002']);
  expect(within(solo).getByTestId('market-delta').textContent).toBe('相場より1,000円高い (+1.2%)');
  expect(keys()).toEqual(['bk000000001', 'bk000000003', 'bk000000002']);
  await act(async () => undefined);
});

it('searches every station and commute destination of the URL, and its narrowing form carries them all', async () => {
  const asked: unknown[] = [];
  renderPage(SearchResultsPage, {
    path: '/search/results',
    search: '?prefecture=tokyo&station=1130205&station=1130208&commute=2800101_45_1&chinryou_max=80000',
    routeId: 'search.results',
    pageKind: 'list',
    mocks: [
      {
        request: {
          query: SEARCH_BUKKENS,
          variables: (v: unknown) => {
            asked.push(v);
            return true;
          },
        },
        // A search with destinations asks for the listings' commute times too.
        result: { data: { searchBukkens: { ...answer(1).searchBukkens, commutes: [] } } },
      },
      placeMock(),
      rememberMock,
    ],
  });
  expect(await screen.findByText('テストハイツ11')).toBeTruthy();
  expect(asked[0]).toEqual({
    page: 1,
    perPage: 30,
    prefecturePath: 'tokyo',
    stationCodes: [1130205, 1130208],
    destinationStations: [{ stationCode: 2800101, maxMinutes: 45, maxTransfers: 1 }],
    searchCondition: { chinryou: { max: 80000 } },
    withCommute: true,
  });
  const form = screen.getByTestId('filter-form');
  expect(form.getAttribute('action')).toBe('/search/results');
  const hidden = Array.from(form.querySelectorAll<HTMLInputElement>('input[type=hidden]')).map((i) => `${i.name}=${i.value}`);
  expect(hidden).toEqual(['prefecture=tokyo', 'station=1130205', 'station=1130208', 'commute=2800101_45_1']);
  await act(async () => undefined);
});

it('shows each room its minutes and line changes to every commute destination, under its row', async () => {
  const times = (globalKey: string, minutes: number) => ({
    __typename: 'ListingCommute' as const,
    globalKey,
    destinations: [
      { __typename: 'CommuteTime' as const, stationCode: 2800101, stationName: '新宿', minutes, transfers: 1, fromStationName: '経堂' },
      { __typename: 'CommuteTime' as const, stationCode: 1130205, stationName: '渋谷', minutes: minutes + 5, transfers: 0, fromStationName: '経堂' },
    ],
  });
  renderPage(SearchResultsPage, {
    path: '/search/results',
    search: '?prefecture=tokyo&commute=2800101_45_1&commute=1130205_60',
    routeId: 'search.results',
    pageKind: 'list',
    mocks: [
      searchMock(1, { data: { searchBukkens: { ...answer(1).searchBukkens, commutes: [times('bk0000000012', 30), times('bk0000000011', 18)] } } }),
      placeMock({ data: { prefecture: place.prefecture, city: null } }),
      rememberMock,
    ],
  });
  expect(await screen.findByText('テストハイツ11')).toBeTruthy();
  const lists = screen.getAllByTestId('commute-times');
  expect(lists.map((l) => l.textContent)).toEqual(['新宿まで 18分（乗換1回）渋谷まで 23分（乗換なし）', '新宿まで 30分（乗換1回）渋谷まで 35分（乗換なし）']);
  // Each under its own room's row.
  expect(lists.map((l) => l.closest('tr')?.previousElementSibling?.getAttribute('data-global-key'))).toEqual(['bk0000000011', 'bk0000000012']);
  await act(async () => undefined);
});

it('answers 400 for a malformed commute destination', async () => {
  const { setStatus } = renderPage(SearchResultsPage, {
    path: '/search/results',
    search: '?commute=1130205',
    routeId: 'search.results',
    pageKind: 'list',
    mocks: [],
  });
  await waitFor(() => expect(setStatus).toHaveBeenCalledWith(400));
});

it('gives a query-string search its own canonical (its place and page), and a filtered one noindex with its base as canonical', async () => {
  const meta = async (search: string) => {
    const { setMeta } = renderPage(SearchResultsPage, {
      path: '/search/results',
      search,
      routeId: 'search.results',
      pageKind: 'list',
      mocks: [{ request: { query: SEARCH_BUKKENS, variables: () => true }, result: { data: answer(2) } }, placeMock(), rememberMock],
    });
    await screen.findByText('テストハイツ21');
    await act(async () => undefined);
    const last = setMeta.mock.calls.at(-1)?.[0];
    cleanup();
    return { canonical: last?.canonical, robots: last?.robots };
  };
  expect(await meta('?prefecture=tokyo&station=1130205&station=1130208&page=2')).toEqual({
    canonical: '/search/results?prefecture=tokyo&station=1130205&station=1130208&page=2',
    robots: undefined,
  });
  expect(await meta('?prefecture=tokyo&station=1130205&station=1130208&chinryou_max=80000&sort=chinryou_asc&page=2')).toEqual({
    canonical: '/search/results?prefecture=tokyo&station=1130205&station=1130208',
    robots: 'noindex, follow',
  });
  expect(await meta('?q=%E6%96%B0%E5%AE%BF&page=2')).toEqual({ canonical: '/search/words?q=%E6%96%B0%E5%AE%BF&page=2', robots: undefined });
});

it('under a free-word search offers the stations and cities its first word names, as links to their own searches', async () => {
  const asked: unknown[] = [];
  renderPage(SearchResultsPage, {
    path: '/search/words',
    search: '?q=shinjuku+1LDK',
    routeId: 'search.words',
    pageKind: 'list',
    mocks: [
      { request: { query: SEARCH_BUKKENS, variables: () => true }, result: { data: answer(1) } },
      placeMock(),
      rememberMock,
      {
        request: {
          query: WORD_PLACES,
          variables: (v: unknown) => {
            asked.push(v);
            return true;
          },
        },
        result: {
          data: {
            wordSuggests: [
              { __typename: 'WordSuggest', kind: 'STATION', name: '新宿駅', detail: '東京都 JR山手線', path: '/search/tokyo/line/11302/station/1130208' },
              { __typename: 'WordSuggest', kind: 'CITY', name: '新宿区', detail: '東京都', path: '/search/tokyo/city/13104' },
              { __typename: 'WordSuggest', kind: 'LINE', name: '新宿線', detail: '東京都', path: '/search/results?prefecture=tokyo&line=1' },
            ],
          },
        },
      },
    ],
  });
  const nav = await screen.findByRole('navigation', { name: '駅・市区町村で探す' });
  expect(asked).toContainEqual({ keyword: 'shinjuku' });
  expect(
    within(nav)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]),
  ).toEqual([
    ['新宿駅の賃貸物件（東京都）', '/search/tokyo/line/11302/station/1130208'],
    ['新宿区の賃貸物件（東京都）', '/search/tokyo/city/13104'],
  ]);
});

it("links a station page's results to the livability page of the station's group", async () => {
  const asked: unknown[] = [];
  renderPage(SearchResultsPage, {
    path: '/search/tokyo/line/11302/station/1130208',
    params: { prefecturePath: 'tokyo', lineCode: '11302', stationCode: '1130208' },
    routeId: 'search.station',
    pageKind: 'list',
    mocks: [
      { request: { query: SEARCH_BUKKENS, variables: () => true }, result: { data: answer(1) } },
      {
        request: {
          query: SEARCH_PLACE,
          variables: (v: unknown) => {
            asked.push(v);
            return true;
          },
        },
        result: {
          data: {
            prefecture: place.prefecture,
            line: { __typename: 'Line', code: 11302, name: 'JR山手線' },
            station: { __typename: 'Station', code: 1130208, groupCode: 1130208, name: '新宿' },
          },
        },
        maxUsageCount: Number.POSITIVE_INFINITY,
      },
      rememberMock,
    ],
  });
  const link = await screen.findByRole('link', { name: '新宿駅の住みやすさ・家賃相場 ›' });
  expect(link.getAttribute('href')).toMatch(/1130208/);
  expect(asked).toContainEqual(expect.objectContaining({ stationCode: 1130208, withStation: true, lineCode: 11302, withLine: true }));
});
