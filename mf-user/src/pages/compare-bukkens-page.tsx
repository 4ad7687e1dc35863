import { useQuery } from '@apollo/client/react';
import { ErrorBox, formatNumber, KitLink, documentTitle, useFavorites } from '@sumika/shell-kit';
import type { RemotePageProps } from '@sumika/shell-kit';
import type { ReactNode } from 'react';
import type { UserCompareBukkensQuery } from '../__generated__/operations.js';
import { COMPARE_BUKKENS } from '../features/compare/index.js';
import { EmptyState } from '../ui/empty-state.js';
import { formatArea, formatRent } from '../ui/format.js';
import { UserStyles } from '../ui/styles.js';

type CompareRow = UserCompareBukkensQuery['compareBukkens'][number];

const KEY = /^[A-Za-z0-9_-]{1,64}$/;
/** The most listings compared at once. */
const MAX_COMPARED = 10;

const compareHref = (keys: readonly string[]) => `/favorite/compare_bukkens?keys=${keys.map(encodeURIComponent).join(',')}`;

/**
 * /favorite/compare_bukkens?keys=a,b,c: up to 10 favorites side by side, the best of each line marked;
 * without keys (the user menu's link) the newest 10 favorites. The first column stays in place while the
 * table scrolls sideways (a phone shows about two listings at a time); each listing can be taken out.
 */
export default function CompareBukkensPage({ search, setMeta, setStatus }: RemotePageProps) {
  const given = new URLSearchParams(search).get('keys');
  const { favoriteKeys } = useFavorites();
  const keys =
    given === null
      ? [...favoriteKeys].slice(0, MAX_COMPARED)
      : [
          ...new Set(
            given
              .split(',')
              .map((k) => k.trim())
              .filter(Boolean),
          ),
        ];
  const valid = given === null || (keys.length > 0 && keys.length <= MAX_COMPARED && keys.every((k) => KEY.test(k)));
  setMeta({
    title: documentTitle('お気に入り物件の比較'),
    pageTitle: 'お気に入り物件を比較',
    breadcrumbs: [{ text: '賃貸トップ', path: '/' }, { text: 'お気に入り物件', path: '/favorite' }, { text: '比較' }],
  });
  const { data, error, refetch } = useQuery(COMPARE_BUKKENS, { variables: { globalKeys: keys }, skip: !valid || keys.length === 0 });
  if (!valid) {
    setStatus(400);
    return null;
  }
  if (keys.length === 0) {
    return (
      <section className="u-section" data-testid="compare-page">
        <UserStyles />
        <EmptyState title="比較できる物件がありません">
          気になる物件を<KitLink to="/favorite">お気に入り</KitLink>に追加すると、賃料・初期費用・広さ・駅からの距離を並べて比べられます。
        </EmptyState>
      </section>
    );
  }
  if (error && !data) return <ErrorBox message="比較表を読み込めませんでした。" onRetry={() => void refetch()} />;
  if (!data) return <UserStyles />;
  const rows = data.compareBukkens;
  const shownKeys = rows.map((r) => r.bukken.globalKey);
  const line = (label: string, cell: (r: CompareRow) => ReactNode, best?: (r: CompareRow) => boolean) => (
    <tr>
      <th scope="row" className="u-compare__sticky">
        {label}
      </th>
      {rows.map((r) => (
        <td key={r.bukken.globalKey} className={best?.(r) ? 'u-best' : undefined}>
          {cell(r)}
          {best?.(r) && ' ★'}
        </td>
      ))}
    </tr>
  );
  return (
    <section className="u-section" data-testid="compare-page">
      <UserStyles />
      {/* Focusable so the sideways scroll works from the keyboard too. */}
      <div className="u-compare" role="region" aria-label="比較表（横にスクロールできます）" tabIndex={0} data-testid="compare-scroll">
        <table className="u-table u-compare__table">
          <thead>
            <tr>
              <th className="u-compare__sticky">
                <span className="sk-visually-hidden">項目</span>
              </th>
              {rows.map((r) => (
                <th key={r.bukken.globalKey} className="u-compare__listing" data-testid="compare-column">
                  <img src={r.bukken.imageGroup.gaikanUrl} alt="" width={140} height={105} style={{ objectFit: 'cover' }} />
                  <div>
                    <KitLink to={`/bukken/detail/${r.bukken.globalKey}`}>{r.bukken.name}</KitLink>
                  </div>
                  {rows.length > 1 && (
                    <KitLink
                      className="u-compare__remove"
                      to={compareHref(shownKeys.filter((k) => k !== r.bukken.globalKey))}
                      aria-label={`${r.bukken.name}を比較から外す`}
                    >
                      外す
                    </KitLink>
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {line('賃料', (r) => formatRent(r.bukken.chinryou))}
            {line(
              '月々の支払い（管理費込み）',
              (r) => `${formatNumber(r.monthlyTotal)}円`,
              (r) => r.cheapestMonthly,
            )}
            {line(
              '初期費用の目安',
              (r) => `${formatNumber(r.initialCostTotal)}円`,
              (r) => r.cheapestInitial,
            )}
            {line('間取り', (r) => r.bukken.plan)}
            {line(
              '専有面積',
              (r) => formatArea(r.bukken.area),
              (r) => r.largest,
            )}
            {line(
              '築年数',
              (r) => (r.bukken.builtAge <= 0 ? '新築' : `築${r.bukken.builtAge}年`),
              (r) => r.newest,
            )}
            {line(
              '駅徒歩',
              (r) => `${r.walkMin}分`,
              (r) => r.nearest,
            )}
            {line('交通', (r) => r.bukken.traffics[0]?.text ?? '-')}
            {line('所在地', (r) => r.bukken.address)}
          </tbody>
        </table>
      </div>
      <p className="u-muted">★ はその項目でいちばん条件のよい物件です。</p>
    </section>
  );
}
