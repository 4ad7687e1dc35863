import { useMutation, useQuery } from '@apollo/client/react';
import { ErrorBox, formatDate, MESSAGES, useToast, documentTitle } from '@sumika/shell-kit';
import type { RemotePageProps } from '@sumika/shell-kit';
import { useState } from 'react';
import { DELETE_INCOMPLETE_INQUIRIES, USER_INCOMPLETE_INQUIRIES } from '../features/incomplete/index.js';
import { ListingsUnavailable, StockRow } from '../features/stock/index.js';
import { EmptyState } from '../ui/empty-state.js';
import { UserStyles } from '../ui/styles.js';

/** /incomplete: inquiries started and not sent; resume them or clear them. */
export default function IncompletePage({ setMeta }: RemotePageProps) {
  setMeta({
    title: documentTitle('問い合わせ途中の物件'),
    description: '問い合わせを始めて送信していない賃貸物件の一覧です。',
    pageTitle: '問い合わせ途中の物件',
    breadcrumbs: [{ text: '賃貸トップ', path: '/' }, { text: '問い合わせ途中の物件' }],
  });
  const { data, error, refetch } = useQuery(USER_INCOMPLETE_INQUIRIES);
  const [remove] = useMutation(DELETE_INCOMPLETE_INQUIRIES);
  const toast = useToast();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  if (error && !data) return <ErrorBox message="一覧を読み込めませんでした。" onRetry={() => void refetch()} />;
  if (!data) return <UserStyles />;
  const { incompleteInquiries: all } = data.user.bukken;
  const items = all.flatMap((i) => (i.bukken ? [{ ...i, bukken: i.bukken }] : []));
  const keys = [...selected];
  return (
    <div data-testid="incomplete-page">
      <UserStyles />
      <section className="u-section">
        <div className="u-toolbar">
          <p>
            問い合わせ途中の物件 <strong>{all.length}</strong>件
          </p>
          <div className="u-actions">
            <a
              className="sk-button sk-button--primary"
              href={keys.length ? `/apply/create?keys=${keys.map(encodeURIComponent).join(',')}` : '#'}
              aria-disabled={!keys.length}
            >
              問い合わせを再開
            </a>
            <button
              type="button"
              className="sk-button sk-button--secondary"
              onClick={async () => {
                if (!keys.length) return toast.show({ message: '削除する物件を選択してください。' });
                try {
                  await remove({ variables: { globalKeys: keys } });
                  setSelected(new Set());
                  toast.show({ message: MESSAGES.favoriteDeleted });
                  await refetch();
                } catch {
                  toast.show({ message: MESSAGES.favoriteDeleteFailed });
                }
              }}
            >
              削除
            </button>
          </div>
        </div>
        {items.length < all.length && <ListingsUnavailable />}
        {all.length === 0 ? (
          <EmptyState title="問い合わせ途中の物件はありません">
            物件詳細の「お問い合わせ」から始めた問い合わせを送信しないまま離れると、ここから再開できます。
          </EmptyState>
        ) : (
          <ul className="u-list">
            {items.map((i) => (
              <StockRow
                key={i.globalKey}
                bukken={i.bukken}
                checked={selected.has(i.globalKey)}
                onCheck={(v) =>
                  setSelected((s) => {
                    const next = new Set(s);
                    if (v) next.add(i.globalKey);
                    else next.delete(i.globalKey);
                    return next;
                  })
                }
                note={`${formatDate(i.startedAt)} 開始`}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
