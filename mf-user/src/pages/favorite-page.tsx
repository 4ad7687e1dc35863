import { useQuery } from '@apollo/client/react';
import { ErrorBox, FAVORITE_LIMIT, formatDate, useFavorites, documentTitle } from '@sumika/shell-kit';
import type { PageQueries, RemotePageProps } from '@sumika/shell-kit';
import { useState } from 'react';
import { priceDropsByKey, unreadIds, useMarkAlertsRead, USER_ALERTS } from '../features/alerts/index.js';
import { FAVORITE_SORTS, type FavoriteSort, USER_FAVORITES, sortFavorites } from '../features/favorites/index.js';
import { ListingsUnavailable, StockRow } from '../features/stock/index.js';
import { EmptyState } from '../ui/empty-state.js';
import { formatRent } from '../ui/format.js';
import { UserStyles } from '../ui/styles.js';

/** What the render below reads: the shell fetches it before rendering. */
export const pageQueries: PageQueries = () => [{ query: USER_FAVORITES }, { query: USER_ALERTS }];

/** /favorite: the visitor's favorites (max 50), sorted, selected for inquiry, compare or delete. */
export default function FavoritePage({ setMeta }: RemotePageProps) {
  setMeta({
    title: documentTitle('お気に入り物件'),
    description: 'お気に入りに保存した賃貸物件の一覧です。',
    pageTitle: 'お気に入り物件',
    breadcrumbs: [{ text: '賃貸トップ', path: '/' }, { text: 'お気に入り物件' }],
  });
  const { data, error, refetch } = useQuery(USER_FAVORITES);
  // What changed since the last visit; the list shows without it when it cannot be read.
  const alerts = useQuery(USER_ALERTS).data?.user.alerts.items ?? [];
  useMarkAlertsRead(unreadIds(alerts, 'price_drop'));
  const favorites = useFavorites();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [sort, setSort] = useState<FavoriteSort>('added');
  if (error && !data) return <ErrorBox message="お気に入りを読み込めませんでした。" onRetry={() => void refetch()} />;
  if (!data) return <UserStyles />;
  const { favorites: all } = data.user.bukken;
  const items = sortFavorites(
    all.flatMap((f) => (f.bukken ? [{ ...f, bukken: f.bukken, params: f.bukken.bukkenSortParams }] : [])),
    sort,
  );
  const drops = priceDropsByKey(alerts);
  const dropped = items.filter((i) => drops.has(i.globalKey)).length;
  const keys = [...selected];
  const toggle = (key: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
  return (
    <div data-testid="favorite-page">
      <UserStyles />
      <section className="u-section">
        <div className="u-toolbar">
          <p>
            {/* Every favorite counts, also one whose listing could not be read. */}
            お気に入り <strong data-testid="favorite-count">{all.length}</strong>件（最大{FAVORITE_LIMIT}件）
          </p>
          <label>
            並び替え{' '}
            <select value={sort} onChange={(e) => setSort(e.target.value as FavoriteSort)} aria-label="並び替え">
              {FAVORITE_SORTS.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
          </label>
        </div>
        {items.length < all.length && <ListingsUnavailable />}
        {dropped > 0 && (
          <p className="u-change-summary" data-testid="price-drop-summary">
            前回の確認から賃料が下がった物件が{dropped}件あります。
          </p>
        )}
        {all.length === 0 ? (
          <EmptyState title="お気に入りに保存した物件はありません">物件一覧や物件詳細の「お気に入りに追加」から保存できます。</EmptyState>
        ) : items.length > 0 ? (
          <>
            <div className="u-actions" style={{ marginBottom: 10 }}>
              <button
                type="button"
                className="sk-button sk-button--secondary"
                onClick={() => setSelected(selected.size === items.length ? new Set() : new Set(items.map((i) => i.globalKey)))}
              >
                {selected.size === items.length ? '選択を解除' : 'すべて選択'}
              </button>
              <a
                className="sk-button sk-button--primary"
                href={keys.length ? `/apply/create?keys=${keys.map(encodeURIComponent).join(',')}` : '#'}
                aria-disabled={!keys.length}
              >
                選択した物件をまとめて問い合わせ
              </a>
              <a
                className="sk-button sk-button--secondary"
                href={keys.length ? `/favorite/compare_bukkens?keys=${keys.map(encodeURIComponent).join(',')}` : '#'}
                aria-disabled={keys.length < 2}
              >
                比較する
              </a>
              <button
                type="button"
                className="sk-button sk-button--secondary"
                data-testid="delete-selected"
                onClick={async () => {
                  const result = await favorites.remove(keys);
                  if (result.ok) {
                    setSelected(new Set());
                    await refetch();
                  }
                }}
              >
                削除
              </button>
            </div>
            <ul className="u-list">
              {items.map((f) => (
                <StockRow
                  key={f.globalKey}
                  bukken={f.bukken}
                  checked={selected.has(f.globalKey)}
                  onCheck={(v) => toggle(f.globalKey, v)}
                  note={`${formatDate(f.addedAt)} 追加`}
                  change={<PriceDropNote drop={drops.get(f.globalKey)} />}
                />
              ))}
            </ul>
          </>
        ) : null}
      </section>
    </div>
  );
}

/** 値下げ with the rent before and now, for a favorite whose rent dropped since the last visit. */
function PriceDropNote({ drop }: { drop?: { fromRent: number; toRent: number } }) {
  if (!drop) return null;
  return (
    <p className="u-change" data-testid="price-drop">
      値下げ {formatRent(drop.fromRent)} → {formatRent(drop.toRent)}
    </p>
  );
}
