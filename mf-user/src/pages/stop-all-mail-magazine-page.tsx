import { useMutation } from '@apollo/client/react';
import { documentTitle } from '@sumika/shell-kit';
import type { RemotePageProps } from '@sumika/shell-kit';
import { STOP_ALL_MAIL_MAGAZINE } from '../features/mail/index.js';
import { UserStyles } from '../ui/styles.js';

/** /stop_all_mail_magazine(?token=…): stops every mail; the link in a mail works without the cookie. */
export default function StopAllMailMagazinePage({ search, setMeta }: RemotePageProps) {
  setMeta({
    title: documentTitle('メール配信の停止'),
    robots: 'noindex, nofollow',
    pageTitle: 'メール配信の停止',
    breadcrumbs: [{ text: '賃貸トップ', path: '/' }, { text: 'メール配信の停止' }],
  });
  const token = new URLSearchParams(search).get('token');
  const [stop, { data, loading, error }] = useMutation(STOP_ALL_MAIL_MAGAZINE);
  return (
    <section className="u-section">
      <UserStyles />
      {data ? (
        <p data-testid="mail-stopped">
          {data.stopAllMailMagazine.stopped ? 'すべてのメール配信を停止しました。' : '停止するメール配信は見つかりませんでした。'}
        </p>
      ) : (
        <>
          <p>すみかからのお知らせメール（新着物件・値下げ情報など）の配信をすべて停止します。</p>
          {error && <p className="u-row__archived">エラーのため停止できませんでした。時間をおいて再度お試しください。</p>}
          <button
            type="button"
            className="sk-button sk-button--primary"
            disabled={loading}
            onClick={() => void stop({ variables: { token } }).catch(() => undefined)}
          >
            配信を停止する
          </button>
        </>
      )}
    </section>
  );
}
