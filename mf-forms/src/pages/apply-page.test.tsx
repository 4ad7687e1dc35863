import type { TypedDocumentNode } from '@apollo/client';
import type { MockLink } from '@apollo/client/testing';
import { jest } from '@jest/globals';
import { REQUIRED_USER_DATA } from '@sumika/shell-kit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GraphQLError } from 'graphql';
import type {
  FormsApplyAlsoAskQuery,
  FormsApplyPageQuery,
  FormsApplyStartQuery,
  FormsCreateApplyMutation,
  FormsCreateApplyMutationVariables,
  FormsMarkInquiriesSentMutation,
  FormsStartInquiryMutation,
} from '../__generated__/operations.js';
import { APPLY_ALSO_ASK, APPLY_PAGE_DATA, APPLY_START_DATA, CREATE_APPLY, MARK_INQUIRIES_SENT, START_INQUIRY } from '../features/apply/index.js';
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
  imageGroup: { __typename: 'ImageGroup', gaikanUrl: `/images/bukken/${globalKey}/gaikan.svg` },
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
    stockCount: { __typename: 'StockCount', favorite: 0, detail: 2, search: 0, incomplete: 0, alert: 0 },
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

  // The listing's thumbnail, and the privacy note by the button with the footer's privacy page.
  expect((screen.getByRole('img', { name: 'テストハイツ 101の外観' }) as HTMLImageElement).getAttribute('src')).toBe('/images/bukken/bk000000001/gaikan.svg');
  const privacy = screen.getByTestId('privacy-note');
  expect(within(privacy).getByRole('link', { name: 'プライバシーポリシー' }).getAttribute('href')).toBe('/specific/privacy');
  expect(privacy.parentElement?.contains(screen.getByRole('button', { name: '問い合わせる' }))).toBe(true);

  fireEvent.click(screen.getByRole('button', { name: '問い合わせる' }));
  expect((await screen.findByText('入力内容をご確認ください。')).getAttribute('role')).toBe('alert');
  expect(errorMessageOf(screen.getByRole('textbox', { name: /^お名前/ }))).toBe(FIELD_MESSAGES['input.name']);
  // Focus goes to the first field in error.
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /^お名前/ })));
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
  ['an empty keys parameter', '?keys='],
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

type StartBukken = NonNullable<FormsApplyStartQuery['user']['bukken']['histories'][number]['bukken']>;
const startBukken = (globalKey: string, name: string): StartBukken => ({
  __typename: 'Bukken',
  globalKey,
  name,
  chinryou: 72000,
  plan: '1LDK',
  address: '東京都世田谷区三軒茶屋2-2',
  imageGroup: { __typename: 'ImageGroup', gaikanUrl: `/images/bukken/${globalKey}/gaikan.svg` },
});
const applyStart = (
  histories: FormsApplyStartQuery['user']['bukken']['histories'],
  incompleteInquiries: FormsApplyStartQuery['user']['bukken']['incompleteInquiries'],
) => ({
  request: { query: APPLY_START_DATA },
  result: { data: { user: { __typename: 'User', bukken: { __typename: 'UserBukken', histories, incompleteInquiries } } } satisfies FormsApplyStartQuery },
});

describe('/apply without listings', () => {
  it('answers 200 with the cashback steps and the listings the visitor inquired about, each opening the form', async () => {
    const start = started(['bk1']);
    const { setStatus } = renderPage(ApplyPage, {
      ...FORM_PAGE,
      path: '/apply',
      search: '',
      mocks: [
        start.mock,
        applyStart(
          [
            { __typename: 'HistoryBukken', globalKey: 'bk000000001', kind: 'applied', bukken: startBukken('bk000000001', '三軒茶屋ハイツ 101') },
            { __typename: 'HistoryBukken', globalKey: 'bk000000003', kind: 'viewed', bukken: startBukken('bk000000003', '見ただけ荘 303') },
            { __typename: 'HistoryBukken', globalKey: 'bk000000002', kind: 'applied', bukken: startBukken('bk000000002', '途中コーポ 202') },
          ],
          [{ __typename: 'IncompleteInquiry', globalKey: 'bk000000002', listKind: 'favorite_bukken', bukken: startBukken('bk000000002', '途中コーポ 202') }],
        ),
      ],
    });
    expect(screen.getByRole('heading', { name: '物件のお問い合わせとお祝い金' })).toBeTruthy();
    // SPEC §9 amounts and window, from @sumika/spec (the visit is on 2024-10-03, before the campaign ends).
    expect(screen.getByTestId('apply-start').textContent).toContain(
      '入居お祝い金 最大50,000円を申請できます（2024年10月3日 15:00〜2024年10月17日 14:59は最大60,000円）。',
    );
    expect(screen.getByText('3. 入居後に申請する')).toBeTruthy();
    const midway = await screen.findByRole('region', { name: '問い合わせ途中の物件' });
    expect(within(midway).getByRole('link', { name: 'この物件の問い合わせを再開する' }).getAttribute('href')).toBe(
      '/apply/create?keys=bk000000002&list_kind=favorite_bukken',
    );
    const sent = screen.getByRole('region', { name: '問い合わせた物件' });
    expect(
      within(sent)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('strong')?.textContent),
    ).toEqual(['三軒茶屋ハイツ 101']);
    expect(within(sent).getByRole('link', { name: 'この物件について問い合わせる' }).getAttribute('href')).toBe(
      '/apply/create?keys=bk000000001&list_kind=contacted_bukken',
    );
    expect(screen.queryByText('見ただけ荘 303')).toBeNull();
    expect(screen.getByRole('link', { name: 'お祝い金の条件・よくある質問' }).getAttribute('href')).toBe('/cashback');
    expect(setStatus).not.toHaveBeenCalled();
    expect(start.result).not.toHaveBeenCalled();
  });

  it('leads to search and favorites when the visitor has inquired about nothing yet', async () => {
    renderPage(ApplyPage, { ...FORM_PAGE, path: '/apply', search: '', mocks: [applyStart([], [])] });
    expect(await screen.findByText(/まだ問い合わせた物件はありません。/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '物件を探す' }).getAttribute('href')).toBe('/search');
    expect(screen.getByRole('link', { name: 'お気に入りから選ぶ' }).getAttribute('href')).toBe('/favorite');
  });
});

describe('sending', () => {
  const keys = ['bk000000001'];
  const answers = {
    globalKeys: keys,
    listKind: 'building_page_bukken',
    name: '佐藤 花子',
    kana: 'サトウ ハナコ',
    email: 'hanako@example.jp',
    phone: null,
    contactMethod: 'email',
    moveInTiming: 'asap',
    requests: [],
    freeText: null,
    recaptchaToken: TEST_RECAPTCHA_TOKEN,
    isApp: false,
  } satisfies Input;
  const receipt = {
    data: {
      createApply: {
        __typename: 'ApplyReceipt',
        id: 'ap-2',
        receiptNumber: 'AP-20241003-2',
        receivedAt: '2024-10-03T10:00:00+09:00',
        email: answers.email,
        summary: [],
        cashbackCampaign: { __typename: 'CashbackCampaign', amountText: '最大60,000円' },
      },
    } satisfies FormsCreateApplyMutation,
  };
  const fill = async () => {
    await screen.findByText('テストハイツ 101');
    fireEvent.change(screen.getByRole('textbox', { name: /^お名前/ }), { target: { value: answers.name } });
    fireEvent.change(screen.getByRole('textbox', { name: /^フリガナ/ }), { target: { value: answers.kana } });
    fireEvent.change(screen.getByRole('textbox', { name: /^メールアドレス/ }), { target: { value: answers.email } });
    fireEvent.change(screen.getByRole('combobox', { name: /^希望連絡方法/ }), { target: { value: 'email' } });
    fireEvent.change(screen.getByRole('combobox', { name: /^入居希望時期/ }), { target: { value: 'asap' } });
  };
  const mocksWith = (...more: MockLink.MockedResponse[]): MockLink.MockedResponse[] => [
    pageData(keys, [bukken('bk000000001', 'テストハイツ 101', STORE)]),
    started(keys).mock,
    ...more,
    {
      request: { query: MARK_INQUIRIES_SENT, variables: { globalKeys: keys, listKind: 'building_page_bukken' } },
      result: { data: { markInquiriesSent: { __typename: 'MarkInquiriesSentPayload', globalKeys: keys, existApplyData: true } } },
    },
    { request: { query: REQUIRED_USER_DATA }, result: { data: badges } },
  ];

  it('sends once when the form is submitted twice before the answer', async () => {
    const accept = jest.fn(() => receipt);
    renderPage(ApplyPage, {
      ...FORM_PAGE,
      path: '/apply/create',
      search: '?keys=bk000000001',
      mocks: mocksWith({ request: { query: CREATE_APPLY, variables: { input: answers } }, result: accept, maxUsageCount: 2, delay: 30 }),
    });
    await fill();
    const form = screen.getByRole('button', { name: '問い合わせる' }).closest('form') as HTMLFormElement;
    fireEvent.submit(form);
    fireEvent.submit(form);
    expect((screen.getByRole('button', { name: '送信中…' }) as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByTestId('apply-complete')).toBeTruthy();
    expect(accept).toHaveBeenCalledTimes(1);
  });

  it('keeps every answer after a network failure, says so, focuses the message and sends on the next try', async () => {
    renderPage(ApplyPage, {
      ...FORM_PAGE,
      path: '/apply/create',
      search: '?keys=bk000000001',
      mocks: mocksWith(
        { request: { query: CREATE_APPLY, variables: { input: answers } }, error: new TypeError('Failed to fetch') },
        { request: { query: CREATE_APPLY, variables: { input: answers } }, result: receipt },
      ),
    });
    await fill();
    fireEvent.click(screen.getByRole('button', { name: '問い合わせる' }));
    const summary = await screen.findByTestId('form-summary');
    expect(summary.textContent).toBe('エラーのため送信できませんでした。時間をおいて再度お試しください。');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect((screen.getByRole('textbox', { name: /^お名前/ }) as HTMLInputElement).value).toBe(answers.name);
    expect((screen.getByRole('textbox', { name: /^フリガナ/ }) as HTMLInputElement).value).toBe(answers.kana);
    expect((screen.getByRole('textbox', { name: /^メールアドレス/ }) as HTMLInputElement).value).toBe(answers.email);
    expect((screen.getByRole('combobox', { name: /^希望連絡方法/ }) as HTMLSelectElement).value).toBe('email');
    expect((screen.getByRole('combobox', { name: /^入居希望時期/ }) as HTMLSelectElement).value).toBe('asap');
    fireEvent.click(screen.getByRole('button', { name: '問い合わせる' }));
    expect(await screen.findByTestId('apply-complete')).toBeTruthy();
  });

  it("offers other companies' similar listings unticked, and asks them too only once the visitor ticks it", async () => {
    const similar = (globalKey: string, name: string, company: { id: string; clientName: string }) => ({
      __typename: 'Bukken' as const,
      globalKey,
      name,
      chinryou: 80000,
      plan: '1K',
      company: { __typename: 'Company' as const, ...company },
    });
    const alsoAsk: FormsApplyAlsoAskQuery = {
      bukkens: [
        {
          __typename: 'Bukken',
          globalKey: 'bk000000001',
          company: { __typename: 'Company', id: STORE.id },
          recommendations: [
            similar('bk000000001', 'テストハイツ 101', { id: STORE.id, clientName: STORE.clientName }),
            similar('bk000000006', '同じ店コーポ 606', { id: STORE.id, clientName: STORE.clientName }),
            similar('bk000000005', '別の店ハイツ 505', { id: '34', clientName: 'みなみ不動産 四谷店' }),
          ],
        },
      ],
    };
    const both = ['bk000000001', 'bk000000005'];
    const accept = jest.fn(() => receipt);
    const markSent = jest.fn(() => ({
      data: { markInquiriesSent: { __typename: 'MarkInquiriesSentPayload', globalKeys: both, existApplyData: true } } satisfies FormsMarkInquiriesSentMutation,
    }));
    renderPage(ApplyPage, {
      ...FORM_PAGE,
      path: '/apply/create',
      search: '?keys=bk000000001',
      mocks: [
        pageData(keys, [bukken('bk000000001', 'テストハイツ 101', STORE)]),
        started(keys).mock,
        { request: { query: APPLY_ALSO_ASK, variables: { globalKeys: keys } }, result: { data: alsoAsk } },
        { request: { query: CREATE_APPLY, variables: { input: { ...answers, globalKeys: both } } }, result: accept },
        { request: { query: MARK_INQUIRIES_SENT, variables: { globalKeys: both, listKind: 'building_page_bukken' } }, result: markSent },
        { request: { query: REQUIRED_USER_DATA }, result: { data: badges } },
      ],
    });
    await fill();
    const box = (await screen.findByRole('checkbox', { name: /^ほかの不動産会社にも問い合わせる/ })) as HTMLInputElement;
    expect(box.checked).toBe(false);
    // Only the other company's listing is offered; the one asked about and its own store's are not.
    expect(box.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(box.getAttribute('aria-describedby') ?? '')?.textContent).toBe('別の店ハイツ 505（8万円・1K・みなみ不動産 四谷店）');
    fireEvent.click(box);
    expect(box.checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '問い合わせる' }));
    expect(await screen.findByTestId('apply-complete')).toBeTruthy();
    expect(accept).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(markSent).toHaveBeenCalledTimes(1));
  });

  it('gives the right keyboards and autofill to the contact fields', async () => {
    renderPage(ApplyPage, { ...FORM_PAGE, path: '/apply/create', search: '?keys=bk000000001', mocks: mocksWith() });
    await screen.findByText('テストハイツ 101');
    const attrs = (name: RegExp) => {
      const el = screen.getByRole('textbox', { name }) as HTMLInputElement;
      return [el.type, el.getAttribute('autocomplete')];
    };
    expect(attrs(/^お名前/)).toEqual(['text', 'name']);
    expect(attrs(/^メールアドレス/)).toEqual(['email', 'email']);
    expect(attrs(/^電話番号/)).toEqual(['tel', 'tel']);
  });
});
