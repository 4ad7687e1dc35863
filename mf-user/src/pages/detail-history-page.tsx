import { useMutation, useQuery } from '@apollo/client/react';
import { ErrorBox, formatDate, MESSAGES, useStockCounts, useToast, documentTitle } from '@sumika/shell-kit';
import type { RemotePageProps } from '@sumika/shell-kit';
import { useState } from 'react';
import { DELETE_HISTORIES, USER_HISTORIES } from '../features/histories/index.js';
import { ListingsUnavailable, StockRow } from '../features/stock/index.js';
import { EmptyState } from '../ui/empty-state.js';
import { UserStyles } from '../ui/styles.js';

const KIND_LABEL = { applied: '問い合わせ済み', viewed: '閲覧', viewed_incompleted: '問い合わせ途中' } as const;

/** /detail_history: listings the visitor opened, newest first (max 100). */
export default function DetailHistoryPage({ setMeta }: RemotePageProps) {
  setMeta({
    title: documentTitle('閲覧履歴'),
    description: '最近見た賃貸物件の一覧です。',
    pageTitle: '閲覧履歴',
    breadcrumbs: [{ text: '賃貸トップ', path: '/' }, { text: '閲覧履歴' }],
  });
  const { data, error, refetch } = useQuery(USER_HISTORIES);
  const [remove, { loading }] = useMutation(DELETE_HISTORIES);
  const { adjust } = useStockCounts();
  const toast = useToast();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  if (error && !data) return <ErrorBox message="閲覧履歴を読み込めませんでした。" onRetry={() => void refetch()} />;
  if (!data) return <UserStyles />;
  const { histories: all } = data.user.bukken;
  const items = all.flatMap((h) => (h.bukken ? [{ ...h, bukken: h.bukken }] : []));
  return (
    <div data-testid="detail-history-page">
      <UserStyles />
      <section className="u-section">
        <div className="u-toolbar">
          <p>
            閲覧履歴 <strong>{all.length}</strong>件
          </p>
          <button
            type="button"
            className="sk-button sk-button--secondary"
            disabled={loading}
            onClick={async () => {
              if (!selected.size) return toast.show({ message: '削除する物件を選択してください。' });
              try {
                const { data: res } = await remove({ variables: { globalKeys: [...selected] } });
                adjust('detail', -(res?.deleteHistories.deleteGlobalKeys.length ?? 0));
                setSelected(new Set());
                toast.show({ message: '閲覧履歴を削除しました' });
                await refetch();
              } catch {
                toast.show({ message: MESSAGES.favoriteDeleteFailed });
              }
            }}
          >
            選択した履歴を削除
          </button>
        </div>
        {items.length < all.length && <ListingsUnavailable />}
        {all.length === 0 ? (
          <EmptyState title="閲覧した物件はまだありません">物件詳細を開くと、ここに新しい順に残ります。気になる物件をあとから見直せます。</EmptyState>
        ) : (
          <ul className="u-list">
            {items.map((h) => (
              <StockRow
                key={h.globalKey}
                bukken={h.bukken}
                checked={selected.has(h.globalKey)}
                onCheck={(v) =>
                  setSelected((s) => {
                    const next = new Set(s);
                    if (v) next.add(h.globalKey);
                    else next.delete(h.globalKey);
                    return next;
                  })
                }
                note={`${formatDate(h.viewedAt, 'yyyy/MM/dd HH:mm')} ${KIND_LABEL[h.kind]}`}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
