import { jest } from '@jest/globals';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserDeleteIncompleteInquiriesMutation, UserIncompleteInquiriesQuery } from '../__generated__/operations.js';
import { DELETE_INCOMPLETE_INQUIRIES, USER_INCOMPLETE_INQUIRIES } from '../features/incomplete/index.js';
import { partDown, renderPage } from '@sumika/shell-kit/testing';
import { stockBukken } from '../testing/fixtures.js';
import IncompletePage from './incomplete-page.js';

afterEach(cleanup);

type Inquiry = UserIncompleteInquiriesQuery['user']['bukken']['incompleteInquiries'][number];

const inquiry = (globalKey: string, startedAt: string, known = true): Inquiry => ({
  __typename: 'IncompleteInquiry',
  globalKey,
  listKind: 'favorite_bukken',
  startedAt,
  bukken: known ? stockBukken(globalKey) : null,
});
const inquiries = (list: Inquiry[]): UserIncompleteInquiriesQuery => ({
  user: { __typename: 'User', bukken: { __typename: 'UserBukken', incompleteInquiries: list } },
});
const count = () => screen.getByText((_, el) => el?.tagName === 'P' && /^問い合わせ途中の物件 \d+件$/.test(el.textContent ?? '')).textContent;
const rowKeys = () => screen.getAllByTestId('stock-row').map((r) => r.dataset['globalKey']);

it('lists the unsent inquiries with their start date and resumes the selected ones', async () => {
  const { setMeta } = renderPage(IncompletePage, {
    path: '/incomplete',
    mocks: [
      {
        request: { query: USER_INCOMPLETE_INQUIRIES },
        result: { data: inquiries([inquiry('bk1', '2026-11-20T03:00:00Z'), inquiry('bk2', '2026-11-18T16:00:00Z')]) },
      },
    ],
  });
  expect(screen.queryByTestId('incomplete-page')).toBeNull();
  const rows = await screen.findAllByTestId('stock-row');
  expect(count()).toBe('問い合わせ途中の物件 2件');
  // 16:00Z is the next day in Japan.
  expect(rows.map((r) => r.textContent?.split(' ／ ').at(-1))).toEqual(['2026/11/20 開始', '2026/11/19 開始']);
  const resume = screen.getByRole('link', { name: '問い合わせを再開' });
  expect(resume.getAttribute('aria-disabled')).toBe('true');
  fireEvent.click(screen.getByRole('checkbox', { name: 'テストハイツ bk1を選択' }));
  fireEvent.click(screen.getByRole('checkbox', { name: 'テストハイツ bk2を選択' }));
  expect(resume.getAttribute('href')).toBe('/apply/create?keys=bk1,bk2');
  expect(resume.getAttribute('aria-disabled')).toBe('false');
  expect(setMeta).toHaveBeenCalledWith(expect.objectContaining({ title: '問い合わせ途中の物件｜すみか', pageTitle: '問い合わせ途中の物件' }));
});

it('deletes the selected inquiries and reads the list again', async () => {
  const deleted: UserDeleteIncompleteInquiriesMutation = {
    incompleteInquiriesDelete: { __typename: 'IncompleteInquiriesDeletePayload', success: true, notFound: [] },
  };
  const remove = jest.fn((_variables: Record<string, unknown>) => ({ data: deleted }));
  renderPage(IncompletePage, {
    path: '/incomplete',
    mocks: [
      {
        request: { query: USER_INCOMPLETE_INQUIRIES },
        result: { data: inquiries([inquiry('bk1', '2026-11-20T03:00:00Z'), inquiry('bk2', '2026-11-19T03:00:00Z')]) },
      },
      { request: { query: DELETE_INCOMPLETE_INQUIRIES, variables: { globalKeys: ['bk1'] } }, result: remove },
      { request: { query: USER_INCOMPLETE_INQUIRIES }, result: { data: inquiries([inquiry('bk2', '2026-11-19T03:00:00Z')]) } },
    ],
  });
  await screen.findAllByTestId('stock-row');
  fireEvent.click(screen.getByRole('button', { name: '削除' }));
  expect(await within(screen.getByRole('status')).findByText('削除する物件を選択してください。')).toBeTruthy();

  fireEvent.click(screen.getByRole('checkbox', { name: 'テストハイツ bk1を選択' }));
  fireEvent.click(screen.getByRole('button', { name: '削除' }));
  expect(await within(screen.getByRole('status')).findByText('削除しました。')).toBeTruthy();
  expect(remove).toHaveBeenCalledTimes(1);
  expect(remove).toHaveBeenCalledWith({ globalKeys: ['bk1'] });
  await waitFor(() => expect(rowKeys()).toEqual(['bk2']));
  expect(count()).toBe('問い合わせ途中の物件 1件');
});

it('says there are none when no inquiry was left unsent, and leads to the search', async () => {
  renderPage(IncompletePage, { path: '/incomplete', mocks: [{ request: { query: USER_INCOMPLETE_INQUIRIES }, result: { data: inquiries([]) } }] });
  const empty = await screen.findByTestId('empty-state');
  expect(within(empty).getByText('問い合わせ途中の物件はありません')).toBeTruthy();
  expect(within(empty).getByRole('link', { name: '賃貸トップから物件を探す' }).getAttribute('href')).toBe('/');
  expect(count()).toBe('問い合わせ途中の物件 0件');
  expect(screen.queryByTestId('stock-row')).toBeNull();
});

it('shows the error box when the list could not be read', async () => {
  renderPage(IncompletePage, {
    path: '/incomplete',
    mocks: [{ request: { query: USER_INCOMPLETE_INQUIRIES }, result: { data: null, errors: [partDown(['user'])] } }],
  });
  expect(within(await screen.findByRole('alert')).getByText('一覧を読み込めませんでした。')).toBeTruthy();
  expect(screen.queryByTestId('incomplete-page')).toBeNull();
});

it('keeps the count and the other inquiries, with the notice, when the listing subgraph could not give one', async () => {
  renderPage(IncompletePage, {
    path: '/incomplete',
    mocks: [
      {
        request: { query: USER_INCOMPLETE_INQUIRIES },
        result: {
          data: inquiries([inquiry('bk1', '2026-11-20T03:00:00Z'), inquiry('bk2', '2026-11-19T03:00:00Z', false)]),
          errors: [partDown(['user', 'bukken', 'incompleteInquiries', 1, 'bukken'])],
        },
      },
    ],
  });
  await screen.findAllByTestId('stock-row');
  expect(rowKeys()).toEqual(['bk1']);
  expect(count()).toBe('問い合わせ途中の物件 2件');
  expect(screen.getByTestId('listings-unavailable').textContent).toBe('物件情報の一部を表示できません。しばらくしてから再度お試しください。');
  expect(screen.queryByRole('alert')).toBeNull();
});
