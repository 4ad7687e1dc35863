import { partDown, renderPage } from '@sumika/shell-kit/testing';
import { BUILDING_TYPES, RENT_PRICES } from '@sumika/spec';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import type { SearchBukkenCardFragment, SearchBukkensQuery, SearchPlaceQuery, SearchSetLastSearchConditionMutation } from '../__generated__/operations.js';
import { SEARCH_BUKKENS, SEARCH_PLACE, SET_LAST_SEARCH_CONDITION } from '../features/results/index.js';
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

it('fetches the first card’s photo at once and with high priority (the largest paint), every other image lazily', async () => {
  cityPage([searchMock(1, { data: answer(1) }), placeMock(), rememberMock]);
  await screen.findByText('テストハイツ11');
  const images = screen.getAllByTestId('bukken-card').flatMap((c) => Array.from(c.querySelectorAll('img')));
  expect(images.map((img) => [img.getAttribute('loading'), img.getAttribute('fetchpriority')])).toEqual([
    ['eager', 'high'],
    ['lazy', null],
    ['lazy', null],
    ['lazy', null],
  ]);
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
        result: { data: answer(1) },
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
  });
  const form = screen.getByTestId('filter-form');
  expect(form.getAttribute('action')).toBe('/search/results');
  const hidden = Array.from(form.querySelectorAll<HTMLInputElement>('input[type=hidden]')).map((i) => `${i.name}=${i.value}`);
  expect(hidden).toEqual(['prefecture=tokyo', 'station=1130205', 'station=1130208', 'commute=2800101_45_1']);
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
