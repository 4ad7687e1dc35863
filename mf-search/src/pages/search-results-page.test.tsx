import { jest } from '@jest/globals';
import { MockedProvider } from '@apollo/client/testing/react';
import { MemoryRouter, ShellKitProvider, clientContextFromRequest, createKitCache } from '@sumika/shell-kit';
import type { PageMeta, RemotePageProps } from '@sumika/shell/contract';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { SearchBukkenCardFragment, SearchBukkensQuery, SearchPlaceQuery, SearchSetLastSearchConditionMutation } from '../__generated__/operations.js';
import { SEARCH_BUKKENS } from '../features/results/api/search-bukkens.js';
import { SEARCH_PLACE } from '../features/results/api/search-place.js';
import { SET_LAST_SEARCH_CONDITION } from '../features/results/api/set-last-search-condition.js';
import SearchResultsPage from './search-results-page.js';

afterEach(cleanup);
// As on a page the shell rendered: mf-search's stylesheet is in <head> already (the kit's RemoteStyles).
beforeAll(() => document.head.insertAdjacentHTML('beforeend', '<style data-href="mf-search" data-precedence="default"></style>'));

const card = (n: number): SearchBukkenCardFragment => ({
  __typename: 'Bukken',
  globalKey: `bk${n}`,
  name: `テストハイツ${n}`,
  address: '東京都千代田区麹町1-1',
  chinryou: 80000 + n,
  kanriKyoeki: 5000,
  shikikin: 1,
  reikin: 1,
  plan: '1K',
  area: 25.5,
  floor: 3,
  builtAge: 5,
  typeName: 'マンション',
  traffics: [{ __typename: 'Traffic', text: '東京メトロ半蔵門線/半蔵門駅 歩5分', walkMin: 5 }],
  imageGroup: { __typename: 'ImageGroup', gaikanUrl: '/images/bukken/a.svg', madoriUrl: '/images/bukken/b.svg' },
  favorited: false,
});

const page = (currentPage: number): SearchBukkensQuery => ({
  searchBukkens: {
    __typename: 'SearchBukkensPayload',
    result: {
      __typename: 'SearchResult',
      bukkenList: [card(currentPage * 10 + 1), card(currentPage * 10 + 2)],
      bukkenTotal: { __typename: 'BukkenTotal', count: 293 },
      pagination: { __typename: 'Pagination', count: 293, currentPage, limitValue: 30, nextPage: currentPage + 1, previousPage: currentPage > 1 ? currentPage - 1 : null, totalPages: 10 },
    },
    searchConditionTexts: { __typename: 'SearchConditionTexts', searchText: '東京都 千代田区', placeText: '東京都 千代田区', conditionText: 'こだわり条件なし' },
  },
});

const mocks = [
  { request: { query: SEARCH_BUKKENS, variables: (v: { page?: number }) => v.page === 1 }, result: { data: page(1) } },
  // The second page answers late: the test looks at the page while it loads.
  { request: { query: SEARCH_BUKKENS, variables: (v: { page?: number }) => v.page === 2 }, result: { data: page(2) }, delay: 200 },
  {
    request: { query: SEARCH_PLACE, variables: () => true },
    result: { data: { prefecture: { __typename: 'Prefecture', code: 13, name: '東京都', path: 'tokyo' }, city: { __typename: 'City', code: 13101, name: '千代田区' } } satisfies SearchPlaceQuery },
    maxUsageCount: Number.POSITIVE_INFINITY,
  },
  { request: { query: SET_LAST_SEARCH_CONDITION, variables: () => true }, result: { data: { setLastSearchCondition: { __typename: 'LastSearchCondition', searchPath: '/search/tokyo/city/13101' } } satisfies SearchSetLastSearchConditionMutation }, maxUsageCount: Number.POSITIVE_INFINITY },
];

it('keeps the heading, the count and the cards of the page before, dimmed, while the next page loads', async () => {
  const setMeta = jest.fn<(meta: PageMeta) => void>();
  const clientContext = clientContextFromRequest({ userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0.0.0', referer: 'https://sumika.example/', host: 'sumika.example', now: new Date('2026-11-21T01:00:00Z'), env: 'test' });
  const props = (search: string): RemotePageProps => ({
    params: { prefecturePath: 'tokyo', cityCode: '13101' },
    search,
    route: { id: 'search.city', path: '/search/:prefecturePath/city/:cityCode', pageKind: 'list' },
    setMeta,
    setStatus: jest.fn(),
    config: { env: 'test' },
  });
  const tree = (search: string) => (
    <MockedProvider mocks={mocks} cache={createKitCache()} mockLinkDefaultOptions={{ delay: 0 }}>
      <MemoryRouter initialPath={`/search/tokyo/city/13101${search}`}>
        <ShellKitProvider clientContext={clientContext} initialAbTests={{}} initialFavoriteKeys={[]} initialStockCounts={{ favorite: 0, detail: 0, search: 0 }} serverStockCounts={null}>
          <SearchResultsPage {...props(search)} />
        </ShellKitProvider>
      </MemoryRouter>
    </MockedProvider>
  );
  const lastTitle = () => setMeta.mock.calls.at(-1)?.[0].title;

  const { rerender } = render(tree(''));
  expect(await screen.findByText('テストハイツ11')).toBeTruthy();
  expect(lastTitle()).toBe('東京都 千代田区の賃貸物件・賃貸住宅｜すみか');

  // The shell passes the new query string when the pager navigates.
  rerender(tree('?page=2'));
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
