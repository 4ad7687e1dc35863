import { jest } from '@jest/globals';
import { fireEvent, screen, within } from '@testing-library/react';
import type {
  FormsInboundInquiryMasterQuery,
  FormsSendInboundInquiriesMutation,
  FormsSendInboundInquiriesMutationVariables,
} from '../__generated__/operations.js';
import { INBOUND_INQUIRY_MASTER, SEND_INBOUND_INQUIRIES } from '../features/inbound/index.js';
import { readReceipt } from '../features/receipt/index.js';
import { renderPage } from '@sumika/shell-kit/testing';
import { errorMessageOf, FORM_PAGE, selectNamed as select, stubScrolling, TEST_RECAPTCHA_TOKEN, textboxNamed as textbox } from '../testing/form-queries.js';
import InboundInquiriesPage from './inbound-inquiries-page.js';

const option = (code: string, name: string) => ({ __typename: 'MasterOption' as const, code, name });
const masterData: FormsInboundInquiryMasterQuery = {
  inboundInquiryMaster: {
    __typename: 'InboundInquiryMaster',
    types: [option('rental_brokerage', '賃貸仲介会社'), option('rental_management', '賃貸管理会社')],
    categories: [option('listing', '物件掲載のお申し込み・ご相談'), option('pricing', '掲載料金・プランについて')],
    referenceMedia: [option('search_engine', '検索エンジン（Google・Yahoo!など）'), option('seminar', '展示会・セミナー')],
  },
};
const master = { request: { query: INBOUND_INQUIRY_MASTER }, result: { data: masterData } };

const NO_UTM = { utmSource: null, utmMedium: null, utmCampaign: null, utmTerm: null, utmContent: null };
const EMPTY = {
  type: null,
  clientName: null,
  storeName: null,
  tantoName: null,
  position: null,
  tel: null,
  hasLicense: false,
  email: null,
  siteUrl: null,
  referenceMedium: null,
  category: null,
  content: null,
  recaptchaToken: TEST_RECAPTCHA_TOKEN,
  ...NO_UTM,
} satisfies FormsSendInboundInquiriesMutationVariables;
// What the forms subgraph answers for an empty inquiry (subgraphs/forms/src/forms/inbound-inquiry.ts).
const FIELD_MESSAGES = {
  type: '業種を選択してください。',
  clientName: '会社名を入力してください。',
  tantoName: 'ご担当者名を入力してください。',
  tel: '電話番号を入力してください。',
  email: 'メールアドレスを入力してください。',
  category: 'お問い合わせ項目を選択してください。',
  content: 'お問い合わせ内容を入力してください。',
};
const receipt: FormsSendInboundInquiriesMutation['sendInboundInquiries'] = {
  __typename: 'InboundInquiryReceipt',
  id: 'inb-1',
  receiptNumber: 'IB-20241003-7K2M9Q',
  receivedAt: '2024-10-03T10:05:00+09:00',
  email: 'tanto@sumika-fudosan.example',
  summary: [{ __typename: 'ReceiptItem', label: '会社名', value: '株式会社すみか不動産' }],
};

beforeEach(() => {
  stubScrolling();
  sessionStorage.clear();
});
afterEach(() => jest.restoreAllMocks());

it('puts each message of the rejected inquiry under its field, then sends the filled inquiry with the campaign of the link', async () => {
  const search = '?utm_source=newsletter&utm_campaign=autumn';
  const utm = { ...NO_UTM, utmSource: 'newsletter', utmCampaign: 'autumn' };
  const filled = {
    type: 'rental_management',
    clientName: '株式会社すみか不動産',
    storeName: '麹町店',
    tantoName: '山田 太郎',
    position: null,
    tel: '03-1234-5678',
    hasLicense: true,
    email: 'tanto@sumika-fudosan.example',
    siteUrl: 'https://sumika-fudosan.example/',
    referenceMedium: 'seminar',
    category: 'pricing',
    content: '掲載プランの料金表をいただけますか。',
    recaptchaToken: TEST_RECAPTCHA_TOKEN,
    ...utm,
  } satisfies FormsSendInboundInquiriesMutationVariables;
  const accept = jest.fn((_variables: Record<string, unknown>) => ({ data: { sendInboundInquiries: receipt } }));
  const { setMeta } = renderPage(InboundInquiriesPage, {
    ...FORM_PAGE,
    path: '/inbound_inquiries',
    search,
    mocks: [
      master,
      {
        request: { query: SEND_INBOUND_INQUIRIES, variables: { ...EMPTY, ...utm } },
        result: { errors: [{ message: '入力内容に誤りがあります。各項目をご確認ください。', extensions: { code: 'BAD_REQUEST', fields: FIELD_MESSAGES } }] },
      },
      { request: { query: SEND_INBOUND_INQUIRIES, variables: filled }, result: accept },
    ],
  });
  expect(setMeta).toHaveBeenCalledWith(expect.objectContaining({ title: '物件掲載・広告掲載のお問い合わせ｜すみか', canonical: '/inbound_inquiries' }));
  // The choices come from the master.
  expect(await within(select(/^業種/)).findByRole('option', { name: '賃貸管理会社' })).toBeTruthy();
  expect(
    within(select(/^お問い合わせ項目/))
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['選択してください', '物件掲載のお申し込み・ご相談', '掲載料金・プランについて']);

  fireEvent.click(screen.getByRole('button', { name: '送信する' }));

  expect((await screen.findByText('入力内容をご確認ください。')).getAttribute('role')).toBe('alert');
  expect(errorMessageOf(select(/^業種/))).toBe(FIELD_MESSAGES.type);
  expect(errorMessageOf(textbox(/^会社名/))).toBe(FIELD_MESSAGES.clientName);
  expect(errorMessageOf(textbox(/^ご担当者名/))).toBe(FIELD_MESSAGES.tantoName);
  expect(errorMessageOf(textbox(/^電話番号/))).toBe(FIELD_MESSAGES.tel);
  expect(errorMessageOf(textbox(/^メールアドレス/))).toBe(FIELD_MESSAGES.email);
  expect(errorMessageOf(select(/^お問い合わせ項目/))).toBe(FIELD_MESSAGES.category);
  expect(errorMessageOf(textbox(/^お問い合わせ内容/))).toBe(FIELD_MESSAGES.content);
  expect(textbox(/^店舗名/).getAttribute('aria-invalid')).toBe('false');

  fireEvent.change(select(/^業種/), { target: { value: filled.type } });
  fireEvent.change(textbox(/^会社名/), { target: { value: filled.clientName } });
  fireEvent.change(textbox(/^店舗名/), { target: { value: filled.storeName } });
  fireEvent.change(textbox(/^ご担当者名/), { target: { value: filled.tantoName } });
  fireEvent.change(textbox(/^電話番号/), { target: { value: filled.tel } });
  fireEvent.click(screen.getByRole('checkbox'));
  fireEvent.change(textbox(/^メールアドレス/), { target: { value: filled.email } });
  fireEvent.change(textbox(/^ホームページURL/), { target: { value: filled.siteUrl } });
  fireEvent.change(select(/^当サイトを知ったきっかけ/), { target: { value: filled.referenceMedium } });
  fireEvent.change(select(/^お問い合わせ項目/), { target: { value: filled.category } });
  fireEvent.change(textbox(/^お問い合わせ内容/), { target: { value: filled.content } });
  fireEvent.click(screen.getByRole('button', { name: '送信する' }));

  expect((await screen.findByTestId('location')).textContent).toBe('/inbound_inquiries/completed');
  expect(accept).toHaveBeenCalledTimes(1);
  expect(accept).toHaveBeenCalledWith(filled);
  expect(readReceipt()).toEqual({
    form: 'inbound_inquiries',
    receiptNumber: receipt.receiptNumber,
    receivedAt: receipt.receivedAt,
    email: receipt.email,
    summary: receipt.summary,
  });
});

it('says the inquiry could not be sent when the gateway fails, and stays on the form', async () => {
  renderPage(InboundInquiriesPage, {
    ...FORM_PAGE,
    path: '/inbound_inquiries',
    mocks: [master, { request: { query: SEND_INBOUND_INQUIRIES, variables: EMPTY }, error: new Error('network down') }],
  });
  await within(select(/^業種/)).findByRole('option', { name: '賃貸仲介会社' });
  fireEvent.click(screen.getByRole('button', { name: '送信する' }));
  expect((await screen.findByRole('alert')).textContent).toBe('エラーのため送信できませんでした。時間をおいて再度お試しください。');
  expect(screen.queryByTestId('location')).toBeNull();
  expect(readReceipt()).toBeNull();
});

it('shows the form without choices while the master loads', () => {
  renderPage(InboundInquiriesPage, { ...FORM_PAGE, path: '/inbound_inquiries', mocks: [master] });
  expect(screen.getByRole('heading', { name: '物件掲載・広告掲載のお問い合わせ' })).toBeTruthy();
  expect(
    within(select(/^業種/))
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['選択してください']);
});

it('shows the error box in place of the form when the master could not be read', async () => {
  renderPage(InboundInquiriesPage, {
    ...FORM_PAGE,
    path: '/inbound_inquiries',
    mocks: [
      {
        request: { query: INBOUND_INQUIRY_MASTER },
        result: {
          data: null,
          errors: [
            {
              message: '一時的に表示できません。しばらくしてから再度お試しください。',
              path: ['inboundInquiryMaster'],
              extensions: { code: 'SERVICE_UNAVAILABLE' },
            },
          ],
        },
      },
    ],
  });
  expect(within(await screen.findByRole('alert')).getByText('フォームを読み込めませんでした。')).toBeTruthy();
  expect(screen.queryByRole('button', { name: '送信する' })).toBeNull();
});
