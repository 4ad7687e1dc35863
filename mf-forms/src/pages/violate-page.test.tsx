import { jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FormsSendViolationMutation, FormsSendViolationMutationVariables, FormsViolationMasterQuery } from '../__generated__/operations.js';
import { readReceipt } from '../features/receipt/index.js';
import { SEND_VIOLATION, VIOLATION_MASTER } from '../features/violation/index.js';
import { renderPage } from '@sumika/shell-kit/testing';
import { errorMessageOf, FORM_PAGE, TEST_RECAPTCHA_TOKEN } from '../testing/form-queries.js';
import ViolatePage from './violate-page.js';

const master = {
  request: { query: VIOLATION_MASTER },
  result: {
    data: {
      violationMaster: {
        __typename: 'ViolationMaster',
        kinds: [
          {
            __typename: 'ViolationKind',
            code: 1,
            name: 'おとり広告の疑い（成約済み・実在しない物件）',
            description: '問い合わせると「すでに決まった」と言われた、来店すると別の物件を勧められた など',
          },
          {
            __typename: 'ViolationKind',
            code: 2,
            name: '賃料・管理費・初期費用の表示が実際と異なる',
            description: '敷金・礼金・仲介手数料・保証料など、表示にない費用を請求された場合も含みます',
          },
        ],
        relations: [
          { __typename: 'BukkenKankei', code: 1, name: 'この物件に問い合わせた・入居を検討した', requiresCorporateName: false },
          { __typename: 'BukkenKankei', code: 5, name: 'ほかの不動産会社（同業者）', requiresCorporateName: true },
        ],
      },
    } satisfies FormsViolationMasterQuery,
  },
};

const EMPTY = {
  violateKindId: null,
  bukkenKankeiId: null,
  corporateName: null,
  nameSei: null,
  nameMei: null,
  prefectureId: null,
  email: null,
  phone: null,
  violateUrl: null,
  dwellingName: null,
  free: null,
  recaptchaToken: TEST_RECAPTCHA_TOKEN,
} satisfies FormsSendViolationMutationVariables;
// What the forms subgraph answers for an empty report (subgraphs/forms/src/forms/violation.ts).
const FIELD_MESSAGES = {
  violateKindId: '違反の種類を選択してください。',
  bukkenKankeiId: '物件との関係を選択してください。',
  nameSei: 'お名前（姓）を入力してください。',
  nameMei: 'お名前（名）を入力してください。',
  prefectureId: '都道府県を選択してください。',
  email: 'メールアドレスを入力してください。',
  violateUrl: '違反のある掲載ページのURLを入力してください。',
  free: '違反の内容を入力してください。',
};
const rejectedEmpty = {
  request: { query: SEND_VIOLATION, variables: EMPTY },
  result: { errors: [{ message: '入力内容に誤りがあります。各項目をご確認ください。', extensions: { code: 'BAD_REQUEST', fields: FIELD_MESSAGES } }] },
};
const receipt: FormsSendViolationMutation['sendViolation'] = {
  __typename: 'ViolationReceipt',
  id: 'vio-1',
  receiptNumber: 'VR-20241003-3H8X2A',
  receivedAt: '2024-10-03T10:00:00+09:00',
  email: 'hanako@example.jp',
  summary: [{ __typename: 'ReceiptItem', label: '違反の種類', value: '賃料・管理費・初期費用の表示が実際と異なる' }],
};

const textbox = (name: RegExp) => screen.getByRole('textbox', { name });
const select = (name: RegExp) => screen.getByRole('combobox', { name });

// jsdom has no scrolling; the page scrolls to the summary after a rejected submission.
beforeEach(() => {
  jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  sessionStorage.clear();
});
afterEach(() => jest.restoreAllMocks());

it('shows the Japanese message under each empty field, then sends the filled report as typed variables', async () => {
  const filled = {
    violateKindId: 2,
    bukkenKankeiId: 5,
    corporateName: '株式会社すみか不動産',
    nameSei: '佐藤',
    nameMei: '花子',
    prefectureId: 27,
    email: 'hanako@example.jp',
    phone: '06-1234-5678',
    violateUrl: 'https://sumika.example/bukken/detail/bk000000123',
    dwellingName: 'メゾン難波 305',
    free: '表示の賃料より月1万円高い金額を提示されました。',
    recaptchaToken: TEST_RECAPTCHA_TOKEN,
  } satisfies FormsSendViolationMutationVariables;
  const accept = jest.fn((_variables: Record<string, unknown>) => ({ data: { sendViolation: receipt } }));
  renderPage(ViolatePage, {
    ...FORM_PAGE,
    path: '/violate',
    mocks: [master, rejectedEmpty, { request: { query: SEND_VIOLATION, variables: filled }, result: accept }],
  });
  const kinds = await screen.findByRole('radiogroup', { name: /^違反の種類/ });

  fireEvent.click(screen.getByTestId('submit'));

  expect((await screen.findByTestId('form-summary')).textContent).toBe('入力内容をご確認ください。');
  expect(errorMessageOf(kinds)).toBe(FIELD_MESSAGES.violateKindId);
  expect(errorMessageOf(select(/^物件との関係/))).toBe(FIELD_MESSAGES.bukkenKankeiId);
  expect(errorMessageOf(textbox(/^お名前（姓）/))).toBe(FIELD_MESSAGES.nameSei);
  expect(errorMessageOf(textbox(/^お名前（名）/))).toBe(FIELD_MESSAGES.nameMei);
  expect(errorMessageOf(select(/^物件の所在地（都道府県）/))).toBe(FIELD_MESSAGES.prefectureId);
  expect(errorMessageOf(textbox(/^メールアドレス/))).toBe(FIELD_MESSAGES.email);
  expect(errorMessageOf(textbox(/^掲載ページのURL/))).toBe(FIELD_MESSAGES.violateUrl);
  expect(errorMessageOf(textbox(/^内容/))).toBe(FIELD_MESSAGES.free);
  // Fields the subgraph did not complain about stay valid.
  expect(textbox(/^会社名/).getAttribute('aria-invalid')).toBe('false');
  expect(textbox(/^電話番号/).hasAttribute('aria-describedby')).toBe(false);
  expect(screen.getAllByTestId('field-error')).toHaveLength(Object.keys(FIELD_MESSAGES).length);
  // The first field in error is a radio group: focus goes to its first choice.
  await waitFor(() => expect(document.activeElement).toBe(within(kinds).getAllByRole('radio')[0]));

  fireEvent.click(within(kinds).getByRole('radio', { name: /^賃料・管理費・初期費用の表示が実際と異なる/ }));
  // A colleague of another company reports: the company name becomes required.
  expect(within(textbox(/^会社名/).closest('.f-field') as HTMLElement).queryByText('必須')).toBeNull();
  fireEvent.change(select(/^物件との関係/), { target: { value: '5' } });
  expect(within(textbox(/^会社名/).closest('.f-field') as HTMLElement).queryByText('必須')).not.toBeNull();
  fireEvent.change(textbox(/^会社名/), { target: { value: filled.corporateName } });
  fireEvent.change(textbox(/^お名前（姓）/), { target: { value: filled.nameSei } });
  fireEvent.change(textbox(/^お名前（名）/), { target: { value: filled.nameMei } });
  fireEvent.change(select(/^物件の所在地（都道府県）/), { target: { value: '27' } });
  fireEvent.change(textbox(/^メールアドレス/), { target: { value: filled.email } });
  fireEvent.change(textbox(/^電話番号/), { target: { value: filled.phone } });
  fireEvent.change(textbox(/^掲載ページのURL/), { target: { value: filled.violateUrl } });
  fireEvent.change(textbox(/^物件名/), { target: { value: filled.dwellingName } });
  fireEvent.change(textbox(/^内容/), { target: { value: filled.free } });
  expect((within(kinds).getByRole('radio', { name: /^賃料/ }) as HTMLInputElement).checked).toBe(true);
  fireEvent.click(screen.getByTestId('submit'));

  expect((await screen.findByTestId('location')).textContent).toBe('/violate/complete');
  expect(accept).toHaveBeenCalledTimes(1);
  expect(accept).toHaveBeenCalledWith(filled);
  expect(readReceipt()).toMatchObject({ form: 'violate', receiptNumber: 'VR-20241003-3H8X2A', email: 'hanako@example.jp' });
});

it('starts with the URL of the listing the visitor came from, and sends it', async () => {
  const url = 'https://sumika.example/bukken/detail/bk000000123';
  const { violateUrl: _url, ...others } = FIELD_MESSAGES;
  const reject = jest.fn((_variables: Record<string, unknown>) => ({
    errors: [{ message: '入力内容に誤りがあります。各項目をご確認ください。', extensions: { code: 'BAD_REQUEST', fields: others } }],
  }));
  renderPage(ViolatePage, {
    ...FORM_PAGE,
    path: '/violate',
    search: `?url=${encodeURIComponent(url)}`,
    mocks: [master, { request: { query: SEND_VIOLATION, variables: { ...EMPTY, violateUrl: url } }, result: reject }],
  });
  await screen.findByRole('radiogroup', { name: /^違反の種類/ });

  expect((textbox(/^掲載ページのURL/) as HTMLInputElement).value).toBe(url);
  fireEvent.click(screen.getByTestId('submit'));

  await screen.findByTestId('form-summary');
  expect(reject).toHaveBeenCalledWith({ ...EMPTY, violateUrl: url });
  expect(errorMessageOf(textbox(/^お名前（姓）/))).toBe(FIELD_MESSAGES.nameSei);
  expect(textbox(/^掲載ページのURL/).getAttribute('aria-invalid')).toBe('false');
});
