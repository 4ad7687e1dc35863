import { jest } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { FormsSendInquiryMutation, FormsSendInquiryMutationVariables, FormsUsersInquiryMasterQuery } from '../__generated__/operations.js';
import { readReceipt } from '../features/receipt/index.js';
import { SEND_INQUIRY, USERS_INQUIRY_MASTER } from '../features/users-inquiry/index.js';
import { APP_UA, renderPage } from '@sumika/shell-kit/testing';
import { errorMessageOf, FORM_PAGE, TEST_RECAPTCHA_TOKEN } from '../testing/form-queries.js';
import UsersInquiryPage from './users-inquiry-page.js';

const master = {
  request: { query: USERS_INQUIRY_MASTER },
  result: {
    data: {
      usersInquiryMaster: {
        __typename: 'UsersInquiryMaster',
        inquiryTypes: [
          { __typename: 'MasterOption', code: 'usage', name: 'サイトの使い方について' },
          { __typename: 'MasterOption', code: 'app', name: 'スマートフォンアプリについて' },
        ],
      },
    } satisfies FormsUsersInquiryMasterQuery,
  },
};

// What the forms subgraph answers for an empty form (subgraphs/forms/src/forms/inquiry.ts).
const FIELD_MESSAGES = {
  name: 'お名前を入力してください。',
  email: 'メールアドレスを入力してください。',
  inquiryType: 'お問い合わせ種別を選択してください。',
  inquiryContent: 'お問い合わせ内容を入力してください。',
};
const rejectedEmpty = {
  request: {
    query: SEND_INQUIRY,
    variables: {
      name: null,
      email: null,
      inquiryType: null,
      inquiryContent: null,
      recaptchaToken: TEST_RECAPTCHA_TOKEN,
      isApp: true,
    } satisfies FormsSendInquiryMutationVariables,
  },
  result: { errors: [{ message: '入力内容に誤りがあります。各項目をご確認ください。', extensions: { code: 'BAD_REQUEST', fields: FIELD_MESSAGES } }] },
};

const filled = {
  name: '山田 太郎',
  email: 'taro@example.jp',
  inquiryType: 'app',
  inquiryContent: 'アプリでお気に入りが表示されません。\niOS 17です。',
  recaptchaToken: TEST_RECAPTCHA_TOKEN,
  isApp: true,
} satisfies FormsSendInquiryMutationVariables;
const receipt: FormsSendInquiryMutation['sendInquiry'] = {
  __typename: 'InquiryReceipt',
  id: 'inq-1',
  receiptNumber: 'IQ-20241003-7K2M9Q',
  receivedAt: '2024-10-03T10:00:00+09:00',
  email: 'taro@example.jp',
  summary: [{ __typename: 'ReceiptItem', label: 'お名前', value: '山田 太郎' }],
};

function fill() {
  fireEvent.change(screen.getByRole('textbox', { name: /^お名前/ }), { target: { value: filled.name } });
  fireEvent.change(screen.getByRole('textbox', { name: /^メールアドレス/ }), { target: { value: filled.email } });
  fireEvent.change(screen.getByRole('combobox', { name: /^お問い合わせの種類/ }), { target: { value: filled.inquiryType } });
  fireEvent.change(screen.getByRole('textbox', { name: /^お問い合わせ内容/ }), { target: { value: filled.inquiryContent } });
}

// jsdom has no scrolling; the page scrolls to the summary after a rejected submission.
beforeEach(() => {
  jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  sessionStorage.clear();
});
afterEach(() => jest.restoreAllMocks());

it('shows the Japanese message under each empty field, then sends the filled form and opens the completed page', async () => {
  const accept = jest.fn((_variables: Record<string, unknown>) => ({ data: { sendInquiry: receipt } }));
  renderPage(UsersInquiryPage, {
    ...FORM_PAGE,
    path: '/users_inquiry',
    userAgent: APP_UA,
    mocks: [master, rejectedEmpty, { request: { query: SEND_INQUIRY, variables: filled }, result: accept }],
  });
  await screen.findByRole('option', { name: 'スマートフォンアプリについて' });

  fireEvent.click(screen.getByTestId('submit'));

  expect((await screen.findByTestId('form-summary')).textContent).toBe('入力内容をご確認ください。');
  expect(errorMessageOf(screen.getByRole('textbox', { name: /^お名前/ }))).toBe(FIELD_MESSAGES.name);
  expect(errorMessageOf(screen.getByRole('textbox', { name: /^メールアドレス/ }))).toBe(FIELD_MESSAGES.email);
  expect(errorMessageOf(screen.getByRole('combobox', { name: /^お問い合わせの種類/ }))).toBe(FIELD_MESSAGES.inquiryType);
  expect(errorMessageOf(screen.getByRole('textbox', { name: /^お問い合わせ内容/ }))).toBe(FIELD_MESSAGES.inquiryContent);
  expect(screen.getAllByTestId('field-error').map((e) => e.textContent)).toEqual(Object.values(FIELD_MESSAGES));
  // Focus goes to the first field in error.
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /^お名前/ })));

  fill();
  fireEvent.click(screen.getByTestId('submit'));

  expect((await screen.findByTestId('location')).textContent).toBe('/users_inquiry/completed');
  expect(accept).toHaveBeenCalledTimes(1);
  expect(accept).toHaveBeenCalledWith(filled);
  expect(readReceipt()).toMatchObject({
    form: 'users_inquiry',
    receiptNumber: 'IQ-20241003-7K2M9Q',
    email: 'taro@example.jp',
    summary: [{ label: 'お名前', value: '山田 太郎' }],
  });
});

it('tells the subgraph when the visitor is not in the app', async () => {
  const accept = jest.fn((_variables: Record<string, unknown>) => ({ data: { sendInquiry: receipt } }));
  renderPage(UsersInquiryPage, {
    ...FORM_PAGE,
    path: '/users_inquiry',
    mocks: [master, { request: { query: SEND_INQUIRY, variables: { ...filled, isApp: false } }, result: accept }],
  });
  await screen.findByRole('option', { name: 'スマートフォンアプリについて' });

  fill();
  fireEvent.click(screen.getByTestId('submit'));

  await screen.findByTestId('location');
  expect(accept).toHaveBeenCalledWith({ ...filled, isApp: false });
});

it('offers a retry when the inquiry types cannot be loaded', async () => {
  renderPage(UsersInquiryPage, {
    ...FORM_PAGE,
    path: '/users_inquiry',
    mocks: [{ request: { query: USERS_INQUIRY_MASTER }, error: new Error('network') }, master],
  });

  expect(await screen.findByText('フォームを読み込めませんでした。')).not.toBeNull();
  fireEvent.click(screen.getByRole('button', { name: '再読み込み' }));
  expect(await screen.findByRole('option', { name: 'サイトの使い方について' })).not.toBeNull();
});
