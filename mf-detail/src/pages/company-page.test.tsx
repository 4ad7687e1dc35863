import { partDown, renderPage } from '@sumika/shell-kit/testing';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import type { DetailCompanyQuery, DetailCompanyQueryVariables } from '../__generated__/operations.js';
import { COMPANY_DETAIL } from '../features/company/index.js';
import CompanyPage from './company-page.js';

afterEach(cleanup);

type Company = NonNullable<DetailCompanyQuery['company']>;
type List = NonNullable<DetailCompanyQuery['bukkensByCompany']>;
type Listing = List['bukkenList'][number];
type Answer = { data: DetailCompanyQuery | null; errors?: ReturnType<typeof partDown>[] };

const KEY = 'st000012';
const company: Company = {
  __typename: 'Company',
  id: '12',
  key: KEY,
  companyName: '株式会社すみか不動産',
  clientName: 'すみか不動産 麹町店',
  tel: '03-0000-0000',
  address: '東京都千代田区麹町1-1',
  access: '半蔵門駅 徒歩1分',
  holiday: '水曜日',
  openTime: '10:00〜19:00',
  licenseNumber: '東京都知事(1)第00000号',
  association: '全日本不動産協会',
  daihyo: '山田 太郎',
  prText: '麹町の賃貸ならお任せください。',
  establishedYear: 1998,
  employeesCount: 5,
  isLaterPaymentAvailable: false,
  awardYears: [2024, 2025],
  images: [{ __typename: 'CompanyImage', imageType: 'storefront', url: '/images/company/st000012/storefront.svg' }],
  reviews: {
    __typename: 'StoreReviews',
    count: 1,
    averageRating: 4.5,
    items: [
      {
        __typename: 'StoreReview',
        id: 'r1',
        rating: 4,
        title: '丁寧でした',
        body: '内見の日程を柔軟に組んでくれました。',
        reviewer: '30代 女性',
        visitedOn: '2026-10-01',
      },
    ],
  },
  employees: [{ __typename: 'Employee', id: 'e1', name: '佐藤 花子', position: '店長', yearsOfExperience: 12, comment: 'お気軽にご相談ください。' }],
};
const listing = (globalKey: string, name: string): Listing => ({
  __typename: 'Bukken',
  globalKey,
  name,
  chinryou: 85000,
  plan: '1K',
  area: 25.5,
  address: '東京都千代田区麹町1-1',
});
const list = (bukkenList: Listing[], count = bukkenList.length, currentPage = 1, totalPages = 1): List => ({
  __typename: 'SearchResult',
  bukkenList,
  bukkenTotal: { __typename: 'BukkenTotal', count },
  pagination: { __typename: 'Pagination', currentPage, totalPages },
});

const read = (variables: DetailCompanyQueryVariables, result: Answer, delay = 0) => [{ request: { query: COMPANY_DETAIL, variables }, result, delay }];
const companyPage = (mocks: Parameters<typeof renderPage>[1]['mocks'], page?: number) =>
  renderPage(CompanyPage, {
    path: `/bukken/company/${KEY}${page ? `/page/${page}` : ''}`,
    params: { companyKey: KEY, ...(page ? { page: String(page) } : {}) },
    routeId: 'bukken.company',
    pageKind: 'list',
    mocks,
  });
const section = (heading: string | RegExp) => screen.getByRole('heading', { name: heading }).parentElement!;

it('shows the store, its staff and reviews, and its listings with a pager', async () => {
  const { setMeta, setStatus } = companyPage(
    read({ key: KEY, page: 2 }, { data: { company, bukkensByCompany: list([listing('bk000000001', 'テストハイツ 101')], 45, 2, 3) } }),
    2,
  );
  expect(await screen.findByTestId('company-page')).toBeTruthy();
  const store = within(section('店舗情報'));
  expect(store.getByText('株式会社すみか不動産（代表 山田 太郎・1998年設立）')).toBeTruthy();
  expect(store.getByText('10:00〜19:00 / 水曜日')).toBeTruthy();
  expect(store.getByText('すみかアワード受賞 2024・2025年')).toBeTruthy();
  expect(screen.getByRole('img', { name: 'すみか不動産 麹町店の店舗外観' }).getAttribute('src')).toBe('/images/company/st000012/storefront.svg');
  expect(within(section('スタッフ')).getByText('店長・経験12年')).toBeTruthy();
  expect(within(section('口コミ（1件・平均4.5）')).getByText('丁寧でした')).toBeTruthy();
  const listings = within(section('取扱物件（45件）'));
  expect(listings.getByRole('link', { name: 'テストハイツ 101' }).getAttribute('href')).toBe('/bukken/detail/bk000000001');
  expect(listings.getByRole('link', { name: '‹ 前へ' }).getAttribute('href')).toBe(`/bukken/company/${KEY}`);
  expect(listings.getByRole('link', { name: '次へ ›' }).getAttribute('href')).toBe(`/bukken/company/${KEY}/page/3`);
  expect(screen.queryByTestId('listings-unavailable')).toBeNull();
  expect(setMeta).toHaveBeenLastCalledWith(
    expect.objectContaining({ title: 'すみか不動産 麹町店の店舗情報・取扱物件（2ページ目）｜すみか', canonical: `/bukken/company/${KEY}/page/2` }),
  );
  expect(setStatus).not.toHaveBeenCalled();
  await act(async () => undefined);
});

it('shows nothing of the store while it loads', async () => {
  const { setMeta } = companyPage(read({ key: KEY, page: 1 }, { data: { company, bukkensByCompany: list([]) } }, 50));
  expect(screen.queryByTestId('company-page')).toBeNull();
  expect(setMeta).not.toHaveBeenCalled();
  expect(await screen.findByTestId('company-page')).toBeTruthy();
  await act(async () => undefined);
});

it('shows the store with no listing and no pager when it has none', async () => {
  companyPage(read({ key: KEY, page: 1 }, { data: { company, bukkensByCompany: list([]) } }));
  const listings = within(await screen.findByRole('heading', { name: '取扱物件（0件）' }).then((h) => h.parentElement!));
  expect(listings.queryAllByRole('link')).toEqual([]);
  expect(screen.queryByTestId('listings-unavailable')).toBeNull();
});

it('answers 404 for a store that does not exist', async () => {
  const { container, setStatus } = companyPage(read({ key: KEY, page: 1 }, { data: { company: null, bukkensByCompany: list([]) } }));
  await waitFor(() => expect(setStatus).toHaveBeenCalledWith(404));
  expect(container.textContent).toBe('');
});

it('shows the error box, not the 404 page, when the store could not be read', async () => {
  const network = companyPage([{ request: { query: COMPANY_DETAIL, variables: { key: KEY, page: 1 } }, error: new Error('network down') }]);
  expect(within(await screen.findByRole('alert')).getByText('店舗情報を読み込めませんでした。')).toBeTruthy();
  expect(network.setStatus).not.toHaveBeenCalled();
  cleanup();
  const down = companyPage(read({ key: KEY, page: 1 }, { data: { company: null, bukkensByCompany: list([]) }, errors: [partDown(['company'])] }));
  expect(within(await screen.findByRole('alert')).getByText('店舗情報を読み込めませんでした。')).toBeTruthy();
  expect(down.setStatus).not.toHaveBeenCalledWith(404);
});

it('keeps the store and the listings that came back, with the notice, when a listing or the whole list could not be given', async () => {
  companyPage(
    read(
      { key: KEY, page: 1 },
      {
        data: { company, bukkensByCompany: list([null, listing('bk000000002', 'となりハイツ 202')], 2) },
        errors: [partDown(['bukkensByCompany', 'bukkenList', 0])],
      },
    ),
  );
  const listings = within(await screen.findByRole('heading', { name: '取扱物件（2件）' }).then((h) => h.parentElement!));
  expect(listings.getAllByRole('link').map((l) => l.textContent)).toEqual(['となりハイツ 202']);
  expect(listings.getByTestId('listings-unavailable').textContent).toBe('物件情報の一部を表示できません。しばらくしてから再度お試しください。');
  cleanup();
  companyPage(read({ key: KEY, page: 1 }, { data: { company, bukkensByCompany: null }, errors: [partDown(['bukkensByCompany'])] }));
  expect(await screen.findByTestId('listings-unavailable')).toBeTruthy();
  expect(screen.getByRole('heading', { name: '取扱物件' })).toBeTruthy();
  expect(within(section('店舗情報')).getByText('03-0000-0000')).toBeTruthy();
  await act(async () => undefined);
});

it('emits the store as schema.org RealEstateAgent', async () => {
  companyPage(read({ key: KEY, page: 1 }, { data: { company, bukkensByCompany: list([]) } }));
  await screen.findByTestId('company-page');
  const script = document.querySelector('[data-testid="company-page"] script[type="application/ld+json"]') as HTMLScriptElement;
  expect(JSON.parse(script.textContent ?? '')).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'RealEstateAgent',
    name: 'すみか不動産 麹町店',
    address: { '@type': 'PostalAddress', streetAddress: company.address },
    telephone: company.tel,
    openingHours: '10:00〜19:00',
  });
  await act(async () => undefined);
});
