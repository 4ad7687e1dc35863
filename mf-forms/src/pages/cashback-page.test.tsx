import { jest } from '@jest/globals';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type {
  FormsCashbackCampaignQuery,
  FormsCreateCashbackApplicationMutation,
  FormsCreateCashbackApplicationMutationVariables,
} from '../__generated__/operations.js';
import { CASHBACK_CAMPAIGN, CREATE_CASHBACK_APPLICATION } from '../features/cashback/index.js';
import { renderPage } from '@sumika/shell-kit/testing';
import { errorMessageOf, FORM_PAGE, stubScrolling, TEST_RECAPTCHA_TOKEN } from '../testing/form-queries.js';
import CashbackPage from './cashback-page.js';

type Campaign = FormsCashbackCampaignQuery['cashbackCampaign'];
type Input = FormsCreateCashbackApplicationMutationVariables['input'];

const LIMITED: Campaign = {
  __typename: 'CashbackCampaign',
  amountText: '最大60,000円',
  maxAmount: 60000,
  defaultAmountText: '最大50,000円',
  limited: true,
  period: { __typename: 'CampaignPeriod', text: '2024年10月3日（木）15:00〜2024年10月17日（木）14:59' },
};
const DEFAULT: Campaign = {
  __typename: 'CashbackCampaign',
  amountText: '最大50,000円',
  maxAmount: 50000,
  defaultAmountText: '最大50,000円',
  limited: false,
  period: null,
};
const campaignMock = (cashbackCampaign: Campaign) => ({
  request: { query: CASHBACK_CAMPAIGN },
  result: { data: { cashbackCampaign } satisfies FormsCashbackCampaignQuery },
});

const EMPTY = {
  name: null,
  kana: null,
  email: null,
  phone: null,
  globalKey: null,
  companyName: null,
  storeName: null,
  contractDate: null,
  moveInDate: null,
  rent: null,
  postalCode: null,
  prefectureId: null,
  address: null,
  freeText: null,
  recaptchaToken: TEST_RECAPTCHA_TOKEN,
} satisfies Input;
// The forms subgraph names the fields of the input object (subgraphs/forms/src/forms/cashback.ts).
const FIELD_MESSAGES = {
  'input.name': 'お名前を入力してください。',
  'input.globalKey': 'ご契約の物件を選択してください。',
  'input.contractDate': 'ご契約日を正しい日付で入力してください。（例: 2024-10-03）',
  'input.rent': '月額賃料を入力してください。',
  'input.prefectureId': '都道府県を選択してください。',
};
const receipt: FormsCreateCashbackApplicationMutation['createCashbackApplication'] = {
  __typename: 'CashbackApplicationReceipt',
  id: 'cb-1',
  receiptNumber: 'CB-20241003-5T7R1W',
  receivedAt: '2024-10-03T10:00:00+09:00',
  email: 'hanako@example.jp',
  amountText: '最大60,000円',
  summary: [{ __typename: 'ReceiptItem', label: 'お祝い金', value: '最大60,000円' }],
};

const field = (label: RegExp) => screen.getByLabelText(label);

beforeEach(stubScrolling);
afterEach(() => jest.restoreAllMocks());

it("shows the running campaign, puts the rejected fields' messages under them, then sends the filled application", async () => {
  const filled = {
    name: '佐藤 花子',
    kana: 'サトウ ハナコ',
    email: 'hanako@example.jp',
    phone: '090-1234-5678',
    globalKey: 'bk000000123',
    companyName: '株式会社すみか不動産',
    storeName: null,
    contractDate: '2024-09-20',
    moveInDate: '2024-10-01',
    rent: 85000,
    postalCode: '102-0083',
    prefectureId: 13,
    address: '千代田区麹町1-1 テストハイツ101',
    freeText: null,
    recaptchaToken: TEST_RECAPTCHA_TOKEN,
  } satisfies Input;
  const accept = jest.fn((_variables: Record<string, unknown>) => ({ data: { createCashbackApplication: receipt } }));
  const { setMeta } = renderPage(CashbackPage, {
    ...FORM_PAGE,
    path: '/cashback',
    mocks: [
      campaignMock(LIMITED),
      {
        request: { query: CREATE_CASHBACK_APPLICATION, variables: { input: EMPTY } },
        result: { errors: [{ message: '入力内容に誤りがあります。各項目をご確認ください。', extensions: { code: 'BAD_REQUEST', fields: FIELD_MESSAGES } }] },
      },
      { request: { query: CREATE_CASHBACK_APPLICATION, variables: { input: filled } }, result: accept },
    ],
  });
  // Before the campaign is read the page states the default amount.
  expect(screen.getByTestId('cashback-amount').textContent).toBe('最大50,000円');
  expect(await screen.findByText('期間限定キャンペーン：2024年10月3日（木）15:00〜2024年10月17日（木）14:59')).toBeTruthy();
  expect(screen.getByTestId('cashback-amount').textContent).toBe('最大60,000円');
  expect(setMeta).toHaveBeenLastCalledWith(expect.objectContaining({ title: '入居お祝い金キャッシュバック 最大60,000円｜すみか', canonical: '/cashback' }));
  expect(setMeta.mock.calls.at(-1)?.[0]).not.toHaveProperty('robots');

  fireEvent.click(screen.getByRole('button', { name: '申請する' }));

  expect((await screen.findByText('入力内容をご確認ください。')).getAttribute('role')).toBe('alert');
  expect(errorMessageOf(field(/^お名前/))).toBe(FIELD_MESSAGES['input.name']);
  expect(errorMessageOf(field(/^物件番号/))).toBe(FIELD_MESSAGES['input.globalKey']);
  expect(errorMessageOf(field(/^契約日/))).toBe(FIELD_MESSAGES['input.contractDate']);
  expect(errorMessageOf(field(/^月額賃料（円）/))).toBe(FIELD_MESSAGES['input.rent']);
  expect(errorMessageOf(field(/^都道府県/))).toBe(FIELD_MESSAGES['input.prefectureId']);
  expect(field(/^フリガナ/).getAttribute('aria-invalid')).toBe('false');
  expect(screen.getAllByTestId('field-error')).toHaveLength(Object.keys(FIELD_MESSAGES).length);
  await waitFor(() => expect(document.activeElement).toBe(field(/^お名前/)));

  const type = (label: RegExp, value: string) => fireEvent.change(field(label), { target: { value } });
  type(/^お名前/, filled.name);
  type(/^フリガナ/, filled.kana);
  type(/^メールアドレス/, filled.email);
  type(/^電話番号/, filled.phone);
  type(/^物件番号/, filled.globalKey);
  type(/^契約した不動産会社/, filled.companyName);
  type(/^契約日/, filled.contractDate);
  type(/^入居日/, filled.moveInDate);
  type(/^月額賃料（円）/, '85000');
  type(/^郵便番号/, filled.postalCode);
  type(/^都道府県/, '13');
  type(/^新住所/, filled.address);
  fireEvent.click(screen.getByRole('button', { name: '申請する' }));

  expect(await screen.findByRole('heading', { name: 'お祝い金の申請を受け付けました' })).toBeTruthy();
  expect(accept).toHaveBeenCalledTimes(1);
  expect(accept).toHaveBeenCalledWith({ input: filled });
  expect(screen.getByText('CB-20241003-5T7R1W').parentElement?.textContent).toBe('受付番号 CB-20241003-5T7R1W（申請額 最大60,000円）');
  expect(screen.getByText('審査のうえ、hanako@example.jp にご連絡いたします。')).toBeTruthy();
  expect(screen.queryByRole('button', { name: '申請する' })).toBeNull();
});

it('says the old campaign ended and keeps it out of search engines on its old address', async () => {
  const { setMeta } = renderPage(CashbackPage, { ...FORM_PAGE, path: '/cashback/20200731', routeId: 'cashback.20200731', mocks: [campaignMock(DEFAULT)] });
  expect(screen.getByText('このキャンペーンは終了しました。現在のキャンペーンは以下のとおりです。')).toBeTruthy();
  expect(setMeta).toHaveBeenCalledWith(expect.objectContaining({ robots: 'noindex, follow', canonical: '/cashback' }));
  // The title names the amount once the campaign is read.
  await waitFor(() =>
    expect(setMeta).toHaveBeenLastCalledWith(
      expect.objectContaining({ title: '入居お祝い金キャッシュバック 最大50,000円｜すみか', robots: 'noindex, follow' }),
    ),
  );
  // Outside a campaign: the default amount and no period.
  expect(screen.getByTestId('cashback-amount').textContent).toBe('最大50,000円');
  expect(screen.queryByText(/^期間限定キャンペーン/)).toBeNull();
});

it('shows the error box when the campaign could not be read', async () => {
  renderPage(CashbackPage, { ...FORM_PAGE, path: '/cashback', mocks: [{ request: { query: CASHBACK_CAMPAIGN }, error: new Error('network down') }] });
  expect(within(await screen.findByRole('alert')).getByText('キャンペーン情報を読み込めませんでした。')).toBeTruthy();
  expect(screen.queryByTestId('cashback-page')).toBeNull();
});

it('shows the amount in force at the visit while the campaign loads, never a fixed one', async () => {
  // 2024-10-05 is inside the SPEC §9 campaign (60,000 yen); the campaign answer comes later.
  renderPage(CashbackPage, { ...FORM_PAGE, now: '2024-10-05T01:00:00Z', path: '/cashback', mocks: [{ ...campaignMock(LIMITED), delay: 50 }] });
  expect(screen.getByTestId('cashback-amount').textContent).toBe('最大60,000円');
  expect(await screen.findByText(/^期間限定キャンペーン/)).toBeTruthy();
  cleanup();
  renderPage(CashbackPage, { ...FORM_PAGE, now: '2024-10-18T01:00:00Z', path: '/cashback', mocks: [{ ...campaignMock(DEFAULT), delay: 50 }] });
  expect(screen.getByTestId('cashback-amount').textContent).toBe('最大50,000円');
  await act(async () => new Promise((r) => setTimeout(r, 80)));
});

it('explains the amounts and window of SPEC §9, the steps, who can apply and a FAQ', async () => {
  renderPage(CashbackPage, { ...FORM_PAGE, path: '/cashback', mocks: [campaignMock(DEFAULT)] });
  const guide = screen.getByTestId('cashback-guide');
  const rows = within(guide)
    .getAllByRole('row')
    .map((r) => r.textContent);
  expect(rows).toEqual(['通常最大50,000円', 'キャンペーン期間中最大60,000円（2024年10月3日 15:00〜2024年10月17日 14:59、日本時間）']);
  expect(
    within(guide)
      .getAllByRole('heading')
      .map((h) => h.textContent),
  ).toEqual(['お祝い金の金額', '申請までの流れ', '対象となる条件', 'よくある質問']);
  expect(within(guide).getByText('1. すみかで物件を問い合わせる')).toBeTruthy();
  expect(within(guide).getByText('4. お祝い金を受け取る')).toBeTruthy();
  expect(within(guide).getByText(/^すみか経由で問い合わせた物件と、同じ物件で賃貸借契約を結び/)).toBeTruthy();
  expect(within(guide).getByRole('link', { name: '問い合わせる物件を選ぶ' }).getAttribute('href')).toBe('/apply');
  // The FAQ is a list of <details>: closed until the question is opened.
  const faq = guide.querySelectorAll('details');
  expect(faq.length).toBeGreaterThanOrEqual(4);
  const amount = within(guide).getByText('お祝い金はいくらもらえますか？').closest('details') as HTMLDetailsElement;
  expect(amount.open).toBe(false);
  expect(amount.textContent).toContain('通常は最大50,000円です。キャンペーン期間（2024年10月3日 15:00〜2024年10月17日 14:59）中の申請は最大60,000円です。');
  await screen.findByTestId('cashback-amount');
});

it('fills the new address with the autofill names and keyboards of a Japanese address', () => {
  renderPage(CashbackPage, { ...FORM_PAGE, path: '/cashback', mocks: [campaignMock(DEFAULT)] });
  const attr = (label: RegExp, name: string) => field(label).getAttribute(name);
  expect(attr(/^お名前/, 'autocomplete')).toBe('name');
  expect(attr(/^メールアドレス/, 'autocomplete')).toBe('email');
  expect([attr(/^電話番号/, 'type'), attr(/^電話番号/, 'autocomplete')]).toEqual(['tel', 'tel']);
  expect([attr(/^郵便番号/, 'autocomplete'), attr(/^郵便番号/, 'inputmode')]).toEqual(['postal-code', 'numeric']);
  expect(attr(/^都道府県/, 'autocomplete')).toBe('address-level1');
  expect(attr(/^新住所/, 'autocomplete')).toBe('street-address');
  expect(attr(/^月額賃料/, 'inputmode')).toBe('numeric');
});
