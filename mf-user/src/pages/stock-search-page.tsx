import { useMutation, useQuery } from '@apollo/client/react';
import { ErrorBox, formatDate, KitLink, MESSAGES, useStockCounts, useToast, documentTitle } from '@sumika/shell-kit';
import type { PageQueries, RemotePageProps } from '@sumika/shell-kit';
import { useState } from 'react';
import type { AlertMail, UserSearchConditionsQuery } from '../__generated__/operations.js';
import { newListingsBySearch, unreadIds, useMarkAlertsRead, USER_ALERTS } from '../features/alerts/index.js';
import {
  ALERT_MAIL_OPTIONS,
  DELETE_SEARCH_CONDITION,
  REGISTER_NEWS_LETTER_FOR_LIST,
  SET_ALERT_MAIL,
  USER_SEARCH_CONDITIONS,
} from '../features/searches/index.js';
import { EmptyState } from '../ui/empty-state.js';
import { UserStyles } from '../ui/styles.js';

/** What the render below reads: the shell fetches it before rendering. */
export const pageQueries: PageQueries = () => [{ query: USER_SEARCH_CONDITIONS }, { query: USER_ALERTS }];

/** /stock_search: saved search conditions (max 20), run again or delete; new-listing mails. */
export default function StockSearchPage({ setMeta }: RemotePageProps) {
  setMeta({
    title: documentTitle('保存した検索条件'),
    description: '保存した賃貸物件の検索条件の一覧です。',
    pageTitle: '保存した検索条件',
    breadcrumbs: [{ text: '賃貸トップ', path: '/' }, { text: '保存した検索条件' }],
  });
  const { data, error, refetch } = useQuery(USER_SEARCH_CONDITIONS);
  // New listings since the last visit; the list shows without them when they cannot be read.
  const alerts = useQuery(USER_ALERTS).data?.user.alerts.items ?? [];
  useMarkAlertsRead(unreadIds(alerts, 'new_listings'));
  const [remove] = useMutation(DELETE_SEARCH_CONDITION);
  const [register, registration] = useMutation(REGISTER_NEWS_LETTER_FOR_LIST);
  const { adjust } = useStockCounts();
  const toast = useToast();
  const [email, setEmail] = useState('');
  if (error && !data) return <ErrorBox message="検索条件を読み込めませんでした。" onRetry={() => void refetch()} />;
  if (!data) return <UserStyles />;
  const conditions = data.user.searchConditions;
  const news = newListingsBySearch(alerts);
  return (
    <div data-testid="stock-search-page">
      <UserStyles />
      <section className="u-section">
        <h2>保存した検索条件（{conditions.length}/20件）</h2>
        {conditions.length === 0 ? (
          <EmptyState title="保存した検索条件はありません">検索結果の「この条件を保存する」から保存すると、新着物件をここで確認できます。</EmptyState>
        ) : (
          <ul className="u-list">
            {conditions.map((c) => (
              <li key={c.id} className="u-row" data-testid="saved-search">
                <div className="u-row__body">
                  <p className="u-row__name">
                    <KitLink to={c.searchPath}>{c.searchText}</KitLink>
                  </p>
                  <p className="u-row__meta">{formatDate(c.createdAt)} 保存</p>
                  {news.has(c.id) && (
                    <p className="u-change" data-testid="new-listings">
                      <KitLink to={c.searchPath}>新着物件 {news.get(c.id)?.count}件を見る</KitLink>
                    </p>
                  )}
                  <AlertMailSetting condition={c} />
                </div>
                <KitLink className="sk-button sk-button--primary" to={c.searchPath}>
                  この条件で探す
                </KitLink>
                <button
                  type="button"
                  className="sk-button sk-button--secondary"
                  onClick={async () => {
                    try {
                      await remove({ variables: { id: c.id } });
                      adjust('search', -1);
                      toast.show({ message: '検索条件を削除しました' });
                      await refetch();
                    } catch {
                      toast.show({ message: MESSAGES.favoriteDeleteFailed });
                    }
                  }}
                >
                  削除
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="u-section">
        <h2>新着物件のお知らせメール</h2>
        {data.user.newsLetter.list && !data.user.newsLetter.stopped ? (
          <p>
            登録済みです{data.user.newsLetter.reviewUntil ? `（${formatDate(data.user.newsLetter.reviewUntil)}まで）` : ''}
            。保存した条件に合う新着物件をメールでお知らせします。
          </p>
        ) : (
          <form
            className="u-form"
            onSubmit={async (e) => {
              e.preventDefault();
              try {
                await register({ variables: { email, reviewPeriod: 30 } });
                toast.show({ message: 'お知らせメールを登録しました' });
                await refetch();
              } catch {
                toast.show({ message: '登録できませんでした。メールアドレスをご確認ください。' });
              }
            }}
          >
            <input type="email" required value={email} onChange={(e) => setEmail(e.target.value)} placeholder="メールアドレス" aria-label="メールアドレス" />
            <button type="submit" className="sk-button sk-button--primary" disabled={registration.loading}>
              登録する（30日間）
            </button>
          </form>
        )}
      </section>
    </div>
  );
}

type SavedCondition = UserSearchConditionsQuery['user']['searchConditions'][number];

/** The saved search's new-listing mail (off, daily, instant): a select and a button that saves it with a toast. */
function AlertMailSetting({ condition }: { condition: SavedCondition }) {
  const [value, setValue] = useState<AlertMail>(condition.alertMail);
  const [save, saving] = useMutation(SET_ALERT_MAIL);
  const toast = useToast();
  const id = `alert-mail-${condition.id}`;
  return (
    <div className="u-alert-mail">
      <label htmlFor={id}>新着お知らせメール</label>
      <select id={id} value={value} onChange={(e) => setValue(e.target.value as AlertMail)} data-testid="alert-mail">
        {ALERT_MAIL_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="sk-button sk-button--secondary"
        disabled={saving.loading || value === condition.alertMail}
        onClick={async () => {
          try {
            await save({ variables: { id: condition.id, alertMail: value } });
            toast.show({ message: 'お知らせメールの設定を保存しました' });
          } catch {
            toast.show({ message: '設定を保存できませんでした。時間をおいてもう一度お試しください。' });
          }
        }}
      >
        設定を保存
      </button>
    </div>
  );
}
