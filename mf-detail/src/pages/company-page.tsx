import { useQuery } from '@apollo/client/react';
import { ErrorBox, formatNumber, jsonForScript, documentTitle } from '@sumika/shell-kit';
import type { PageQueries, RemotePageProps } from '@sumika/shell-kit';
import { DEFAULT_SORT, SORT_OPTIONS } from '@sumika/spec';
import {
  COMPANY_DETAIL,
  companySortOf,
  CompanyListings,
  CompanyPager,
  CompanyProfile,
  companyDetailVariables,
  SortForm,
  StaffList,
  storeJsonLd,
} from '../features/company/index.js';
import { UNAVAILABLE } from '../features/detail/index.js';
import { DetailStyles } from '../ui/styles.js';

/** What the render below reads: the shell fetches it before rendering. */
export const pageQueries: PageQueries = ({ params, search }) => [{ query: COMPANY_DETAIL, variables: companyDetailVariables(params, search) }];

/** /bukken/company/{key}(/page/{n})(?sort=…): the store's profile, staff, awards and reviews, and its listings in the search's sorts. */
export default function CompanyPage({ params, search, setMeta, setStatus }: RemotePageProps) {
  const variables = companyDetailVariables(params, search);
  const { page, sort } = variables;
  const { data, error, refetch } = useQuery(COMPANY_DETAIL, { variables });
  const c = data?.company;
  const list = c?.bukkens ?? null;
  // SPEC §4: a sort is accepted only as a valid key plus asc or desc.
  if (companySortOf(search) === null) {
    setStatus(400);
    return null;
  }
  // Null with an error is a part down (errorPolicy 'all'), not an unknown store; a page past the last names nothing either.
  if ((data && !error && !c) || (list && page > 1 && page > list.totalPages)) {
    setStatus(404);
    return null;
  }
  if (c) {
    // Each view has its own title: '（2ページ目・賃料が安い順）'.
    const view = [page > 1 ? `${page}ページ目` : '', sort === DEFAULT_SORT ? '' : (SORT_OPTIONS.find((o) => o.value === sort)?.label ?? '')].filter(Boolean);
    setMeta({
      title: documentTitle(`${c.clientName}の店舗情報・取扱物件${view.length ? `（${view.join('・')}）` : ''}`),
      description: `${c.clientName}（${c.companyName}）の店舗情報、スタッフ、口コミ、取扱物件の一覧。${c.access}。`,
      // The sort is a view of the same listings: the canonical keeps the page and drops the sort.
      canonical: `/bukken/company/${c.key}${page > 1 ? `/page/${page}` : ''}`,
      pageTitle: c.clientName,
      breadcrumbs: [{ text: '賃貸トップ', path: '/' }, { text: c.clientName }],
    });
  }
  if (error && (!data || !c)) return <ErrorBox message="店舗情報を読み込めませんでした。" onRetry={() => void refetch()} />;
  if (!c || !data) return <DetailStyles />;
  const storefront = c.images.find((i) => i.imageType === 'storefront') ?? c.images[0];
  return (
    <div data-testid="company-page">
      <DetailStyles />
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(storeJsonLd(c, `/bukken/company/${c.key}`, storefront?.url)) }} />
      <section className="d-section">
        <h2>店舗情報</h2>
        <div className="c-profile">
          <CompanyProfile company={c} />
          {storefront && <img className="c-storefront" src={storefront.url} alt={`${c.clientName}の店舗外観`} width={320} height={240} />}
        </div>
      </section>
      {c.prText && (
        <section className="d-section">
          <h2>お店からのメッセージ</h2>
          <p className="c-pr">{c.prText}</p>
        </section>
      )}
      {c.awardYears.length > 0 && (
        <section className="d-section">
          <h2>受賞歴</h2>
          <ul className="c-awards" data-testid="company-awards">
            {[...c.awardYears]
              .sort((a, b) => b - a)
              .map((y) => (
                <li key={y} className="d-badge">
                  すみかアワード{y}受賞
                </li>
              ))}
          </ul>
        </section>
      )}
      {c.employees.length > 0 && (
        <section className="d-section">
          <h2>スタッフ紹介</h2>
          <StaffList employees={c.employees} />
        </section>
      )}
      <section className="d-section">
        <h2>
          口コミ（{c.reviews.count}件{c.reviews.averageRating !== null ? `・平均${c.reviews.averageRating.toFixed(1)}` : ''}）
        </h2>
        {c.reviews.items.length === 0 && <p className="d-muted">まだ口コミはありません。</p>}
        <ul className="d-list">
          {c.reviews.items.map((r) => (
            <li key={r.id}>
              <span className="d-stars" role="img" aria-label={`5段階中${r.rating}`}>
                {'★'.repeat(r.rating)}
              </span>{' '}
              <strong>{r.title}</strong>
              <div>{r.body}</div>
              <div className="d-muted">
                {r.reviewer}・{r.visitedOn}
              </div>
            </li>
          ))}
        </ul>
      </section>
      <section className="d-section">
        <h2>取扱物件{list ? `（${formatNumber(list.count)}件）` : ''}</h2>
        {!list && (
          <p className="d-muted" role="status" data-testid="listings-unavailable">
            {UNAVAILABLE.listings}
          </p>
        )}
        {list && list.count > 0 && <SortForm companyKey={c.key} sort={list.sort} />}
        {list && list.count === 0 && <p className="d-muted">現在掲載中の物件はありません。</p>}
        {list && list.bukkenList.length > 0 && <CompanyListings items={list.bukkenList} />}
        {list && <CompanyPager companyKey={c.key} page={list.page} totalPages={list.totalPages} sort={list.sort} />}
      </section>
    </div>
  );
}
