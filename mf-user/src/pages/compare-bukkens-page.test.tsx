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
  ['no keys', ''],
  ['an empty list', '?keys=,'],
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
