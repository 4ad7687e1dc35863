import { formatDate, KitLink, documentTitle } from '@sumika/shell-kit';
import type { RemotePageProps } from '@sumika/shell-kit';
import { useEffect, useState } from 'react';
import { type StoredReceipt, readReceipt } from '../features/receipt/index.js';
import { FormsStyles } from '../ui/styles.js';

const TEXTS: Record<string, { title: string; body: string }> = {
  'violate.complete': {
    title: '掲載110番へのご報告を受け付けました',
    body: 'ご報告ありがとうございました。内容を確認のうえ、掲載会社へ是正を求めます。個別の回答はいたしかねますのでご了承ください。',
  },
  'users_inquiry.completed': {
    title: 'お問い合わせを受け付けました',
    body: 'お問い合わせありがとうございました。内容を確認のうえ、通常3営業日以内に担当者よりメールでご連絡いたします。',
  },
  'inbound_inquiries.completed': {
    title: '掲載のお問い合わせを受け付けました',
    body: 'お問い合わせありがとうございました。通常1営業日以内に担当者よりご連絡いたします。',
  },
};

/** The completed pages of the forms: the receipt number and what was sent (from this tab's session). */
export default function CompletePage({ route, setMeta }: RemotePageProps) {
  const text = TEXTS[route.id] ?? TEXTS['users_inquiry.completed']!;
  setMeta({ title: documentTitle(text.title), robots: 'noindex, nofollow', breadcrumbs: [{ text: '賃貸トップ', path: '/' }, { text: '送信完了' }] });
  const [receipt, setReceipt] = useState<StoredReceipt | null>(null);
  useEffect(() => setReceipt(readReceipt()), []);
  return (
    <div className="f-card" data-testid="complete-page">
      <FormsStyles />
      <h2>{text.title}</h2>
      <p>{text.body}</p>
      {receipt && (
        <>
          <p>
            受付番号{' '}
            <span className="f-number" data-testid="receipt-number">
              {receipt.receiptNumber}
            </span>
            （{formatDate(receipt.receivedAt, 'yyyy/MM/dd HH:mm')}）
          </p>
          <p>確認のメールを {receipt.email} にお送りしました。</p>
          <table className="f-receipt">
            <tbody>
              {receipt.summary.map((s) => (
                <tr key={s.label}>
                  <th scope="row">{s.label}</th>
                  <td>{s.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <p style={{ marginTop: 16 }}>
        <KitLink className="sk-button sk-button--secondary" to="/">
          トップページへ戻る
        </KitLink>
      </p>
    </div>
  );
}
