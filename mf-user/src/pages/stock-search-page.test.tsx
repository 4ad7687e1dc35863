import { jest } from '@jest/globals';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type {
  UserDeleteSearchConditionMutation,
  UserMarkAlertsReadMutation,
  UserRegisterNewsLetterForListMutation,
  UserSearchConditionsQuery,
  UserSetSearchConditionAlertMailMutation,
} from '../__generated__/operations.js';
import { MARK_ALERTS_READ } from '../features/alerts/index.js';
import { DELETE_SEARCH_CONDITION, REGISTER_NEWS_LETTER_FOR_LIST, SET_ALERT_MAIL, USER_SEARCH_CONDITIONS } from '../features/searches/index.js';
import { alertsMock, newListingsAlert, priceDropAlert } from '../testing/fixtures.js';
import { partDown, renderPage } from '@sumika/shell-kit/testing';
import StockSearchPage from './stock-search-page.js';

afterEach(cleanup);

type User = UserSearchConditionsQuery['user'];
type Condition = User['searchConditions'][number];

const condition = (id: string, searchText: string, searchPath: string, createdAt: string): Condition => ({
  __typename: 'SavedSearchCondition',
  id,
  index: Number(id),
  searchPath,
  searchText,
  prefectureName: '東京都',
  specialName: null,
  createdAt,
  alertMail: 'instant',
});
const SHINJUKU = condition('1', '東京都 新宿区 / 10万円以下', '/search/tokyo/city/13104?cb=10', '2026-11-20T03:00:00Z');
const SHIBUYA = condition('2', '東京都 渋谷区', '/search/tokyo/city/13113', '2026-11-18T16:00:00Z');
const NOT_REGISTERED: User['newsLetter'] = { __typename: 'NewsLetterStatus', list: false, reviewPeriod: null, reviewUntil: null, stopped: false };
const REGISTERED: User['newsLetter'] = { __typename: 'NewsLetterStatus', list: true, reviewPeriod: 30, reviewUntil: '2026-12-20T03:00:00Z', stopped: false };
const read = (searchConditions: Condition[], newsLetter = NOT_REGISTERED) => ({
  request: { query: USER_SEARCH_CONDITIONS },
  result: { data: { user: { __typename: 'User', searchConditions, newsLetter } } satisfies UserSearchConditionsQuery },
});
const toast = (message: string) => within(screen.getByRole('status')).findByText(message);

it('lists the saved conditions with links to run them again and the date they were saved', async () => {
  const { setMeta } = renderPage(StockSearchPage, { path: '/stock_search', mocks: [alertsMock([]), read([SHINJUKU, SHIBUYA])] });
  expect(screen.queryByTestId('stock-search-page')).toBeNull();
  expect(await screen.findByRole('heading', { name: '保存した検索条件（2/20件）' })).toBeTruthy();
  const [first, second] = screen.getAllByTestId('saved-search') as [HTMLElement, HTMLElement];
  expect(within(first).getByRole('link', { name: '東京都 新宿区 / 10万円以下' }).getAttribute('href')).toBe('/search/tokyo/city/13104?cb=10');
  expect(within(first).getByRole('link', { name: 'この条件で探す' }).getAttribute('href')).toBe('/search/tokyo/city/13104?cb=10');
  expect(within(first).getByText('2026/11/20 保存')).toBeTruthy();
  // 16:00Z is the next day in Japan.
  expect(within(second).getByText('2026/11/19 保存')).toBeTruthy();
  expect(setMeta).toHaveBeenCalledWith(expect.objectContaining({ title: '保存した検索条件｜すみか', pageTitle: '保存した検索条件' }));
});

it('deletes a condition and reads the list again', async () => {
  const deleted: UserDeleteSearchConditionMutation = { deleteSearchCondition: { __typename: 'DeleteSearchConditionPayload', status: true, rest: 1 } };
  const remove = jest.fn((_variables: Record<string, unknown>) => ({ data: deleted }));
  renderPage(StockSearchPage, {
    path: '/stock_search',
    mocks: [
      alertsMock([]),
      read([SHINJUKU, SHIBUYA]),
      { request: { query: DELETE_SEARCH_CONDITION, variables: { id: '2' } }, result: remove },
      read([SHINJUKU]),
    ],
  });
  const rows = await screen.findAllByTestId('saved-search');
  fireEvent.click(within(rows[1] as HTMLElement).getByRole('button', { name: '削除' }));
  expect(await toast('検索条件を削除しました')).toBeTruthy();
  expect(remove).toHaveBeenCalledWith({ id: '2' });
  expect(await screen.findByRole('heading', { name: '保存した検索条件（1/20件）' })).toBeTruthy();
  expect(screen.getAllByTestId('saved-search')).toHaveLength(1);
});

it('registers the new-listing mail for 30 days with the address typed', async () => {
  const registered: UserRegisterNewsLetterForListMutation = {
    registerNewsLetterForList: { __typename: 'NewsLetterPayload', reviewPeriod: 30, reviewUntil: '2026-12-20T03:00:00Z' },
  };
  const register = jest.fn((_variables: Record<string, unknown>) => ({ data: registered }));
  renderPage(StockSearchPage, {
    path: '/stock_search',
    mocks: [
      alertsMock([]),
      read([SHINJUKU]),
      { request: { query: REGISTER_NEWS_LETTER_FOR_LIST, variables: { email: 'hanako@example.jp', reviewPeriod: 30 } }, result: register },
      read([SHINJUKU], REGISTERED),
    ],
  });
  fireEvent.change(await screen.findByRole('textbox', { name: 'メールアドレス' }), { target: { value: 'hanako@example.jp' } });
  fireEvent.click(screen.getByRole('button', { name: '登録する（30日間）' }));
  expect(await toast('お知らせメールを登録しました')).toBeTruthy();
  expect(register).toHaveBeenCalledWith({ email: 'hanako@example.jp', reviewPeriod: 30 });
  expect(await screen.findByText('登録済みです（2026/12/20まで）。保存した条件に合う新着物件をメールでお知らせします。')).toBeTruthy();
  expect(screen.queryByRole('textbox', { name: 'メールアドレス' })).toBeNull();
});

it('says so when the mail could not be registered', async () => {
  renderPage(StockSearchPage, {
    path: '/stock_search',
    mocks: [
      alertsMock([]),
      read([]),
      {
        request: { query: REGISTER_NEWS_LETTER_FOR_LIST, variables: { email: 'x@example.jp', reviewPeriod: 30 } },
        result: { errors: [{ message: 'メールアドレスの形式が正しくありません。', extensions: { code: 'BAD_REQUEST' } }] },
      },
    ],
  });
  fireEvent.change(await screen.findByRole('textbox', { name: 'メールアドレス' }), { target: { value: 'x@example.jp' } });
  fireEvent.click(screen.getByRole('button', { name: '登録する（30日間）' }));
  expect(await toast('登録できませんでした。メールアドレスをご確認ください。')).toBeTruthy();
  expect(screen.getByRole('textbox', { name: 'メールアドレス' })).toBeTruthy();
});

it('says nothing is saved, and how to save, when there are no conditions', async () => {
  renderPage(StockSearchPage, { path: '/stock_search', mocks: [alertsMock([]), read([], REGISTERED)] });
  expect(await screen.findByRole('heading', { name: '保存した検索条件（0/20件）' })).toBeTruthy();
  const empty = screen.getByTestId('empty-state');
  expect(within(empty).getByText('保存した検索条件はありません')).toBeTruthy();
  expect(within(empty).getByText('検索結果の「この条件を保存する」から保存すると、新着物件をここで確認できます。')).toBeTruthy();
  expect(within(empty).getByRole('link', { name: '賃貸トップから物件を探す' }).getAttribute('href')).toBe('/');
  expect(screen.queryByTestId('saved-search')).toBeNull();
});

it('offers the mail again when the visitor stopped every mail', async () => {
  renderPage(StockSearchPage, { path: '/stock_search', mocks: [alertsMock([]), read([SHINJUKU], { ...REGISTERED, stopped: true })] });
  expect(await screen.findByRole('button', { name: '登録する（30日間）' })).toBeTruthy();
  expect(screen.queryByText(/^登録済みです/)).toBeNull();
});

it('shows the error box when the conditions could not be read', async () => {
  renderPage(StockSearchPage, {
    path: '/stock_search',
    mocks: [alertsMock([]), { request: { query: USER_SEARCH_CONDITIONS }, result: { data: null, errors: [partDown(['user'])] } }],
  });
  expect(within(await screen.findByRole('alert')).getByText('検索条件を読み込めませんでした。')).toBeTruthy();
  await waitFor(() => expect(screen.queryByTestId('stock-search-page')).toBeNull());
});

it('shows the new listings of each saved search since the last visit as a count and a link, then marks them read', async () => {
  const marked: UserMarkAlertsReadMutation = { markAlertsRead: { __typename: 'MarkAlertsReadPayload', unreadCount: 1 } };
  const mark = jest.fn((_variables: Record<string, unknown>) => ({ data: marked }));
  renderPage(StockSearchPage, {
    path: '/stock_search',
    mocks: [
      read([SHINJUKU, SHIBUYA]),
      // Two scans found listings for 新宿区 since the last visit; 渋谷区's were seen; a price drop is the favorites page's.
      alertsMock([newListingsAlert('8', '1', 2), priceDropAlert('7', 'bk1', 90000, 80000), newListingsAlert('6', '1', 3), newListingsAlert('5', '2', 4, true)]),
      { request: { query: MARK_ALERTS_READ, variables: { ids: ['8', '6'] } }, result: mark },
    ],
  });
  const [shinjuku, shibuya] = (await screen.findAllByTestId('saved-search')) as [HTMLElement, HTMLElement];
  const news = await within(shinjuku).findByTestId('new-listings');
  expect(within(news).getByRole('link', { name: '新着物件 5件を見る' }).getAttribute('href')).toBe('/search/tokyo/city/13104?cb=10');
  expect(within(shibuya).queryByTestId('new-listings')).toBeNull();
  await waitFor(() => expect(mark).toHaveBeenCalledWith({ ids: ['8', '6'] }));
});

it('sets the alert mail of a saved search with its select and a save button, with a toast', async () => {
  const saved: UserSetSearchConditionAlertMailMutation = {
    setSearchConditionAlertMail: {
      __typename: 'SetSearchConditionAlertMailPayload',
      searchCondition: { __typename: 'SavedSearchCondition', id: '2', alertMail: 'daily' },
    },
  };
  const save = jest.fn((_variables: Record<string, unknown>) => ({ data: saved }));
  renderPage(StockSearchPage, {
    path: '/stock_search',
    mocks: [
      alertsMock([]),
      read([SHINJUKU, { ...SHIBUYA, alertMail: 'off' }]),
      { request: { query: SET_ALERT_MAIL, variables: { id: '2', alertMail: 'daily' } }, result: save },
    ],
  });
  const [first, second] = (await screen.findAllByTestId('saved-search')) as [HTMLElement, HTMLElement];
  const select = within(second).getByRole('combobox', { name: '新着お知らせメール' }) as HTMLSelectElement;
  expect(select.value).toBe('off');
  expect((within(first).getByRole('combobox', { name: '新着お知らせメール' }) as HTMLSelectElement).value).toBe('instant');
  expect([...select.options].map((o) => [o.value, o.textContent])).toEqual([
    ['instant', '新着のたびに'],
    ['daily', '1日1回'],
    ['off', '配信しない'],
  ]);
  const button = within(second).getByRole('button', { name: '設定を保存' }) as HTMLButtonElement;
  // Nothing to save until the choice changes.
  expect(button.disabled).toBe(true);
  fireEvent.change(select, { target: { value: 'daily' } });
  expect(button.disabled).toBe(false);
  fireEvent.click(button);
  expect(await toast('お知らせメールの設定を保存しました')).toBeTruthy();
  expect(save).toHaveBeenCalledWith({ id: '2', alertMail: 'daily' });
  await waitFor(() => expect(button.disabled).toBe(true));
});

it('says so when the alert mail setting could not be saved', async () => {
  renderPage(StockSearchPage, {
    path: '/stock_search',
    mocks: [
      alertsMock([]),
      read([SHINJUKU]),
      {
        request: { query: SET_ALERT_MAIL, variables: { id: '1', alertMail: 'off' } },
        result: { errors: [{ message: '指定された検索条件が見つかりません。', extensions: { code: 'NOT_FOUND' } }] },
      },
    ],
  });
  fireEvent.change(await screen.findByRole('combobox', { name: '新着お知らせメール' }), { target: { value: 'off' } });
  fireEvent.click(screen.getByRole('button', { name: '設定を保存' }));
  expect(await toast('設定を保存できませんでした。時間をおいてもう一度お試しください。')).toBeTruthy();
});
