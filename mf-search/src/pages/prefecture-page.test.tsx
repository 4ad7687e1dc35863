import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import type { SearchPrefecturePageQuery } from '../__generated__/operations.js';
import { SEARCH_PREFECTURE_PAGE } from '../features/prefecture/index.js';
import { partDown, renderPage } from '@sumika/shell-kit/testing';
import { bukkenCard } from '../testing/fixtures.js';
import PrefecturePage from './prefecture-page.js';

afterEach(cleanup);

type Prefecture = NonNullable<SearchPrefecturePageQuery['prefecture']>;

const tokyo: Prefecture = {
  __typename: 'Prefecture',
  code: 13,
  name: '東京都',
  path: 'tokyo',
  bukkenCount: 123456,
  cities: [
    { __typename: 'City', code: 13101, name: '千代田区', bukkenCount: 1200 },
    { __typename: 'City', code: 13102, name: '中央区', bukkenCount: 0 },
  ],
};
const railways: SearchPrefecturePageQuery['railways'] = [
  {
    __typename: 'Railway',
    code: 'tokyometro',
    name: '東京メトロ',
    lines: [
      { __typename: 'Line', code: 28001, name: '東京メトロ半蔵門線', colorCode: '#8f76d6', bukkenCount: 3400 },
      { __typename: 'Line', code: 28009, name: '東京メトロ南北線', colorCode: '#00ac9b', bukkenCount: 0 },
    ],
  },
];
const specials: SearchPrefecturePageQuery['specials'] = [
  { __typename: 'Special', path: 'pet', name: 'ペット可', title: 'ペット可の賃貸', topImage: '/p.jpg', bukkenCount: 800 },
  { __typename: 'Special', path: 'tower', name: 'タワーマンション', title: 'タワマン', topImage: '/t.jpg', bukkenCount: 0 },
];
const answer = (prefecture: Prefecture | null, recommend: SearchPrefecturePageQuery['prefectureRecommendBukkens']): SearchPrefecturePageQuery => ({
  prefecture,
  railways,
  prefectureRecommendBukkens: recommend,
  specials,
});
const picks = { __typename: 'BukkenList' as const, bukkenList: [bukkenCard(1, 'こうじまちハイツ')] };
const page = (result: { data: SearchPrefecturePageQuery | null; errors?: ReturnType<typeof partDown>[] }) => [
  { request: { query: SEARCH_PREFECTURE_PAGE, variables: { path: 'tokyo' } }, result },
];

it('shows the count, the cities, the lines with listings, the recommendations and the specials', async () => {
  const { setMeta, setStatus } = renderPage(PrefecturePage, {
    path: '/tokyo',
    params: { prefecturePath: 'tokyo' },
    mocks: page({ data: answer(tokyo, picks) }),
  });
  expect(screen.queryByTestId('prefecture-page')).toBeNull();
  expect(await screen.findByRole('heading', { name: '東京都の賃貸物件' })).toBeTruthy();
  expect(screen.getByText('123,456').parentElement?.textContent).toBe('123,456件');
  expect(screen.getByRole('link', { name: '東京都のすべての物件を見る ›' }).getAttribute('href')).toBe('/search/results?prefecture=tokyo');
  const cities = within(screen.getByTestId('city-list')).getAllByRole('checkbox') as HTMLInputElement[];
  // A city without listings cannot be ticked.
  expect(cities.map((c) => [c.value, c.disabled])).toEqual([
    ['13101', false],
    ['13102', true],
  ]);
  expect(screen.getByRole('link', { name: '千代田区' }).getAttribute('href')).toBe('/search/tokyo/city/13101');
  expect(screen.getByRole('link', { name: '東京メトロ半蔵門線' }).getAttribute('href')).toBe('/search/line_stations/tokyo/28001');
  expect(screen.queryByRole('link', { name: '東京メトロ南北線' })).toBeNull();
  expect(screen.getByRole('heading', { name: '東京都のおすすめ物件' })).toBeTruthy();
  expect(screen.getAllByTestId('bukken-card').map((c) => c.dataset['globalKey'])).toEqual(['bk000000001']);
  expect(screen.getByRole('link', { name: /ペット可/ }).getAttribute('href')).toBe('/search/cities/tokyo/topic/pet');
  expect(screen.queryByRole('link', { name: /タワーマンション/ })).toBeNull();
  expect(setMeta).toHaveBeenCalledWith(
    expect.objectContaining({
      title: '東京都の賃貸物件・賃貸住宅｜すみか',
      canonical: '/tokyo',
      description: '東京都の賃貸物件123,456件。市区町村や沿線・駅から、東京都の賃貸マンション・アパートを探せます。',
    }),
  );
  expect(setStatus).not.toHaveBeenCalled();
  await act(async () => undefined);
});

it('stands without its recommendations when the listing subgraph could not give them', async () => {
  renderPage(PrefecturePage, {
    path: '/tokyo',
    params: { prefecturePath: 'tokyo' },
    mocks: page({ data: answer(tokyo, null), errors: [partDown(['prefectureRecommendBukkens'])] }),
  });
  expect(await screen.findByRole('heading', { name: '東京都の賃貸物件' })).toBeTruthy();
  expect(screen.queryByRole('heading', { name: '東京都のおすすめ物件' })).toBeNull();
  expect(screen.getByRole('link', { name: '千代田区' })).toBeTruthy();
  expect(screen.queryByRole('alert')).toBeNull();
});

it('answers 404 for a prefecture that does not exist', async () => {
  const { container, setStatus } = renderPage(PrefecturePage, {
    path: '/tokyo',
    params: { prefecturePath: 'tokyo' },
    mocks: page({ data: answer(null, null) }),
  });
  await waitFor(() => expect(setStatus).toHaveBeenCalledWith(404));
  expect(container.textContent).toBe('');
});

it('shows the error box, not the 404 page, when the prefecture could not be read', async () => {
  const { setStatus } = renderPage(PrefecturePage, {
    path: '/tokyo',
    params: { prefecturePath: 'tokyo' },
    mocks: page({ data: answer(null, picks), errors: [partDown(['prefecture'])] }),
  });
  expect(within(await screen.findByRole('alert')).getByText('情報を読み込めませんでした。')).toBeTruthy();
  expect(setStatus).not.toHaveBeenCalled();
});

it('leads to every way in from the top, and on phones shows listings before the long lists, which fold away (issue 16)', async () => {
  renderPage(PrefecturePage, {
    path: '/tokyo',
    params: { prefecturePath: 'tokyo' },
    mocks: page({ data: answer(tokyo, picks) }),
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  });
  await screen.findByRole('heading', { name: '東京都の賃貸物件' });
  const ways = ['駅から探す ›', '通勤・通学時間から探す ›', '家賃相場から探す ›'].map((name) => screen.getByRole('link', { name }).getAttribute('href'));
  expect(ways).toEqual(['/search/stations/tokyo', '/search/nmin_stations/tokyo', '/search/cities_lines_chinryou_souba/tokyo']);
  const folds = Array.from(document.querySelectorAll('details.s-fold'));
  expect(folds.map((d) => [d.querySelector('summary')?.textContent, (d as HTMLDetailsElement).open])).toEqual([
    [expect.stringMatching(/^市区町村の一覧（\d+）$/), false],
    [expect.stringMatching(/^路線の一覧（\d+）$/), false],
  ]);
  // The recommended listings come before the folded lists.
  const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
  expect(headings.indexOf('東京都のおすすめ物件')).toBeLessThan(headings.indexOf('市区町村から探す'));
});
