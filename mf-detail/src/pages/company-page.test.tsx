import { partDown, renderPage } from '@sumika/shell-kit/testing';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SORT_OPTIONS } from '@sumika/spec';
import type { DetailCompanyQuery, DetailCompanyQueryVariables } from '../__generated__/operations.js';
import { COMPANY_DETAIL } from '../features/company/index.js';
import CompanyPage, { pageQueries } from './company-page.js';

afterEach(cleanup);

type Company = NonNullable<DetailCompanyQuery['company']>;
type List = NonNullable<Company['bukkens']>;
type Listing = List['bukkenList'][number];
type Answer = { data: DetailCompanyQuery | null; errors?: ReturnType<typeof partDown>[] };

const KEY = 'st000012';
const store: Omit<Company, 'bukkens'> = {
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
  employees: [
    {
      __typename: 'Employee',
      id: 'e1',
      name: '佐藤 花子',
      position: '店長',
      yearsOfExperience: 12,
      qualification: '宅地建物取引士',
      comment: 'お気軽にご相談ください。',
    },
  ],
};
const listing = (globalKey: string, name: string): Listing => ({
  __typename: 'Bukken',
  globalKey,
  name,
  chinryou: 85000,
  plan: '1K',
  area: 25.5,
  address: '東京都千代田区麹町1-1',
  builtAge: 11,
  traffics: [{ __typename: 'Traffic', text: '東京メトロ半蔵門線/半蔵門駅 歩5分' }],
  imageGroup: { __typename: 'ImageGroup', gaikanUrl: `/images/bukken/${globalKey}/gaikan.svg` },
});
const list = (bukkenList: Listing[], count = bukkenList.length, page = 1, totalPages = 1, sort = 'arrived_at_desc'): List => ({
  __typename: 'CompanyBukkens',
  bukkenList,
  count,
  page,
  totalPages,
  sort,
});
/** The store with one page of its listings (null: the listing subgraph could not answer). */
const company = (bukkens: List | null): Company => ({ ...store, bukkens });
const vars = (page = 1, sort = 'arrived_at_desc'): DetailCompanyQueryVariables => ({ key: KEY, page, sort, perPage: 20 });

const read = (variables: DetailCompanyQueryVariables, result: Answer, delay = 0) => [{ request: { query: COMPANY_DETAIL, variables }, result, delay }];
const companyPage = (mocks: Parameters<typeof renderPage>[1]['mocks'], page?: number, search = '') =>
  renderPage(CompanyPage, {
    path: `/bukken/company/${KEY}${page ? `/page/${page}` : ''}`,
    search,
    params: { companyKey: KEY, ...(page ? { page: String(page) } : {}) },
    routeId: 'bukken.company',
    pageKind: 'list',
    mocks,
  });
const section = (heading: string | RegExp) => screen.getByRole('heading', { name: heading }).parentElement!;

it('shows the store: profile, message, awards, staff and reviews, each under its heading', async () => {
  const { setMeta, setStatus } = companyPage(read(vars(), { data: { company: company(list([])) } }));
  expect(await screen.findByTestId('company-page')).toBeTruthy();
  const rows = [...within(section('店舗情報')).getByTestId('company-profile').querySelectorAll('tr')].map((tr) => [
    tr.querySelector('th')?.textContent,
    tr.querySelector('td')?.textContent,
  ]);
  expect(rows).toEqual([
    ['会社名', '株式会社すみか不動産'],
    ['代表者', '山田 太郎'],
    ['設立', '1998年'],
    ['従業員数', '5名'],
    ['電話番号', '03-0000-0000'],
    ['所在地', '東京都千代田区麹町1-1'],
    ['アクセス', '半蔵門駅 徒歩1分'],
    ['営業時間', '10:00〜19:00'],
    ['定休日', '水曜日'],
    ['免許番号', '東京都知事(1)第00000号'],
    ['所属団体', '全日本不動産協会'],
  ]);
  const front = screen.getByRole('img', { name: 'すみか不動産 麹町店の店舗外観' });
  expect([front.getAttribute('src'), front.getAttribute('width'), front.getAttribute('height')]).toEqual([
    '/images/company/st000012/storefront.svg',
    '320',
    '240',
  ]);
  expect(within(section('お店からのメッセージ')).getByText('麹町の賃貸ならお任せください。')).toBeTruthy();
  expect(
    within(section('受賞歴'))
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['すみかアワード2025受賞', 'すみかアワード2024受賞']);
  expect(within(section('スタッフ紹介')).getByText('店長・経験12年・宅地建物取引士')).toBeTruthy();
  const reviews = within(section('口コミ（1件・平均4.5）'));
  expect(reviews.getByText('丁寧でした')).toBeTruthy();
  expect(reviews.getByRole('img', { name: '5段階中4' })).toBeTruthy();
  // Headings in order under the shell's h1.
  expect(screen.getAllByRole('heading').map((h) => h.tagName)).toEqual(['H2', 'H2', 'H2', 'H2', 'H2', 'H2']);
  expect(setMeta).toHaveBeenLastCalledWith(
    expect.objectContaining({
      title: 'すみか不動産 麹町店の店舗情報・取扱物件｜すみか',
      canonical: `/bukken/company/${KEY}`,
      pageTitle: 'すみか不動産 麹町店',
    }),
  );
  expect(setStatus).not.toHaveBeenCalled();
  await act(async () => undefined);
});

it('leaves out the profile rows and sections the store has nothing for, and says when it has no review', async () => {
  const bare: Company = {
    ...company(list([])),
    daihyo: '',
    association: '',
    awardYears: [],
    employees: [],
    prText: '',
    reviews: { __typename: 'StoreReviews', count: 0, averageRating: null, items: [] },
  };
  companyPage(read(vars(), { data: { company: bare } }));
  const profile = await screen.findByTestId('company-profile');
  expect(within(profile).queryByText('代表者')).toBeNull();
  expect(within(profile).queryByText('所属団体')).toBeNull();
  for (const heading of ['お店からのメッセージ', '受賞歴', 'スタッフ紹介']) expect(screen.queryByRole('heading', { name: heading })).toBeNull();
  expect(within(section('口コミ（0件）')).getByText('まだ口コミはありません。')).toBeTruthy();
  await act(async () => undefined);
});

it('lists the listings of the page with a pager whose links keep the sort, the canonical keeping the page only', async () => {
  const { setMeta, setStatus } = companyPage(
    read(vars(2, 'chinryou_asc'), { data: { company: company(list([listing('bk000000001', 'テストハイツ 101')], 145, 2, 8, 'chinryou_asc')) } }),
    2,
    '?sort=chinryou_asc',
  );
  const listings = within(await screen.findByRole('heading', { name: '取扱物件（145件）' }).then((h) => h.parentElement!));
  const item = listings.getByRole('link', { name: 'テストハイツ 101' });
  expect(item.getAttribute('href')).toBe('/bukken/detail/bk000000001');
  expect(item.closest('li')?.textContent).toContain('8.5万円 ／ 1K ／ 25.5m² ／ 築11年');
  expect(item.closest('li')?.textContent).toContain('東京都千代田区麹町1-1 ／ 東京メトロ半蔵門線/半蔵門駅 歩5分');
  expect(within(item.closest('li')!).getByTestId('favorite-button')).toBeTruthy();
  const pager = within(listings.getByTestId('company-pager'));
  expect(pager.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
    ['‹ 前へ', `/bukken/company/${KEY}?sort=chinryou_asc`],
    ['1', `/bukken/company/${KEY}?sort=chinryou_asc`],
    ['3', `/bukken/company/${KEY}/page/3?sort=chinryou_asc`],
    ['4', `/bukken/company/${KEY}/page/4?sort=chinryou_asc`],
    ['8', `/bukken/company/${KEY}/page/8?sort=chinryou_asc`],
    ['次へ ›', `/bukken/company/${KEY}/page/3?sort=chinryou_asc`],
  ]);
  expect(pager.getByText('2').getAttribute('aria-current')).toBe('page');
  expect(screen.queryByTestId('listings-unavailable')).toBeNull();
  expect(setMeta).toHaveBeenLastCalledWith(
    expect.objectContaining({
      title: 'すみか不動産 麹町店の店舗情報・取扱物件（2ページ目・賃料が安い順）｜すみか',
      canonical: `/bukken/company/${KEY}/page/2`,
    }),
  );
  expect(setStatus).not.toHaveBeenCalled();
  await act(async () => undefined);
});

it("offers the search's sorts as a GET form that works without JavaScript, and goes to page 1 of the sort sent", async () => {
  companyPage(read(vars(2), { data: { company: company(list([listing('bk000000001', 'テストハイツ 101')], 45, 2, 3)) } }), 2);
  const form = await screen.findByTestId('company-sort');
  expect([form.getAttribute('method'), form.getAttribute('action')]).toEqual(['get', `/bukken/company/${KEY}`]);
  const select = within(form).getByRole('combobox', { name: '並び替え' }) as HTMLSelectElement;
  expect(select.name).toBe('sort');
  expect(select.value).toBe('arrived_at_desc');
  expect([...select.options].map((o) => [o.value, o.textContent])).toEqual(SORT_OPTIONS.map((o) => [o.value, o.label]));
  expect(within(form).getByRole('button', { name: '並び替える' }).getAttribute('type')).toBe('submit');
  // Choosing alone does not navigate (WCAG 3.2.2); the button does, to page 1 of that sort.
  fireEvent.change(select, { target: { value: 'area_desc' } });
  expect(screen.queryByTestId('location')).toBeNull();
  fireEvent.click(within(form).getByRole('button', { name: '並び替える' }));
  expect((await screen.findByTestId('location')).textContent).toBe(`/bukken/company/${KEY}`);
});

it('reads the sort from the query string (the query of a malformed one asks for the default)', () => {
  const input = (search: string, params: Record<string, string> = { companyKey: KEY }) => ({
    params,
    search,
    route: { id: 'bukken.company', path: `/bukken/company/${KEY}`, pageKind: 'list' as const },
    context: { isSpView: false, isApp: false },
  });
  expect(pageQueries(input('?sort=built_date_desc', { companyKey: KEY, page: '3' }))).toEqual([
    { query: COMPANY_DETAIL, variables: vars(3, 'built_date_desc') },
  ]);
  expect(pageQueries(input('?sort=chinryou_desc'))).toEqual([{ query: COMPANY_DETAIL, variables: vars(1, 'chinryou_desc') }]);
  expect(pageQueries(input('?sort=name_asc'))).toEqual([{ query: COMPANY_DETAIL, variables: vars() }]);
  expect(pageQueries(input(''))).toEqual([{ query: COMPANY_DETAIL, variables: vars() }]);
});

it('shows nothing of the store while it loads', async () => {
  const { setMeta } = companyPage(read(vars(), { data: { company: company(list([])) } }, 50));
  expect(screen.queryByTestId('company-page')).toBeNull();
  expect(setMeta).not.toHaveBeenCalled();
  expect(await screen.findByTestId('company-page')).toBeTruthy();
  await act(async () => undefined);
});

it('shows the store with no listing, no sort and no pager when it has none', async () => {
  companyPage(read(vars(), { data: { company: company(list([])) } }));
  const listings = within(await screen.findByRole('heading', { name: '取扱物件（0件）' }).then((h) => h.parentElement!));
  expect(listings.queryAllByRole('link')).toEqual([]);
  expect(listings.getByText('現在掲載中の物件はありません。')).toBeTruthy();
  expect(screen.queryByTestId('company-sort')).toBeNull();
  expect(screen.queryByTestId('company-pager')).toBeNull();
  expect(screen.queryByTestId('listings-unavailable')).toBeNull();
});

it('answers 404 for a store that does not exist, and for a page past the last', async () => {
  const unknown = companyPage(read(vars(), { data: { company: null } }));
  await waitFor(() => expect(unknown.setStatus).toHaveBeenCalledWith(404));
  expect(unknown.container.textContent).toBe('');
  cleanup();
  const past = companyPage(read(vars(9), { data: { company: company(list([], 45, 9, 3)) } }), 9);
  await waitFor(() => expect(past.setStatus).toHaveBeenCalledWith(404));
  expect(past.container.textContent).toBe('');
});

it('shows the error box, not the 404 page, when the store could not be read', async () => {
  const network = companyPage([{ request: { query: COMPANY_DETAIL, variables: vars() }, error: new Error('network down') }]);
  expect(within(await screen.findByRole('alert')).getByText('店舗情報を読み込めませんでした。')).toBeTruthy();
  expect(network.setStatus).not.toHaveBeenCalled();
  cleanup();
  const down = companyPage(read(vars(), { data: { company: null }, errors: [partDown(['company'])] }));
  expect(within(await screen.findByRole('alert')).getByText('店舗情報を読み込めませんでした。')).toBeTruthy();
  expect(down.setStatus).not.toHaveBeenCalledWith(404);
});

it('keeps the store, with the notice, when its listings could not be given', async () => {
  companyPage(read(vars(), { data: { company: company(null) }, errors: [partDown(['company', 'bukkens'])] }));
  expect(await screen.findByTestId('listings-unavailable')).toBeTruthy();
  expect(screen.getByTestId('listings-unavailable').textContent).toBe('物件情報の一部を表示できません。しばらくしてから再度お試しください。');
  expect(screen.getByRole('heading', { name: '取扱物件' })).toBeTruthy();
  expect(screen.queryByTestId('company-sort')).toBeNull();
  expect(within(section('店舗情報')).getByText('03-0000-0000')).toBeTruthy();
  await act(async () => undefined);
});

it('emits the store as schema.org RealEstateAgent with its storefront and rating, URLs relative to the site', async () => {
  companyPage(read(vars(), { data: { company: company(list([])) } }));
  await screen.findByTestId('company-page');
  const script = document.querySelector('[data-testid="company-page"] script[type="application/ld+json"]') as HTMLScriptElement;
  expect(JSON.parse(script.textContent ?? '')).toEqual({
    '@context': 'https://schema.org',
    '@type': 'RealEstateAgent',
    name: 'すみか不動産 麹町店',
    legalName: '株式会社すみか不動産',
    url: `/bukken/company/${KEY}`,
    image: '/images/company/st000012/storefront.svg',
    address: { '@type': 'PostalAddress', streetAddress: store.address, addressCountry: 'JP' },
    telephone: store.tel,
    openingHours: '10:00〜19:00',
    aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 1, bestRating: 5, worstRating: 1 },
  });
  await act(async () => undefined);
});

it('answers 400 for a malformed sort (SPEC §4: a valid key plus asc or desc only)', async () => {
  const { container, setStatus } = companyPage(read(vars(), { data: { company: company(list([])) } }), undefined, '?sort=name_asc');
  await waitFor(() => expect(setStatus).toHaveBeenCalledWith(400));
  expect(container.textContent).toBe('');
});
