import { cleanup, screen, within } from '@testing-library/react';
import type { FormsSendInboundInquiriesMutation } from '../__generated__/operations.js';
import { saveReceipt } from '../features/receipt/index.js';
import { renderPage } from '@sumika/shell-kit/testing';
import { FORM_PAGE } from '../testing/form-queries.js';
import CompletePage from './complete-page.js';

afterEach(cleanup);
beforeEach(() => sessionStorage.clear());

// What the inbound form kept in this tab after the subgraph accepted it (typed as its mutation answers).
const accepted: FormsSendInboundInquiriesMutation['sendInboundInquiries'] = {
  __typename: 'InboundInquiryReceipt',
  id: 'inb-1',
  receiptNumber: 'IB-20241003-7K2M9Q',
  receivedAt: '2024-10-03T01:05:00Z',
  email: 'tanto@sumika-fudosan.example',
  summary: [
    { __typename: 'ReceiptItem', label: '会社名', value: '株式会社すみか不動産' },
    { __typename: 'ReceiptItem', label: 'お問い合わせ項目', value: '掲載プラン・料金について' },
  ],
};

it.each([
  [
    'violate.complete',
    '/violate/complete',
    '掲載110番へのご報告を受け付けました',
    'ご報告ありがとうございました。内容を確認のうえ、掲載会社へ是正を求めます。個別の回答はいたしかねますのでご了承ください。',
  ],
  [
    'users_inquiry.completed',
    '/users_inquiry/completed',
    'お問い合わせを受け付けました',
    'お問い合わせありがとうございました。内容を確認のうえ、通常3営業日以内に担当者よりメールでご連絡いたします。',
  ],
  [
    'inbound_inquiries.completed',
    '/inbound_inquiries/completed',
    '掲載のお問い合わせを受け付けました',
    'お問い合わせありがとうございました。通常1営業日以内に担当者よりご連絡いたします。',
  ],
])('%s: says what was received and what happens next, without a receipt in this tab', (routeId, path, title, body) => {
  const { setMeta } = renderPage(CompletePage, { ...FORM_PAGE, path, routeId, mocks: [] });
  expect(screen.getByRole('heading', { name: title })).toBeTruthy();
  expect(screen.getByText(body)).toBeTruthy();
  expect(screen.queryByTestId('receipt-number')).toBeNull();
  expect(screen.queryByRole('table')).toBeNull();
  expect(screen.getByRole('link', { name: 'トップページへ戻る' }).getAttribute('href')).toBe('/');
  expect(setMeta).toHaveBeenCalledWith(expect.objectContaining({ title: `${title}｜すみか`, robots: 'noindex, nofollow' }));
});

it('shows the receipt number, the time in Japan, the address mailed and what was sent', async () => {
  saveReceipt({
    form: 'inbound_inquiries',
    receiptNumber: accepted.receiptNumber,
    receivedAt: accepted.receivedAt,
    email: accepted.email,
    summary: accepted.summary,
  });
  renderPage(CompletePage, { ...FORM_PAGE, path: '/inbound_inquiries/completed', routeId: 'inbound_inquiries.completed', mocks: [] });
  expect((await screen.findByTestId('receipt-number')).textContent).toBe('IB-20241003-7K2M9Q');
  expect(screen.getByTestId('receipt-number').parentElement?.textContent).toBe('受付番号 IB-20241003-7K2M9Q（2024/10/03 10:05）');
  expect(screen.getByText('確認のメールを tanto@sumika-fudosan.example にお送りしました。')).toBeTruthy();
  const rows = within(screen.getByRole('table')).getAllByRole('row');
  expect(rows.map((r) => [within(r).getByRole('rowheader').textContent, within(r).getByRole('cell').textContent])).toEqual([
    ['会社名', '株式会社すみか不動産'],
    ['お問い合わせ項目', '掲載プラン・料金について'],
  ]);
});

it('falls back to the general inquiry text for a route it does not know', () => {
  renderPage(CompletePage, { ...FORM_PAGE, path: '/apply/complete', routeId: 'unknown.completed', mocks: [] });
  expect(screen.getByRole('heading', { name: 'お問い合わせを受け付けました' })).toBeTruthy();
});
