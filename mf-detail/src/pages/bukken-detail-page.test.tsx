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
const IMAGE_LABELS: [string, string][] = [
  ['gaikan', '外観'],
  ['madori', '間取り図'],
  ['entrance', '玄関'],
  ['kitchen', 'キッチン'],
  ['bath', 'バス・トイレ'],
  ['view', '眺望'],
];
const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

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
    traffics: [
      { __typename: 'Traffic', text: '東京メトロ半蔵門線/半蔵門駅 歩5分', lineName: '東京メトロ半蔵門線', stationName: '半蔵門', walkMin: 5 },
      { __typename: 'Traffic', text: '東京メトロ有楽町線/麹町駅 歩8分', lineName: '東京メトロ有楽町線', stationName: '麹町', walkMin: 8 },
    ],
    latLng: { __typename: 'LatLng', lat: 35.6835, lng: 139.7404 },
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
    imageGroup: {
      __typename: 'ImageGroup',
      gaikanUrl: '/gaikan.svg',
      madoriUrl: '/madori.svg',
      allUrls: IMAGE_LABELS.map(([imageType, label]) => ({ __typename: 'BukkenImage', imageType, label, url: `/${imageType}.svg` })),
    },
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
    building: {
      __typename: 'Building',
      key: 'bl000001',
      name: 'テストハイツ',
      totalUnits: 20,
      // This room and twelve others: eleven rows would be too many.
      vacancies: [GLOBAL_KEY, ...Array.from({ length: 12 }, (_, i) => `bk1000000${String(i + 10)}`)].map((globalKey, i) => ({
        __typename: 'Bukken' as const,
        globalKey,
        floor: i + 1,
        plan: i % 2 ? '1LDK' : '1K',
        area: 25 + i,
        chinryou: 80000 + i * 1000,
      })),
    },
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
        marketRent: { __typename: 'MarketRent', difference: -3000, differenceRate: -0.041 },
      },
    ],
  };
}

const recorded: DetailRecordHistoryMutation = { recordHistory: { __typename: 'HistoryBukken', globalKey: GLOBAL_KEY, viewedAt: '2026-11-21T00:00:00Z' } };

function renderDetail(data: Bukken | null, errors?: GraphQLError[], delay = 0, userAgent?: string) {
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
    pageKind: data?.archived ? 'archive_detail' : 'detail',
    mocks,
    ...(userAgent ? { userAgent } : {}),
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
  // All six pictures, each named by its type.
  expect([...document.querySelectorAll('.d-gallery__main')].map((img) => img.getAttribute('alt'))).toEqual(
    IMAGE_LABELS.map(([, label]) => `テストハイツ 101 1Kの${label}`),
  );
  expect(screen.getByTestId('gallery-count').textContent).toBe('1 / 6');
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  // No bottom bar on a PC.
  expect(screen.queryByTestId('mobile-action-bar')).toBeNull();
  await act(async () => undefined);
});

it('lists every condition group by its Japanese name, and each initial-cost item with its amount', async () => {
  renderDetail(bukken());
  expect(await screen.findByTestId('bukken-name')).toBeTruthy();
  const groups = [...screen.getByTestId('conditions').querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
  expect(groups).toEqual([
    ['バス・トイレ', 'バス・トイレ別'],
    ['キッチン', '-'],
    ['空調・冷暖房', '-'],
    ['セキュリティ', '-'],
    ['設備・サービス', '-'],
    ['収納', '-'],
    ['立地', '-'],
    ['入居条件', '-'],
    ['その他', '-'],
  ]);
  const rows = [...screen.getByTestId('initial-cost').querySelectorAll('tr')].map((tr) => [
    tr.querySelector('th')?.textContent,
    tr.querySelector('td')?.textContent,
  ]);
  expect(rows).toEqual([
    ['敷金', '85,000円'],
    ['礼金', 'なし'],
    ['前家賃（管理費込み1ヶ月）', '90,000円'],
    ['仲介手数料', '93,500円'],
    ['保証会社 初回保証料', '45,000円'],
    ['鍵交換費用', '16,500円'],
  ]);
  await act(async () => undefined);
});

it('shows 0円 for an initial-cost item that costs nothing', async () => {
  const b = bukken();
  renderDetail({ ...b, initialCost: { ...b.initialCost, keyExchange: 0, shikikin: 0 } });
  expect(await screen.findByTestId('bukken-name')).toBeTruthy();
  const text = (label: string) => within(screen.getByTestId('initial-cost')).getByText(label).nextElementSibling?.textContent;
  expect(text('鍵交換費用')).toBe('0円');
  expect(text('敷金')).toBe('なし');
  await act(async () => undefined);
});

it('gives phones a bottom bar with favorite, inquiry and the store phone, its height reserved below the content', async () => {
  renderDetail(bukken(), undefined, 0, IPHONE_UA);
  const bar = await screen.findByTestId('mobile-action-bar');
  expect(within(bar).getByTestId('favorite-button')).toBeTruthy();
  expect(within(bar).getByRole('link', { name: 'お問い合わせ（無料）' }).getAttribute('href')).toBe(`/apply/create?keys=${GLOBAL_KEY}`);
  expect(within(bar).getByRole('link', { name: '電話' }).getAttribute('href')).toBe('tel:0300000000');
  expect(screen.getByTestId('bukken-detail').classList.contains('d-page--with-bar')).toBe(true);
  await act(async () => undefined);
});

it('leaves the phone out of the bar when the store could not be read, and shows no bar on an archived listing', async () => {
  renderDetail(bukken({ company: true }), [partDown(['bukken', 'company'])], 0, IPHONE_UA);
  const bar = await screen.findByTestId('mobile-action-bar');
  expect(within(bar).queryByRole('link', { name: '電話' })).toBeNull();
  expect(within(bar).getByRole('link', { name: 'お問い合わせ（無料）' })).toBeTruthy();
  await act(async () => undefined);
  cleanup();
  renderDetail({ ...bukken(), archived: true, archivedAt: '2026-11-01T00:00:00Z' }, undefined, 0, IPHONE_UA);
  expect(await screen.findByText('この物件の掲載は終了しました。似た条件の物件を探してみましょう。')).toBeTruthy();
  expect(screen.queryByTestId('mobile-action-bar')).toBeNull();
  expect(screen.getByTestId('bukken-detail').classList.contains('d-page--with-bar')).toBe(false);
  await act(async () => undefined);
});

it('renders the listing with a notice in place of the store when the store could not be read', async () => {
  renderDetail(bukken({ company: true }), [partDown(['bukken', 'company'])]);
  expect((await screen.findByTestId('bukken-name')).textContent).toBe('テストハイツ 101 1K');
  // The page's one h1 holds the name, the plan and the rent (PC and phone: the layout gets no page title here).
  expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['テストハイツ 101 1K 1K 8.5万円']);
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

it('lists the walking minutes to each station, line by line', async () => {
  renderDetail(bukken());
  const walks = await screen.findByTestId('station-walks');
  expect([...walks.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
    '東京メトロ半蔵門線 ／ 半蔵門駅 ／ 徒歩5分',
    '東京メトロ有楽町線 ／ 麹町駅 ／ 徒歩8分',
  ]);
});

it("lists at most ten of the building's other rooms, this one left out, each linking to its page", async () => {
  renderDetail(bukken());
  const table = await screen.findByTestId('other-rooms');
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows).toHaveLength(10);
  expect(rows[0]?.textContent).toContain('2階');
  expect(
    within(rows[0] as HTMLElement)
      .getByRole('link')
      .getAttribute('href'),
  ).toBe('/bukken/detail/bk100000010');
  expect(table.querySelector(`a[href="/bukken/detail/${GLOBAL_KEY}"]`)).toBeNull();
});

it('shows plan, rent and the market delta on each similar listing', async () => {
  renderDetail(bukken());
  const similar = await screen.findByTestId('similar-listings');
  expect(screen.getByRole('heading', { name: '似た条件の物件' })).toBeTruthy();
  const card = within(similar).getByRole('link');
  expect(card.getAttribute('href')).toBe('/bukken/detail/bk000000002');
  expect(card.textContent).toContain('7万円');
  expect(card.textContent).toContain('1R');
  expect(card.textContent).toContain('相場比 -3,000円（-4.1%）');
});

it("links the store card to the store's page", async () => {
  renderDetail(bukken());
  const link = within(await screen.findByTestId('company-block')).getByRole('link', { name: 'すみか不動産 麹町店' });
  expect(link.getAttribute('href')).toBe('/bukken/company/st000012');
});

it('emits the listing as schema.org Apartment with its rent as an Offer', async () => {
  const b = bukken();
  renderDetail({ ...b, name: 'テスト</script><b>ハイツ' });
  await screen.findByTestId('bukken-detail');
  const script = document.querySelector('[data-testid="bukken-detail"] script[type="application/ld+json"]') as HTMLScriptElement;
  // '<' is escaped, so a name cannot close the tag.
  expect(script.innerHTML).not.toContain('</script>');
  const ld = JSON.parse(script.textContent ?? '') as Record<string, unknown>;
  expect(ld).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'Apartment',
    name: 'テスト</script><b>ハイツ',
    address: { '@type': 'PostalAddress', streetAddress: '東京都千代田区麹町1-1' },
    floorSize: { '@type': 'QuantitativeValue', value: 25.5, unitCode: 'MTK' },
    numberOfRooms: 1,
    offers: { '@type': 'Offer', price: 85000, priceCurrency: 'JPY' },
  });
});

it('shows 周辺地図: the listing as a marker among its stations (the picture until the map loads) and the walk to each beside it', async () => {
  renderDetail(bukken());
  const heading = await screen.findByRole('heading', { level: 2, name: '周辺地図' });
  const mapSection = within(heading.closest('section')!);
  const map = await mapSection.findByRole('img', { name: 'テストハイツの地図' });
  expect(map.querySelectorAll('[data-marker="place"]')).toHaveLength(1);
  expect([...map.querySelectorAll('[data-station]')].map((g) => g.textContent)).toEqual(['半蔵門駅', '麹町駅']);
  const walks = mapSection.getByRole('list', { name: '最寄り駅と徒歩時間' });
  expect([...walks.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['半蔵門駅 東京メトロ半蔵門線 徒歩5分', '麹町駅 東京メトロ有楽町線 徒歩8分']);
});

describe('an archived listing', () => {
  const archived = (): Bukken => ({ ...bukken(), archived: true, archivedAt: '2026-11-01T00:00:00Z' });

  it('is marked 募集終了, answers 200 noindex with no canonical, and offers no favorite or inquiry', async () => {
    const { setMeta, setStatus } = renderDetail(archived());
    const notice = await screen.findByTestId('archived-notice');
    expect(within(notice).getByText('この物件の掲載は終了しました。似た条件の物件を探してみましょう。')).toBeTruthy();
    expect(screen.getByText('募集終了', { selector: '.d-badge' })).toBeTruthy();
    const meta = setMeta.mock.lastCall?.[0];
    expect(meta?.robots).toBe('noindex, follow');
    expect(meta).not.toHaveProperty('canonical');
    // 200: the page names no error status.
    expect(setStatus).not.toHaveBeenCalled();
    expect(screen.queryByRole('link', { name: 'お問い合わせ（無料）' })).toBeNull();
    expect(screen.queryByTestId('favorite-button')).toBeNull();
    await act(async () => undefined);
  });

  it('shows similar listings on the market first: right after its h1, before the gallery and the rest', async () => {
    renderDetail(archived());
    const notice = await screen.findByTestId('archived-notice');
    const similar = within(notice).getByTestId('similar-listings');
    expect(within(notice).getByRole('heading', { level: 2, name: '募集中の似た条件の物件' })).toBeTruthy();
    expect(within(similar).getByRole('link').getAttribute('href')).toBe('/bukken/detail/bk000000002');
    const h1 = screen.getByRole('heading', { level: 1 });
    const gallery = document.querySelector('.d-gallery__main')!;
    // Document order: h1, then the similar listings, then the gallery.
    expect(h1.compareDocumentPosition(notice) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(notice.compareDocumentPosition(gallery) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Only once on the page: no second similar block at the bottom.
    expect(screen.getAllByTestId('similar-listings')).toHaveLength(1);
    await act(async () => undefined);
  });

  it('offers a search of its area when nothing similar is on the market', async () => {
    renderDetail({ ...archived(), recommendations: [] });
    const notice = await screen.findByTestId('archived-notice');
    expect(within(notice).getByRole('link', { name: '東京都千代田区麹町の募集中の物件を探す' }).getAttribute('href')).toBe(
      `/search/words?q=${encodeURIComponent('東京都千代田区麹町')}`,
    );
    await act(async () => undefined);
  });

  it('an active listing keeps its canonical and its similar listings at the bottom, with no archive notice', async () => {
    const { setMeta } = renderDetail(bukken());
    expect(await screen.findByTestId('similar-listings')).toBeTruthy();
    expect(screen.queryByTestId('archived-notice')).toBeNull();
    expect(screen.queryByText('募集終了')).toBeNull();
    expect(setMeta.mock.lastCall?.[0]).toMatchObject({ canonical: `/bukken/detail/${GLOBAL_KEY}` });
    expect(setMeta.mock.lastCall?.[0]).not.toHaveProperty('robots');
    await act(async () => undefined);
  });
});

describe('the market-rent chart', () => {
  const market = {
    __typename: 'MarketRent' as const,
    scope: 'STATION' as const,
    median: 96_000,
    sampleSize: 12,
    difference: -6_000,
    differenceRate: -0.063,
    lowerDecile: 80_000,
    lowerQuartile: 88_000,
    upperQuartile: 104_000,
    upperDecile: 120_000,
  };

  it("places this listing's monthly total among the comparables' spread, and says so in words", async () => {
    renderDetail({ ...bukken(), marketRent: market });
    const chart = await screen.findByTestId('market-chart');
    const svg = within(chart).getByRole('img');
    expect(svg.getAttribute('aria-label')).toBe(
      '家賃相場の分布（管理費込み）: 安い方から10%が8万円、25%が8.8万円、中央値が9.6万円、75%が10.4万円、90%が12万円。この物件は9万円。',
    );
    // On one axis from the 10th to the 90th percentile: the box spans the quartiles, the marker sits at 9万円.
    const range = chart.querySelector('.d-market-chart__range')!;
    const [left, right] = [Number(range.getAttribute('x1')), Number(range.getAttribute('x2'))];
    const at = (yen: number) => left + ((yen - 80_000) / 40_000) * (right - left);
    const box = chart.querySelector('.d-market-chart__box')!;
    expect(Number(box.getAttribute('x'))).toBeCloseTo(at(88_000));
    expect(Number(box.getAttribute('width'))).toBeCloseTo(at(104_000) - at(88_000));
    expect(Number(chart.querySelector('.d-market-chart__median')!.getAttribute('x1'))).toBeCloseTo(at(96_000));
    expect(within(chart).getByText('この物件 9万円')).toBeTruthy();
    expect(screen.getByTestId('market-chart-own').getAttribute('d')).toMatch(new RegExp(`^M${at(90_000)} `));
    expect(within(chart).getByText(/同じ駅・同じ間取り/)).toBeTruthy();
    await act(async () => undefined);
  });

  it('widens its axis to a listing dearer than nine in ten comparables', async () => {
    renderDetail({ ...bukken(), marketRent: { ...market, difference: 54_000, differenceRate: 0.563 } });
    const chart = await screen.findByTestId('market-chart');
    const range = chart.querySelector('.d-market-chart__range')!;
    const own = screen.getByTestId('market-chart-own').getAttribute('d')!;
    const ownX = Number(/^M([\d.]+)/.exec(own)?.[1]);
    expect(ownX).toBeGreaterThan(Number(range.getAttribute('x2')));
    expect(within(chart).getByText('この物件 15万円')).toBeTruthy();
    await act(async () => undefined);
  });
});
