import { useQuery } from '@apollo/client/react';
import { ErrorBox, formatNumber, KitLink, documentTitle } from '@sumika/shell-kit';
import type { RemotePageProps } from '@sumika/shell-kit';
import type { ReactNode } from 'react';
import type { UserCompareBukkensQuery } from '../__generated__/operations.js';
import { COMPARE_BUKKENS } from '../features/compare/index.js';
import { formatArea, formatRent } from '../ui/format.js';
import { UserStyles } from '../ui/styles.js';

type CompareRow = UserCompareBukkensQuery['compareBukkens'][number];

const KEY = /^[A-Za-z0-9_-]{1,64}$/;

/** /favorite/compare_bukkens?keys=a,b,c: up to 10 favorites side by side, the best of each column marked. */
export default function CompareBukkensPage({ search, setMeta, setStatus }: RemotePageProps) {
  const keys = [
    ...new Set(
      (new URLSearchParams(search).get('keys') ?? '')
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean),
    ),
  ];
  const valid = keys.length > 0 && keys.length <= 10 && keys.every((k) => KEY.test(k));
  setMeta({
    title: documentTitle('お気に入り物件の比較'),
    pageTitle: 'お気に入り物件を比較',
    breadcrumbs: [{ text: '賃貸トップ', path: '/' }, { text: 'お気に入り物件', path: '/favorite' }, { text: '比較' }],
  });
  const { data, error, refetch } = useQuery(COMPARE_BUKKENS, { variables: { globalKeys: keys }, skip: !valid });
  if (!valid) {
    setStatus(400);
    return null;
  }
  if (error && !data) return <ErrorBox message="比較表を読み込めませんでした。" onRetry={() => void refetch()} />;
  if (!data) return <UserStyles />;
  const rows = data.compareBukkens;
  const line = (label: string, cell: (r: CompareRow) => ReactNode, best?: (r: CompareRow) => boolean) => (
    <tr>
      <th scope="row">{label}</th>
      {rows.map((r) => (
        <td key={r.bukken.globalKey} className={best?.(r) ? 'u-best' : undefined}>
          {cell(r)}
          {best?.(r) && ' ★'}
        </td>
      ))}
    </tr>
  );
  return (
    <section className="u-section u-scroll" data-testid="compare-page">
      <UserStyles />
      <table className="u-table">
        <thead>
          <tr>
            <th />
            {rows.map((r) => (
              <th key={r.bukken.globalKey}>
                <img src={r.bukken.imageGroup.gaikanUrl} alt="" width={140} height={105} style={{ objectFit: 'cover' }} />
                <div>
                  <KitLink to={`/bukken/detail/${r.bukken.globalKey}`}>{r.bukken.name}</KitLink>
                </div>
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
      <p className="u-muted">★ はその項目でいちばん条件のよい物件です。</p>
    </section>
  );
}
