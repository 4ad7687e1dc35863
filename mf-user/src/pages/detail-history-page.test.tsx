import { jest } from '@jest/globals';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { HistoryKind, UserDeleteHistoriesMutation, UserHistoriesQuery } from '../__generated__/operations.js';
import { DELETE_HISTORIES, USER_HISTORIES } from '../features/histories/index.js';
import { partDown, renderPage } from '@sumika/shell-kit/testing';
import { stockBukken } from '../testing/fixtures.js';
import DetailHistoryPage from './detail-history-page.js';

afterEach(cleanup);

type History = UserHistoriesQuery['user']['bukken']['histories'][number];

const history = (globalKey: string, kind: HistoryKind, viewedAt: string, known = true): History => ({
  __typename: 'HistoryBukken',
  globalKey,
  kind,
  viewedAt,
  bukken: known ? stockBukken(globalKey) : null,
});
const histories = (list: History[]): UserHistoriesQuery => ({ user: { __typename: 'User', bukken: { __typename: 'UserBukken', histories: list } } });
const read = (data: UserHistoriesQuery) => ({ request: { query: USER_HISTORIES }, result: { data } });
const toolbarCount = () => screen.getByText(/^閲覧履歴/, { selector: 'p' }).textContent;

it('lists the viewed listings with the time and kind of the visit', async () => {
  const { setMeta } = renderPage(DetailHistoryPage, {
    path: '/detail_history',
    mocks: [
      read(
        histories([
          history('bk1', 'applied', '2026-11-20T03:04:00Z'),
          history('bk2', 'viewed_incompleted', '2026-11-19T15:30:00Z'),
          history('bk3', 'viewed', '2026-11-18T00:00:00Z'),
        ]),
      ),
    ],
  });
  expect(screen.queryByTestId('detail-history-page')).toBeNull();
  const rows = await screen.findAllByTestId('stock-row');
  expect(toolbarCount()).toBe('閲覧履歴 3件');
  // Japan time: 03:04Z is 12:04, 15:30Z is the next day's 00:30.
  expect(rows.map((r) => r.textContent?.split('東京都千代田区麹町1-1 ／ ')[1])).toEqual([
    '2026/11/20 12:04 問い合わせ済み',
    '2026/11/20 00:30 問い合わせ途中',
    '2026/11/18 09:00 閲覧',
  ]);
  expect(setMeta).toHaveBeenCalledWith(expect.objectContaining({ title: '閲覧履歴｜すみか', description: '最近見た賃貸物件の一覧です。' }));
});

it('deletes the selected listings from the history and reads the list again', async () => {
  const deleted: UserDeleteHistoriesMutation = { deleteHistories: { __typename: 'DeleteHistoriesPayload', deleteGlobalKeys: ['bk2'] } };
  const remove = jest.fn((_variables: Record<string, unknown>) => ({ data: deleted }));
  renderPage(DetailHistoryPage, {
    path: '/detail_history',
    mocks: [
      read(histories([history('bk1', 'viewed', '2026-11-20T03:00:00Z'), history('bk2', 'viewed', '2026-11-19T03:00:00Z')])),
      { request: { query: DELETE_HISTORIES, variables: { globalKeys: ['bk2'] } }, result: remove },
      read(histories([history('bk1', 'viewed', '2026-11-20T03:00:00Z')])),
    ],
  });
  await screen.findAllByTestId('stock-row');
  const button = screen.getByRole('button', { name: '選択した履歴を削除' });

  fireEvent.click(button);
  expect(await within(screen.getByRole('status')).findByText('削除する物件を選択してください。')).toBeTruthy();
  expect(remove).not.toHaveBeenCalled();

  fireEvent.click(screen.getByRole('checkbox', { name: 'テストハイツ bk2を選択' }));
  fireEvent.click(button);
  expect(await within(screen.getByRole('status')).findByText('閲覧履歴を削除しました')).toBeTruthy();
  expect(remove).toHaveBeenCalledWith({ globalKeys: ['bk2'] });
  await waitFor(() => expect(toolbarCount()).toBe('閲覧履歴 1件'));
  expect(screen.getAllByTestId('stock-row').map((r) => r.dataset['globalKey'])).toEqual(['bk1']);
});

it('says nothing has been viewed yet when the history is empty, and leads to the search', async () => {
  renderPage(DetailHistoryPage, { path: '/detail_history', mocks: [read(histories([]))] });
  const empty = await screen.findByTestId('empty-state');
  expect(empty.className).toBe('u-empty');
  expect(within(empty).getByText('閲覧した物件はまだありません')).toBeTruthy();
  expect(within(empty).getByRole('link', { name: '賃貸トップから物件を探す' }).getAttribute('href')).toBe('/');
  expect(toolbarCount()).toBe('閲覧履歴 0件');
});

it('shows the error box when the history could not be read', async () => {
  renderPage(DetailHistoryPage, { path: '/detail_history', mocks: [{ request: { query: USER_HISTORIES }, error: new Error('network down') }] });
  expect(within(await screen.findByRole('alert')).getByText('閲覧履歴を読み込めませんでした。')).toBeTruthy();
  expect(screen.queryByTestId('detail-history-page')).toBeNull();
});

it('keeps the count and the other listings, with the notice, when the listing subgraph could not give one', async () => {
  renderPage(DetailHistoryPage, {
    path: '/detail_history',
    mocks: [
      {
        request: { query: USER_HISTORIES },
        result: {
          data: histories([history('bk1', 'viewed', '2026-11-20T03:00:00Z', false), history('bk2', 'viewed', '2026-11-19T03:00:00Z')]),
          errors: [partDown(['user', 'bukken', 'histories', 0, 'bukken'])],
        },
      },
    ],
  });
  expect((await screen.findAllByTestId('stock-row')).map((r) => r.dataset['globalKey'])).toEqual(['bk2']);
  expect(toolbarCount()).toBe('閲覧履歴 2件');
  expect(screen.getByTestId('listings-unavailable').textContent).toBe('物件情報の一部を表示できません。しばらくしてから再度お試しください。');
  expect(screen.queryByRole('alert')).toBeNull();
});
