import { partDown, renderPage } from '@sumika/shell-kit/testing';
import { act, cleanup, screen, within } from '@testing-library/react';
import type { GraphQLError } from 'graphql';
import type { DetailBukkenQuery, DetailRecordHistoryMutation } from '../__generated__/operations.js';
import { BUKKEN_DETAIL, RECORD_HISTORY } from '../features/detail/index.js';
import BukkenDetailPage from './bukken-detail-page.js';

afterEach(cleanup);

const GLOBAL_KEY = 'bk000000001';
type Bukken = DetailBukkenQuery['bukken'];

const condition = (code: number, name: string) => ({ __typename: 'Condition' as const, code, name });
const company: NonNullable<Bukken['company']> = {
  __typename: 'Company',
  id: '12',
  key: 'st000012',
  companyName: '株式会社すみか不動産',
  clientName: 'すみか不動産 麹町店',
  tel: '03-0000-0000',
  address: '東京都千代田区麹町1-1',
  access: '半蔵門駅 徒歩1分',
  holiday: '水曜日',
  openTime: '10:00〜19:00',
  licenseNumber: '東京都知事(1)第00000号',
  association: '全日本不動産協会',
  isLaterPaymentAvailable: false,
  reviews: { __typename: 'StoreReviews', count: 0, averageRating: null },
};

/** The detail operation's answer; `degraded` lists what other subgraphs could not give (null). */
function bukken(degraded: { company?: boolean; conditions?: boolean } = {}): Bukken {
  return {
    __typename: 'Bukken',
    globalKey: GLOBAL_KEY,
    name: 'テストハイツ 101 1K',
    address: '東京都千代田区麹町1-1',
    chinryou: 85000,
    kanriKyoeki: 5000,
    shikikin: 85000,
    shikikinMonths: 1,
    reikin: 0,
    reikinMonths: 0,
    shikirei0: false,
    plan: '1K',
    planDetail: '洋6 K2',
    area: 25.5,
    floor: 1,
    roomNum: '101',
    aspect: '南',
    floorBuilding: 5,
    builtDate: '2015-03',
    builtAge: 11,
    arrivedAt: '2026-11-01T00:00:00Z',
    viewCount: 10,
    exclamation: null,
    highlyRecommended: false,
    typeName: 'マンション',
    struct: 'RC',
    prText: '駅近の1Kです。',
    archived: false,
    archivedAt: null,
    traffics: [{ __typename: 'Traffic', text: '東京メトロ半蔵門線/半蔵門駅 歩5分' }],
    conditionCodes: degraded.conditions
      ? null
      : {
          __typename: 'ConditionCodes',
          airConditionings: [],
          baths: [condition(101, 'バス・トイレ別')],
          kitchens: [],
          securities: [],
          facilities: [],
          storageSpaces: [],
          locations: [],
          conditions: [],
          otherConditions: [],
        },
    imageGroup: { __typename: 'ImageGroup', gaikanUrl: '/g.svg', madoriUrl: '/m.svg', allUrls: [] },
    marketRent: null,
    initialCost: {
      __typename: 'InitialCost',
      total: 300000,
      shikikin: 85000,
      reikin: 0,
      firstMonth: 90000,
      agentFee: 93500,
      guaranteeFee: 45000,
      keyExchange: 16500,
    },
    building: { __typename: 'Building', key: 'bl000001', name: 'テストハイツ', totalUnits: 20 },
    company: degraded.company ? null : company,
    recommendations: [
      {
        __typename: 'Bukken',
        globalKey: 'bk000000002',
        name: 'となりハイツ',
        chinryou: 70000,
        plan: '1R',
        area: 20,
        imageGroup: { __typename: 'ImageGroup', gaikanUrl: '/g2.svg' },
      },
    ],
  };
}

const recorded: DetailRecordHistoryMutation = { recordHistory: { __typename: 'HistoryBukken', globalKey: GLOBAL_KEY, viewedAt: '2026-11-21T00:00:00Z' } };

function renderDetail(data: Bukken | null, errors?: GraphQLError[], delay = 0) {
  // bukken is non-null in the schema: when it fails, the whole answer's data is null.
  const answer: DetailBukkenQuery | null = data ? { bukken: data } : null;
  const mocks = [
    { request: { query: BUKKEN_DETAIL, variables: { globalKey: GLOBAL_KEY } }, result: { data: answer, ...(errors ? { errors } : {}) }, delay },
    { request: { query: RECORD_HISTORY, variables: () => true }, result: { data: recorded }, maxUsageCount: Number.POSITIVE_INFINITY },
  ];
  return renderPage(BukkenDetailPage, {
    path: `/bukken/detail/${GLOBAL_KEY}`,
    params: { id: GLOBAL_KEY },
    routeId: 'bukken.detail',
    pageKind: 'detail',
    mocks,
  });
}

it('shows the store and the conditions when every part answered', async () => {
  renderDetail(bukken());
  expect(await screen.findByTestId('bukken-name')).toBeTruthy();
  expect(within(screen.getByTestId('company-block')).getByText('すみか不動産 麹町店')).toBeTruthy();
  expect(screen.getByText('バス・トイレ別')).toBeTruthy();
  expect(screen.queryByTestId('company-unavailable')).toBeNull();
  // The largest image (the page's LCP) is fetched first and never lazily.
  const main = document.querySelector('.d-gallery__main')!;
  expect([main.getAttribute('fetchpriority'), main.getAttribute('loading')]).toEqual(['high', null]);
  await act(async () => undefined);
});

it('renders the listing with a notice in place of the store when the store could not be read', async () => {
  renderDetail(bukken({ company: true }), [partDown(['bukken', 'company'])]);
  expect((await screen.findByTestId('bukken-name')).textContent).toBe('テストハイツ 101 1K');
  // The listing's name is the page's one h1 (PC and phone: the layout gets no page title here).
  expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['テストハイツ 101 1K']);
  expect(screen.getByTestId('spec-table')).toBeTruthy();
  expect(screen.queryByTestId('company-block')).toBeNull();
  expect(screen.getByTestId('company-unavailable').textContent).toBe('取扱店舗の情報を表示できません。しばらくしてから再度お試しください。');
  // The inquiry button stays: the inquiry goes to the listing, not to the card.
  expect(screen.getByText('お問い合わせ（無料）')).toBeTruthy();
  await act(async () => undefined);
});

it("renders the listing without condition names when that part could not be read; the favorite state is the kit's", async () => {
  renderDetail(bukken({ conditions: true }));
  expect(await screen.findByTestId('bukken-name')).toBeTruthy();
  expect(screen.getByTestId('conditions-unavailable').textContent).toBe('設備・条件の情報を表示できません。しばらくしてから再度お試しください。');
  expect(screen.getByTestId('favorite-button').getAttribute('aria-pressed')).toBe('false');
  expect(screen.getByText('となりハイツ')).toBeTruthy();
  await act(async () => undefined);
});

it('shows the error box, not the 404 page, when the listing itself could not be read', async () => {
  const { setStatus } = renderDetail(null, [partDown(['bukken'])]);
  expect((await screen.findByRole('alert')).textContent).toContain('物件情報を読み込めませんでした。');
  expect(setStatus).not.toHaveBeenCalledWith(404);
  await act(async () => undefined);
});

it('shows nothing of the listing and records no history while it loads', async () => {
  const { setMeta } = renderDetail(bukken(), undefined, 50);
  expect(screen.queryByTestId('bukken-detail')).toBeNull();
  expect(screen.queryByRole('alert')).toBeNull();
  expect(setMeta).not.toHaveBeenCalled();
  expect(await screen.findByTestId('bukken-detail')).toBeTruthy();
  expect(setMeta).toHaveBeenLastCalledWith(
    expect.objectContaining({ title: 'テストハイツ 101 1K（8.5万円・1K）の賃貸物件情報｜すみか', canonical: `/bukken/detail/${GLOBAL_KEY}` }),
  );
  await act(async () => undefined);
});

it('shows the error box on a network error', async () => {
  renderPage(BukkenDetailPage, {
    path: `/bukken/detail/${GLOBAL_KEY}`,
    params: { id: GLOBAL_KEY },
    routeId: 'bukken.detail',
    pageKind: 'detail',
    mocks: [{ request: { query: BUKKEN_DETAIL, variables: { globalKey: GLOBAL_KEY } }, error: new Error('network down') }],
  });
  expect((await screen.findByRole('alert')).textContent).toContain('物件情報を読み込めませんでした。');
  expect(screen.queryByTestId('bukken-detail')).toBeNull();
});
