import { cleanup, screen, within } from '@testing-library/react';
import type { UserCompareBukkensQuery } from '../__generated__/operations.js';
import { COMPARE_BUKKENS } from '../features/compare/index.js';
import { partDown, renderPage } from '@sumika/shell-kit/testing';
import CompareBukkensPage from './compare-bukkens-page.js';

afterEach(cleanup);

type Row = UserCompareBukkensQuery['compareBukkens'][number];

function row(
  globalKey: string,
  name: string,
  values: { chinryou: number; monthlyTotal: number; area: number; builtAge: number; walkMin: number },
  best: Partial<Pick<Row, 'cheapestMonthly' | 'cheapestInitial' | 'largest' | 'newest' | 'nearest'>>,
): Row {
  return {
    __typename: 'CompareRow',
    monthlyTotal: values.monthlyTotal,
    initialCostTotal: 300000,
    walkMin: values.walkMin,
    cheapestMonthly: false,
    cheapestInitial: false,
    largest: false,
    newest: false,
    nearest: false,
    ...best,
    bukken: {
      __typename: 'Bukken',
      globalKey,
      name,
      address: '東京都千代田区麹町1-1',
      chinryou: values.chinryou,
      kanriKyoeki: values.monthlyTotal - values.chinryou,
      plan: '1K',
      area: values.area,
      builtAge: values.builtAge,
      floor: 2,
      traffics: [{ __typename: 'Traffic', text: `半蔵門駅 歩${values.walkMin}分` }],
      imageGroup: { __typename: 'ImageGroup', gaikanUrl: `/images/${globalKey}.jpg`, madoriUrl: `/images/${globalKey}-m.jpg` },
    },
  };
}

const rows: Row[] = [
  row('bk1', 'テストハイツ', { chinryou: 85000, monthlyTotal: 90000, area: 25.5, builtAge: 0, walkMin: 5 }, { newest: true, cheapestInitial: true }),
  row(
    'bk2',
    'となりハイツ',
    { chinryou: 70500, monthlyTotal: 73000, area: 30, builtAge: 12, walkMin: 3 },
    { cheapestMonthly: true, largest: true, nearest: true, cheapestInitial: true },
  ),
];
const compareMock = (keys: string[], result: { data: UserCompareBukkensQuery | null; errors?: ReturnType<typeof partDown>[] }) => ({
  request: { query: COMPARE_BUKKENS, variables: { globalKeys: keys } },
  result,
});
/** The cells of the row headed `label`, left to right. */
const cells = (label: string) =>
  within(screen.getByRole('rowheader', { name: label }).closest('tr') as HTMLElement)
    .getAllByRole('cell')
    .map((c) => c.textContent);

it('puts the listings side by side and marks the best of each line', async () => {
  const { setMeta, setStatus } = renderPage(CompareBukkensPage, {
    path: '/favorite/compare_bukkens',
    search: '?keys=bk1,bk2,bk1',
    mocks: [compareMock(['bk1', 'bk2'], { data: { compareBukkens: rows } })],
  });
  expect(screen.queryByTestId('compare-page')).toBeNull();
  const table = await screen.findByRole('table');
  expect(within(table).getByRole('link', { name: 'テストハイツ' }).getAttribute('href')).toBe('/bukken/detail/bk1');
  expect(within(table).getByRole('link', { name: 'となりハイツ' }).getAttribute('href')).toBe('/bukken/detail/bk2');
  expect(cells('賃料')).toEqual(['8.5万円', '7.1万円']);
  expect(cells('月々の支払い（管理費込み）')).toEqual(['90,000円', '73,000円 ★']);
  expect(cells('初期費用の目安')).toEqual(['300,000円 ★', '300,000円 ★']);
  expect(cells('専有面積')).toEqual(['25.5m²', '30m² ★']);
  expect(cells('築年数')).toEqual(['新築 ★', '築12年']);
  expect(cells('駅徒歩')).toEqual(['5分', '3分 ★']);
  expect(cells('交通')).toEqual(['半蔵門駅 歩5分', '半蔵門駅 歩3分']);
  expect(screen.getByText('★ はその項目でいちばん条件のよい物件です。')).toBeTruthy();
  expect(setMeta).toHaveBeenCalledWith(expect.objectContaining({ title: 'お気に入り物件の比較｜すみか', pageTitle: 'お気に入り物件を比較' }));
  expect(setStatus).not.toHaveBeenCalled();
});

it.each([
  ['an empty list', '?keys=,'],
  ['keys= with nothing', '?keys='],
  ['a key with other characters', '?keys=bk1,bk%2F2'],
  ['more than 10 keys', `?keys=${Array.from({ length: 11 }, (_, i) => `bk${i}`).join(',')}`],
])('answers 400 and renders nothing for %s', (_case, search) => {
  // No mock: a query sent would fail the test with an error box instead of rendering nothing.
  const { container, setStatus } = renderPage(CompareBukkensPage, { path: '/favorite/compare_bukkens', search, mocks: [] });
  expect(setStatus).toHaveBeenCalledWith(400);
  expect(container.textContent).toBe('');
});

it('takes 10 keys, the most it compares', async () => {
  const keys = Array.from({ length: 10 }, (_, i) => `bk${i}`);
  const { setStatus } = renderPage(CompareBukkensPage, {
    path: '/favorite/compare_bukkens',
    search: `?keys=${keys.join(',')}`,
    mocks: [compareMock(keys, { data: { compareBukkens: rows } })],
  });
  expect(await screen.findByRole('table')).toBeTruthy();
  expect(setStatus).not.toHaveBeenCalled();
});

it('shows the error box when the comparison could not be read', async () => {
  const { setStatus } = renderPage(CompareBukkensPage, {
    path: '/favorite/compare_bukkens',
    search: '?keys=bk1,bk2',
    mocks: [compareMock(['bk1', 'bk2'], { data: null, errors: [partDown(['compareBukkens'])] })],
  });
  expect(within(await screen.findByRole('alert')).getByText('比較表を読み込めませんでした。')).toBeTruthy();
  expect(screen.queryByRole('table')).toBeNull();
  expect(setStatus).not.toHaveBeenCalled();
});

it('readable at 375 px: the item column is sticky inside a sideways-scrolling, focusable region', async () => {
  renderPage(CompareBukkensPage, {
    path: '/favorite/compare_bukkens',
    search: '?keys=bk1,bk2',
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    mocks: [compareMock(['bk1', 'bk2'], { data: { compareBukkens: rows } })],
  });
  const table = await screen.findByRole('table');
  const region = screen.getByRole('region', { name: '比較表（横にスクロールできます）' });
  expect(region.contains(table)).toBe(true);
  expect(region.className).toBe('u-compare');
  expect(region.tabIndex).toBe(0);
  // Every row's header cell, and the corner, carry the sticky column's class.
  const firstCells = within(table)
    .getAllByRole('row')
    .map((r) => r.firstElementChild as HTMLElement);
  expect(firstCells.length).toBe(10);
  for (const c of firstCells) expect(c.classList.contains('u-compare__sticky')).toBe(true);
  expect(
    within(table)
      .getAllByRole('rowheader')
      .map((h) => h.textContent),
  ).toEqual(['賃料', '月々の支払い（管理費込み）', '初期費用の目安', '間取り', '専有面積', '築年数', '駅徒歩', '交通', '所在地']);
});

it('takes a listing out of the comparison with a link to the same table without it', async () => {
  renderPage(CompareBukkensPage, {
    path: '/favorite/compare_bukkens',
    search: '?keys=bk1,bk2',
    mocks: [compareMock(['bk1', 'bk2'], { data: { compareBukkens: rows } })],
  });
  await screen.findByRole('table');
  expect(screen.getAllByTestId('compare-column')).toHaveLength(2);
  expect(screen.getByRole('link', { name: 'テストハイツを比較から外す' }).getAttribute('href')).toBe('/favorite/compare_bukkens?keys=bk2');
  expect(screen.getByRole('link', { name: 'となりハイツを比較から外す' }).getAttribute('href')).toBe('/favorite/compare_bukkens?keys=bk1');
});

it('a single listing has nothing to take out', async () => {
  renderPage(CompareBukkensPage, {
    path: '/favorite/compare_bukkens',
    search: '?keys=bk1',
    mocks: [compareMock(['bk1'], { data: { compareBukkens: [rows[0] as Row] } })],
  });
  await screen.findByRole('table');
  expect(screen.queryByRole('link', { name: /を比較から外す$/ })).toBeNull();
});

it("without keys (the user menu's link) compares the newest 10 favorites", async () => {
  const favoriteKeys = Array.from({ length: 12 }, (_, i) => `bk${i + 1}`);
  const { setStatus } = renderPage(CompareBukkensPage, {
    path: '/favorite/compare_bukkens',
    favoriteKeys,
    mocks: [compareMock(favoriteKeys.slice(0, 10), { data: { compareBukkens: rows } })],
  });
  expect(await screen.findByRole('table')).toBeTruthy();
  expect(setStatus).not.toHaveBeenCalled();
});

it('without keys or favorites says there is nothing to compare and leads to the search (200)', () => {
  const { setStatus } = renderPage(CompareBukkensPage, { path: '/favorite/compare_bukkens', mocks: [] });
  const empty = screen.getByTestId('empty-state');
  expect(within(empty).getByText('比較できる物件がありません')).toBeTruthy();
  expect(within(empty).getByRole('link', { name: 'お気に入り' }).getAttribute('href')).toBe('/favorite');
  expect(within(empty).getByRole('link', { name: '賃貸トップから物件を探す' }).getAttribute('href')).toBe('/');
  expect(screen.queryByRole('table')).toBeNull();
  expect(setStatus).not.toHaveBeenCalled();
});
