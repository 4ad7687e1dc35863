import { jest } from '@jest/globals';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserFavoritesQuery, UserMarkAlertsReadMutation } from '../__generated__/operations.js';
import { MARK_ALERTS_READ } from '../features/alerts/index.js';
import { USER_FAVORITES } from '../features/favorites/index.js';
import { partDown, renderPage } from '@sumika/shell-kit/testing';
import { alertsMock, newListingsAlert, priceDropAlert, stockBukken } from '../testing/fixtures.js';
import FavoritePage from './favorite-page.js';

afterEach(cleanup);

type Favorite = UserFavoritesQuery['user']['bukken']['favorites'][number];

function favorite(globalKey: string, addedAt: string, chinryou: number, bukken = true): Favorite {
  return {
    __typename: 'FavoriteBukken',
    globalKey,
    addedAt,
    bukken: bukken
      ? {
          ...stockBukken(globalKey, { chinryou }),
          bukkenSortParams: { __typename: 'BukkenSortParams', addedAt, area: 25.5, arrivedAt: '2026-11-01T00:00:00Z', builtDate: '2015-03', chinryou },
        }
      : null,
  };
}

const answer = (favorites: Favorite[]): UserFavoritesQuery => ({ user: { __typename: 'User', bukken: { __typename: 'UserBukken', favorites } } });
const names = () => screen.getAllByTestId('stock-row').map((row) => within(row).getByRole('link').textContent);

it('lists the favorites in registration order with their date, and sorts them by rent on request', async () => {
  const { setMeta } = renderPage(FavoritePage, {
    path: '/favorite',
    mocks: [
      {
        request: { query: USER_FAVORITES },
        result: { data: answer([favorite('bk1', '2026-11-20T03:00:00Z', 90000), favorite('bk2', '2026-11-19T03:00:00Z', 60000)]) },
      },
      alertsMock([]),
    ],
  });
  // Loading: nothing of the list yet, and no error.
  expect(screen.queryByTestId('favorite-page')).toBeNull();
  expect(screen.queryByRole('alert')).toBeNull();

  expect((await screen.findByTestId('favorite-count')).textContent).toBe('2');
  expect(names()).toEqual(['テストハイツ bk1', 'テストハイツ bk2']);
  expect(screen.getAllByTestId('stock-row')[0]?.textContent).toContain('9万円1K ／ 25.5m² ／ 築11年');
  expect(screen.getAllByTestId('stock-row')[0]?.textContent).toContain('東京都千代田区麹町1-1 ／ 2026/11/20 追加');
  expect(screen.getByRole('link', { name: 'テストハイツ bk1' }).getAttribute('href')).toBe('/bukken/detail/bk1');
  expect(setMeta).toHaveBeenCalledWith(expect.objectContaining({ title: 'お気に入り物件｜すみか', pageTitle: 'お気に入り物件' }));

  fireEvent.change(screen.getByRole('combobox', { name: '並び替え' }), { target: { value: 'chinryou' } });
  expect(names()).toEqual(['テストハイツ bk2', 'テストハイツ bk1']);

  // Selecting two listings links the inquiry and the comparison to them.
  fireEvent.click(screen.getByRole('button', { name: 'すべて選択' }));
  expect(screen.getByRole('link', { name: '比較する' }).getAttribute('href')).toBe('/favorite/compare_bukkens?keys=bk2,bk1');
  expect(screen.getByRole('link', { name: '選択した物件をまとめて問い合わせ' }).getAttribute('href')).toBe('/apply/create?keys=bk2,bk1');
  expect(screen.getByRole('button', { name: '選択を解除' })).toBeTruthy();
  await act(async () => undefined);
});

it('says there are no favorites and leads to the search when the list is empty', async () => {
  renderPage(FavoritePage, { path: '/favorite', mocks: [{ request: { query: USER_FAVORITES }, result: { data: answer([]) } }, alertsMock([])] });
  expect((await screen.findByTestId('favorite-count')).textContent).toBe('0');
  const empty = screen.getByTestId('empty-state');
  expect(within(empty).getByText('お気に入りに保存した物件はありません')).toBeTruthy();
  expect(within(empty).getByText('物件一覧や物件詳細の「お気に入りに追加」から保存できます。')).toBeTruthy();
  expect(within(empty).getByRole('link', { name: '賃貸トップから物件を探す' }).getAttribute('href')).toBe('/');
  expect(screen.queryByTestId('stock-row')).toBeNull();
});

it('shows the price drops since the last visit with the old and the new rent, then marks them read', async () => {
  const marked: UserMarkAlertsReadMutation = { markAlertsRead: { __typename: 'MarkAlertsReadPayload', unreadCount: 1 } };
  const mark = jest.fn((_variables: Record<string, unknown>) => ({ data: marked }));
  renderPage(FavoritePage, {
    path: '/favorite',
    mocks: [
      {
        request: { query: USER_FAVORITES },
        result: {
          data: answer([
            favorite('bk1', '2026-11-20T03:00:00Z', 80000),
            favorite('bk2', '2026-11-19T03:00:00Z', 60000),
            favorite('bk3', '2026-11-18T03:00:00Z', 70000),
          ]),
        },
      },
      // Newest first: bk1 dropped twice since the last visit; bk3's drop was seen before; a saved search's news is not this page's.
      alertsMock([
        priceDropAlert('5', 'bk1', 85000, 80000),
        newListingsAlert('4', '9', 3),
        priceDropAlert('3', 'bk1', 90000, 85000),
        priceDropAlert('2', 'bk3', 75000, 70000, true),
      ]),
      { request: { query: MARK_ALERTS_READ, variables: { ids: ['5', '3'] } }, result: mark },
    ],
  });
  const row = (key: string) => screen.getAllByTestId('stock-row').find((r) => r.dataset.globalKey === key) as HTMLElement;
  expect((await screen.findByTestId('price-drop-summary')).textContent).toBe('前回の確認から賃料が下がった物件が1件あります。');
  expect(within(row('bk1')).getByTestId('price-drop').textContent).toBe('値下げ 9万円 → 8万円');
  expect(within(row('bk2')).queryByTestId('price-drop')).toBeNull();
  expect(within(row('bk3')).queryByTestId('price-drop')).toBeNull();
  await waitFor(() => expect(mark).toHaveBeenCalledWith({ ids: ['5', '3'] }));
  // Still shown until the visitor leaves.
  expect(within(row('bk1')).getByTestId('price-drop')).toBeTruthy();
});

it('shows the error box with a retry when the favorites could not be read', async () => {
  renderPage(FavoritePage, {
    path: '/favorite',
    mocks: [{ request: { query: USER_FAVORITES }, result: { data: null, errors: [partDown(['user'])] } }, alertsMock([])],
  });
  const alert = await screen.findByRole('alert');
  expect(within(alert).getByText('お気に入りを読み込めませんでした。')).toBeTruthy();
  expect(within(alert).getByRole('button', { name: '再読み込み' })).toBeTruthy();
  expect(screen.queryByTestId('favorite-page')).toBeNull();
});

it('keeps the count and the favorites that came back, with the notice, when the listing subgraph could not give one', async () => {
  const data = answer([favorite('bk1', '2026-11-20T03:00:00Z', 90000), favorite('bk2', '2026-11-19T03:00:00Z', 60000, false)]);
  renderPage(FavoritePage, {
    path: '/favorite',
    mocks: [{ request: { query: USER_FAVORITES }, result: { data, errors: [partDown(['user', 'bukken', 'favorites', 1, 'bukken'])] } }, alertsMock([])],
  });
  expect((await screen.findByTestId('favorite-count')).textContent).toBe('2');
  expect(names()).toEqual(['テストハイツ bk1']);
  expect(screen.getByTestId('listings-unavailable').textContent).toBe('物件情報の一部を表示できません。しばらくしてから再度お試しください。');
  expect(screen.queryByRole('alert')).toBeNull();
});

it('says the favorites cannot be shown, not that there are none, when the listing subgraph could give none of them', async () => {
  const data = answer([favorite('bk1', '2026-11-20T03:00:00Z', 90000, false)]);
  renderPage(FavoritePage, {
    path: '/favorite',
    mocks: [{ request: { query: USER_FAVORITES }, result: { data, errors: [partDown(['user', 'bukken', 'favorites', 0, 'bukken'])] } }, alertsMock([])],
  });
  expect((await screen.findByTestId('favorite-count')).textContent).toBe('1');
  expect(screen.getByTestId('listings-unavailable')).toBeTruthy();
  expect(screen.queryByText(/お気に入りに保存した物件はありません。/)).toBeNull();
  expect(screen.queryAllByTestId('stock-row')).toEqual([]);
  expect(screen.queryByTestId('delete-selected')).toBeNull();
});
