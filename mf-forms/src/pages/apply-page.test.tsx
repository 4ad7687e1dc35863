import type { TypedDocumentNode } from '@apollo/client';
import { jest } from '@jest/globals';
import { REQUIRED_USER_DATA } from '@sumika/shell-kit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GraphQLError } from 'graphql';
import type {
  FormsApplyPageQuery,
  FormsCreateApplyMutation,
  FormsCreateApplyMutationVariables,
  FormsMarkInquiriesSentMutation,
  FormsStartInquiryMutation,
} from '../__generated__/operations.js';
import { APPLY_PAGE_DATA, CREATE_APPLY, MARK_INQUIRIES_SENT, START_INQUIRY } from '../features/apply/index.js';
import { partDown, renderPage } from '@sumika/shell-kit/testing';
import { errorMessageOf, FORM_PAGE, stubScrolling, TEST_RECAPTCHA_TOKEN } from '../testing/form-queries.js';
import ApplyPage from './apply-page.js';

type Bukken = NonNullable<FormsApplyPageQuery['bukkens'][number]>;
type Input = FormsCreateApplyMutationVariables['input'];

const option = (code: string, name: string) => ({ __typename: 'MasterOption' as const, code, name });
const applyMaster: FormsApplyPageQuery['applyMaster'] = {
  __typename: 'ApplyMaster',
  maxBukkens: 10,
  contactMethods: [option('email', 'メール'), option('phone', '電話')],
  moveInTimings: [option('asap', 'すぐにでも'), option('within_1_month', '1ヶ月以内')],
  requests: [option('vacancy', '最新の空室状況を知りたい'), option('viewing', '実際に見学したい')],
};
const bukken = (globalKey: string, name: string, company: Bukken['company']): Bukken => ({
  __typename: 'Bukken',
  globalKey,
  name,
  chinryou: 85000,
  plan: '1K',
  area: 25.5,
  address: '東京都千代田区麹町1-1',
  company,
});
const STORE = { __typename: 'Company' as const, id: '12', clientName: 'すみか不動産 麹町店' };

/** What the gateway says for a part down: the field null, this error on its path. */
const pageData = (keys: string[], bukkens: FormsApplyPageQuery['bukkens'], errors?: GraphQLError[]) => ({
  request: { query: APPLY_PAGE_DATA, variables: { globalKeys: keys } },
  result: { data: { applyMaster, bukkens }, ...(errors ? { errors } : {}) },
});
const started = (keys: string[], listKind = 'building_page_bukken') => {
  const result = jest.fn((_variables: Record<string, unknown>) => ({
    data: { startInquiry: { __typename: 'StartInquiryPayload', globalKeys: keys } } satisfies FormsStartInquiryMutation,
  }));
  return { mock: { request: { query: START_INQUIRY, variables: { globalKeys: keys, listKind } }, result }, result };
};
type RequiredUserData = typeof REQUIRED_USER_DATA extends TypedDocumentNode<infer R, infer _V> ? R : never;
// After sending, the header badges are read again (the kit's stock counts).
const badges: RequiredUserData = {
  requiredUserData: {
    __typename: 'User',
    lastUpdatedAt: '2024-10-03T01:00:00Z',
    existApplyData: true,
    admin: false,
    stockCount: { __typename: 'StockCount', favorite: 0, detail: 2, search: 0 },
    lastSearchCondition: null,
  },
};
const listed = () => screen.getAllByRole('listitem').map((li) => li.textContent);

beforeEach(stubScrolling);
afterEach(() => jest.restoreAllMocks());

it("lists the listings asked about, records the inquiry as started, and sends it with the visitor's answers", async () => {
  const keys = ['bk000000001', 'bk000000002'];
  const start = started(keys, 'favorite_bukken');
  const EMPTY = {
    globalKeys: keys,
    listKind: 'favorite_bukken',
    name: null,
    kana: null,
    email: null,
    phone: null,
    contactMethod: null,
    moveInTiming: null,
    requests: [],
    freeText: null,
    recaptchaToken: TEST_RECAPTCHA_TOKEN,
    isApp: false,
  } satisfies Input;
  const FIELD_MESSAGES = {
    'input.name': 'お名前を入力してください。',
    'input.contactMethod': '希望連絡方法を選択してください。',
    'input.moveInTiming': '入居希望時期を選択してください。',
  };
  const filled = {
    ...EMPTY,
    name: '佐藤 花子',
    kana: 'サトウ ハナコ',
    email: 'hanako@example.jp',
    contactMethod: 'email',
    moveInTiming: 'within_1_month',
    requests: ['viewing'],
    freeText: 'ペットは飼えますか。',
  } satisfies Input;
  const created: FormsCreateApplyMutation['createApply'] = {
    __typename: 'ApplyReceipt',
    id: 'ap-1',
    receiptNumber: 'AP-20241003-9Q4W2E',
    receivedAt: '2024-10-03T10:00:00+09:00',
    email: 'hanako@example.jp',
    summary: [],
    cashbackCampaign: { __typename: 'CashbackCampaign', amountText: '最大60,000円' },
  };
  const accept = jest.fn((_variables: Record<string, unknown>) => ({ data: { createApply: created } }));
  const markSent = jest.fn((_variables: Record<string, unknown>) => ({
    data: { markInquiriesSent: { __typename: 'MarkInquiriesSentPayload', globalKeys: keys, existApplyData: true } } satisfies FormsMarkInquiriesSentMutation,
  }));
  const refreshed = jest.fn(() => ({ data: badges }));
  const { setMeta, setStatus } = renderPage(ApplyPage, {
    ...FORM_PAGE,
    path: '/apply/create',
    search: `?keys=${keys.join(',')}&list_kind=favorite_bukken`,
    mocks: [
      pageData(keys, [bukken('bk000000001', 'テストハイツ 101', STORE), bukken('bk000000002', 'となりハイツ 202', null)]),
      start.mock,
      {
        request: { query: CREATE_APPLY, variables: { input: EMPTY } },
        result: { errors: [{ message: '入力内容に誤りがあります。各項目をご確認ください。', extensions: { code: 'BAD_REQUEST', fields: FIELD_MESSAGES } }] },
      },
      { request: { query: CREATE_APPLY, variables: { input: filled } }, result: accept },
      { request: { query: MARK_INQUIRIES_SENT, variables: { globalKeys: keys, listKind: 'favorite_bukken' } }, result: markSent },
      { request: { query: REQUIRED_USER_DATA }, result: refreshed },
    ],
  });
  expect(setMeta).toHaveBeenCalledWith(expect.objectContaining({ title: '物件のお問い合わせ｜すみか', robots: 'noindex, nofollow' }));
  expect(await screen.findByText('テストハイツ 101')).toBeTruthy();
  expect(listed()).toEqual([
    'テストハイツ 101 8.5万円 ／ 1K ／ 25.5m²東京都千代田区麹町1-1 ／ 取扱：すみか不動産 麹町店',
    'となりハイツ 202 8.5万円 ／ 1K ／ 25.5m²東京都千代田区麹町1-1',
  ]);
  await waitFor(() => expect(start.result).toHaveBeenCalledWith({ globalKeys: keys, listKind: 'favorite_bukken' }));
  expect(setStatus).not.toHaveBeenCalled();

  fireEvent.click(screen.getByRole('button', { name: '問い合わせる' }));
  expect((await screen.findByText('入力内容をご確認ください。')).getAttribute('role')).toBe('alert');
  expect(errorMessageOf(screen.getByRole('textbox', { name: /^お名前/ }))).toBe(FIELD_MESSAGES['input.name']);
  expect(errorMessageOf(screen.getByRole('combobox', { name: /^希望連絡方法/ }))).toBe(FIELD_MESSAGES['input.contactMethod']);
  expect(errorMessageOf(screen.getByRole('combobox', { name: /^入居希望時期/ }))).toBe(FIELD_MESSAGES['input.moveInTiming']);
  expect(screen.getByRole('textbox', { name: /^フリガナ/ }).getAttribute('aria-invalid')).toBe('false');

  fireEvent.change(screen.getByRole('textbox', { name: /^お名前/ }), { target: { value: filled.name } });
  fireEvent.change(screen.getByRole('textbox', { name: /^フリガナ/ }), { target: { value: filled.kana } });
  fireEvent.change(screen.getByRole('textbox', { name: /^メールアドレス/ }), { target: { value: filled.email } });
  fireEvent.change(screen.getByRole('combobox', { name: /^希望連絡方法/ }), { target: { value: 'email' } });
  fireEvent.change(screen.getByRole('combobox', { name: /^入居希望時期/ }), { target: { value: 'within_1_month' } });
  fireEvent.click(within(screen.getByRole('group', { name: /^ご質問・ご要望/ })).getByRole('checkbox', { name: '実際に見学したい' }));
  fireEvent.change(screen.getByRole('textbox', { name: /^その他のご質問/ }), { target: { value: filled.freeText } });
  fireEvent.click(screen.getByRole('button', { name: '問い合わせる' }));

  const done = await screen.findByTestId('apply-complete');
  expect(accept).toHaveBeenCalledWith({ input: filled });
  expect(markSent).toHaveBeenCalledWith({ globalKeys: keys, listKind: 'favorite_bukken' });
  expect(within(done).getByRole('heading').textContent).toBe('お問い合わせを送信しました');
  expect(within(done).getByText('AP-20241003-9Q4W2E')).toBeTruthy();
  expect(within(done).getByText('不動産会社から hanako@example.jp またはお電話でご連絡があります。確認のメールをお送りしました。')).toBeTruthy();
  expect(within(done).getByText('最大60,000円').parentElement?.textContent).toBe(
    'お問い合わせした物件に入居が決まったら、お祝い金 最大60,000円 を申請できます。',
  );
  expect(within(done).getByRole('link', { name: 'キャッシュバックについて' }).getAttribute('href')).toBe('/cashback');
  expect(start.result).toHaveBeenCalledTimes(1);
  await waitFor(() => expect(refreshed).toHaveBeenCalledTimes(1));
});

it.each([
  ['no keys', ''],
  ['a key with other characters', '?keys=bk1,bk%3C2%3E'],
])('answers 400, renders nothing and records nothing for %s', async (_case, search) => {
  const start = started(['bk1']);
  const { container, setStatus } = renderPage(ApplyPage, { ...FORM_PAGE, path: '/apply/create', search, mocks: [start.mock] });
  expect(setStatus).toHaveBeenCalledWith(400);
  expect(container.textContent).toBe('');
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(start.result).not.toHaveBeenCalled();
});

it('keeps the form with what the other parts answered when the store or a listing could not be read', async () => {
  const keys = ['bk000000001', 'bk000000002'];
  renderPage(ApplyPage, {
    ...FORM_PAGE,
    path: '/apply',
    search: `?keys=${keys.join(',')}`,
    mocks: [
      pageData(keys, [bukken('bk000000001', 'テストハイツ 101', null), null], [partDown(['bukkens', 0, 'company']), partDown(['bukkens', 1])]),
      started(keys).mock,
    ],
  });
  expect(await screen.findByText('テストハイツ 101')).toBeTruthy();
  expect(listed()).toEqual(['テストハイツ 101 8.5万円 ／ 1K ／ 25.5m²東京都千代田区麹町1-1']);
  expect(screen.queryByText(/取扱：/)).toBeNull();
  expect(screen.queryByText('フォームを読み込めませんでした。')).toBeNull();
  expect(within(screen.getByRole('combobox', { name: /^希望連絡方法/ })).getByRole('option', { name: 'メール' })).toBeTruthy();
});

it('shows the form without listings while it loads, and the error box when the page data could not be read', async () => {
  const keys = ['bk000000001'];
  renderPage(ApplyPage, {
    ...FORM_PAGE,
    path: '/apply',
    search: '?keys=bk000000001',
    mocks: [
      { request: { query: APPLY_PAGE_DATA, variables: { globalKeys: keys } }, result: { data: null, errors: [partDown(['applyMaster'])] } },
      started(keys).mock,
    ],
  });
  expect(screen.getByRole('heading', { name: '物件のお問い合わせ（無料）' })).toBeTruthy();
  expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  expect(within(await screen.findByRole('alert')).getByText('フォームを読み込めませんでした。')).toBeTruthy();
  expect(screen.queryByTestId('apply-page')).toBeNull();
});
