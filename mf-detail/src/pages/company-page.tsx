import { useQuery } from '@apollo/client/react';
import { ErrorBox, FavoriteButton, formatNumber, jsonForScript, KitLink, documentTitle } from '@sumika/shell-kit';
import type { RemotePageProps } from '@sumika/shell-kit';
import { COMPANY_DETAIL } from '../features/company/index.js';
import { realEstateAgentJsonLd, UNAVAILABLE } from '../features/detail/index.js';
import { formatArea, formatRent } from '../ui/format.js';
import { DetailStyles } from '../ui/styles.js';

/** /bukken/company/{key}(/page/{n}): the store, its staff and reviews, and its listings. */
export default function CompanyPage({ params, setMeta, setStatus }: RemotePageProps) {
  const key = params.companyKey ?? '';
  const page = Number(params.page ?? 1);
  const { data, error, refetch } = useQuery(COMPANY_DETAIL, { variables: { key, page } });
  const c = data?.company;
  // Null with an error is a part down (errorPolicy 'all'), not an unknown store.
  if (data && !error && !c) {
    setStatus(404);
    return null;
  }
  if (c) {
    setMeta({
      title: documentTitle(`${c.clientName}の店舗情報・取扱物件${page > 1 ? `（${page}ページ目）` : ''}`),
      description: `${c.clientName}（${c.companyName}）の店舗情報、口コミ、取扱物件の一覧。${c.access}。`,
      canonical: `/bukken/company/${c.key}${page > 1 ? `/page/${page}` : ''}`,
      pageTitle: c.clientName,
      breadcrumbs: [{ text: '賃貸トップ', path: '/' }, { text: c.clientName }],
    });
  }
  if (error && (!data || !c)) return <ErrorBox message="店舗情報を読み込めませんでした。" onRetry={() => void refetch()} />;
  if (!c || !data) return <DetailStyles />;
  const list = data.bukkensByCompany;
  const listings = list?.bukkenList.filter((b) => b !== null) ?? [];
  const storefront = c.images.find((i) => i.imageType === 'storefront') ?? c.images[0];
  return (
    <div data-testid="company-page">
      <DetailStyles />
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{
          __html: jsonForScript(
            realEstateAgentJsonLd({
              clientName: c.clientName,
              companyName: c.companyName,
              address: c.address,
              tel: c.tel,
              openTime: c.openTime,
              url: `/bukken/company/${c.key}`,
            }),
          ),
        }}
      />
      <div className="d-grid">
        <section className="d-section">
          <h2>店舗情報</h2>
          <table className="d-table">
            <tbody>
              <tr>
                <th>会社名</th>
                <td>
                  {c.companyName}（代表 {c.daihyo}・{c.establishedYear}年設立）
                </td>
              </tr>
              <tr>
                <th>電話番号</th>
                <td className="d-tel">{c.tel}</td>
              </tr>
              <tr>
                <th>所在地</th>
                <td>{c.address}</td>
              </tr>
              <tr>
                <th>アクセス</th>
                <td>{c.access}</td>
              </tr>
              <tr>
                <th>営業時間 / 定休日</th>
                <td>
                  {c.openTime} / {c.holiday}
                </td>
              </tr>
              <tr>
                <th>免許番号</th>
                <td>{c.licenseNumber}</td>
              </tr>
              <tr>
                <th>加盟団体</th>
                <td>{c.association}</td>
              </tr>
            </tbody>
          </table>
          <p>{c.prText}</p>
          {c.awardYears.length > 0 && <p className="d-badge">すみかアワード受賞 {c.awardYears.join('・')}年</p>}
        </section>
        <section className="d-section">
          {storefront && <img src={storefront.url} alt={`${c.clientName}の店舗外観`} style={{ width: '100%', borderRadius: 6 }} />}
          <h2>スタッフ</h2>
          <ul className="d-list">
            {c.employees.map((e) => (
              <li key={e.id}>
                <strong>{e.name}</strong>{' '}
                <span className="d-muted">
                  {e.position}・経験{e.yearsOfExperience}年
                </span>
                <div>{e.comment}</div>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <section className="d-section">
        <h2>
          口コミ（{c.reviews.count}件{c.reviews.averageRating !== null ? `・平均${c.reviews.averageRating.toFixed(1)}` : ''}）
        </h2>
        <ul className="d-list">
          {c.reviews.items.map((r) => (
            <li key={r.id}>
              <span className="d-stars">{'★'.repeat(r.rating)}</span> <strong>{r.title}</strong>
              <div>{r.body}</div>
              <div className="d-muted">
                {r.reviewer}・{r.visitedOn}
              </div>
            </li>
          ))}
        </ul>
      </section>
      <section className="d-section">
        <h2>取扱物件{list ? `（${formatNumber(list.bukkenTotal.count)}件）` : ''}</h2>
        {(!list || listings.length < list.bukkenList.length) && (
          <p className="d-muted" role="status" data-testid="listings-unavailable">
            {UNAVAILABLE.listings}
          </p>
        )}
        <ul className="d-list">
          {listings.map((b) => (
            <li key={b.globalKey} style={{ display: 'flex', justifyContent: 'space-between', gap: 12, alignItems: 'center' }}>
              <span>
                <KitLink to={`/bukken/detail/${b.globalKey}`}>{b.name}</KitLink> {formatRent(b.chinryou)} ／ {b.plan} ／ {formatArea(b.area)}
                <div className="d-muted">{b.address}</div>
              </span>
              <FavoriteButton className="d-fav" globalKey={b.globalKey} />
            </li>
          ))}
        </ul>
        {list && list.pagination.totalPages > 1 && (
          <nav className="d-muted" style={{ display: 'flex', gap: 8, justifyContent: 'center', marginTop: 12 }}>
            {list.pagination.currentPage > 1 && (
              <KitLink to={`/bukken/company/${c.key}${list.pagination.currentPage === 2 ? '' : `/page/${list.pagination.currentPage - 1}`}`}>‹ 前へ</KitLink>
            )}
            <span>
              {list.pagination.currentPage} / {list.pagination.totalPages}
            </span>
            {list.pagination.currentPage < list.pagination.totalPages && (
              <KitLink to={`/bukken/company/${c.key}/page/${list.pagination.currentPage + 1}`}>次へ ›</KitLink>
            )}
          </nav>
        )}
      </section>
    </div>
  );
}
