import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { SearchSitemapQuery, SearchSitemapQueryVariables } from '../__generated__/operations.js';
import { SPEC_MESSAGES } from '@sumika/spec';
import { SEARCH_SITEMAP } from '../features/misc/index.js';
import { partDown, renderPage } from '@sumika/shell-kit/testing';
import SitemapPage from './sitemap-page.js';

afterEach(cleanup);

type Town = NonNullable<SearchSitemapQuery['sitemapTown']>;

const NONE = { prefecturePath: '', cityCode: 0, townCode: 0, page: 1, top: false, pref: false, city: false, town: false } satisfies SearchSitemapQueryVariables;
const entry = (name: string, path: string, count: number) => ({ __typename: 'SitemapEntry' as const, name, path, count });
const sitemap = (variables: SearchSitemapQueryVariables, result: { data: SearchSitemapQuery | null; errors?: ReturnType<typeof partDown>[] }) => [
  { request: { query: SEARCH_SITEMAP, variables }, result },
];
const listing = (globalKey: string, name: string): Town['bukkenList'][number] => ({ __typename: 'Bukken', globalKey, name, chinryou: 85000, plan: '1K' });
const town = (bukkenList: Town['bukkenList'], currentPage: number, totalPages: number): Town => ({
  __typename: 'SearchResult',
  bukkenList,
  pagination: { __typename: 'Pagination', currentPage, totalPages },
});
const TOWN_PARAMS = { prefecturePath: 'tokyo', cityCode: '13101', townCode: '131010001' };
const TOWN_VARS = { ...NONE, prefecturePath: 'tokyo', cityCode: 13101, townCode: 131010001, page: 2, town: true };

it('lists the prefectures with their counts at the top level', async () => {
  const { setMeta } = renderPage(SitemapPage, {
    path: '/specific/sitemap',
    mocks: sitemap(
      { ...NONE, top: true },
      { data: { sitemapTop: [entry('東京都', '/specific/sitemap/tokyo', 123456), entry('大阪府', '/specific/sitemap/osaka', 0)] } },
    ),
  });
  expect(screen.queryByRole('list')).toBeNull();
  expect((await screen.findAllByRole('listitem')).map((li) => li.textContent)).toEqual(['東京都 (123,456)', '大阪府 (0)']);
  expect(screen.getByRole('link', { name: '東京都' }).getAttribute('href')).toBe('/specific/sitemap/tokyo');
  expect(setMeta).toHaveBeenCalledWith(
    expect.objectContaining({ title: 'サイトマップ｜すみか', breadcrumbs: [{ text: '賃貸トップ', path: '/' }, { text: 'サイトマップ' }] }),
  );
});

it("lists a town's listings with a pager whose current page is not a link", async () => {
  renderPage(SitemapPage, {
    path: '/specific/sitemap/tokyo/13101/131010001/2',
    params: { ...TOWN_PARAMS, page: '2' },
    mocks: sitemap(TOWN_VARS, { data: { sitemapTown: town([listing('bk000000001', 'テストハイツ 101')], 2, 3) } }),
  });
  expect((await screen.findByRole('link', { name: 'テストハイツ 101' })).getAttribute('href')).toBe('/bukken/detail/bk000000001');
  expect(screen.getByText('8.5万円 1K')).toBeTruthy();
  const pager = screen.getByRole('navigation');
  expect(within(pager).getByText('2').getAttribute('aria-current')).toBe('page');
  expect(
    within(pager)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href')),
  ).toEqual(['/specific/sitemap/tokyo/13101/131010001/1', '/specific/sitemap/tokyo/13101/131010001/3']);
  expect(screen.queryByTestId('listings-unavailable')).toBeNull();
});

it("keeps a town's other listings with a notice when the listing subgraph could not give one", async () => {
  renderPage(SitemapPage, {
    path: '/specific/sitemap/tokyo/13101/131010001/2',
    params: { ...TOWN_PARAMS, page: '2' },
    mocks: sitemap(TOWN_VARS, {
      data: { sitemapTown: town([null, listing('bk000000002', 'となりハイツ 202')], 2, 2) },
      errors: [partDown(['sitemapTown', 'bukkenList', 0])],
    }),
  });
  expect((await screen.findByTestId('listings-unavailable')).textContent).toBe(SPEC_MESSAGES.listingsUnavailable);
  expect(screen.getByRole('link', { name: 'となりハイツ 202' })).toBeTruthy();
  expect(screen.queryByRole('alert')).toBeNull();
});

it('answers 404 for a prefecture with no entries', async () => {
  const { container, setStatus } = renderPage(SitemapPage, {
    path: '/specific/sitemap/atlantis',
    params: { prefecturePath: 'atlantis' },
    mocks: sitemap({ ...NONE, prefecturePath: 'atlantis', pref: true }, { data: { sitemapPrefecture: [] } }),
  });
  await waitFor(() => expect(setStatus).toHaveBeenCalledWith(404));
  expect(container.textContent).toBe('');
});

it('shows the error box, not the 404 page, when the sitemap could not be read', async () => {
  const { setStatus } = renderPage(SitemapPage, {
    path: '/specific/sitemap/tokyo',
    params: { prefecturePath: 'tokyo' },
    mocks: sitemap({ ...NONE, prefecturePath: 'tokyo', pref: true }, { data: null, errors: [partDown(['sitemapPrefecture'])] }),
  });
  expect(within(await screen.findByRole('alert')).getByText('サイトマップを読み込めませんでした。')).toBeTruthy();
  expect(setStatus).not.toHaveBeenCalled();
});
