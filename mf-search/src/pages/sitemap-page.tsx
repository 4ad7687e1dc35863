import { useQuery } from '@apollo/client/react';
import { ErrorBox, formatNumber, KitLink } from '@sumika/shell-kit';
import type { RemotePageProps } from '@sumika/shell-kit';
import { ListingsUnavailable } from '../features/bukken-card/index.js';
import { SEARCH_SITEMAP } from '../features/misc/index.js';
import { formatRent } from '../ui/format.js';
import { SearchStyles } from '../ui/styles.js';

/** /specific/sitemap and its prefecture, city, town and paged town levels. */
export default function SitemapPage({ params, setMeta, setStatus }: RemotePageProps) {
  const level = params.townCode ? 'town' : params.cityCode ? 'city' : params.prefecturePath ? 'pref' : 'top';
  const { data, error, refetch } = useQuery(SEARCH_SITEMAP, {
    variables: {
      prefecturePath: params.prefecturePath ?? '',
      cityCode: Number(params.cityCode ?? 0),
      townCode: Number(params.townCode ?? 0),
      page: Number(params.page ?? 1),
      top: level === 'top',
      pref: level === 'pref',
      city: level === 'city',
      town: level === 'town',
    },
  });
  const entries = level === 'top' ? data?.sitemapTop : level === 'pref' ? data?.sitemapPrefecture : level === 'city' ? data?.sitemapCity : undefined;
  if (data && !error && level !== 'town' && entries && entries.length === 0 && level !== 'top') {
    setStatus(404);
    return null;
  }
  setMeta({
    title: 'サイトマップ｜すみか',
    description: 'すみかの物件を都道府県、市区町村、町名から一覧できるサイトマップです。',
    pageTitle: 'サイトマップ',
    breadcrumbs: [
      { text: '賃貸トップ', path: '/' },
      ...(level === 'top' ? [{ text: 'サイトマップ' }] : [{ text: 'サイトマップ', path: '/specific/sitemap' }, { text: '一覧' }]),
    ],
  });
  if (error && !data) return <ErrorBox message="サイトマップを読み込めませんでした。" onRetry={() => void refetch()} />;
  if (!data) return <SearchStyles />;
  const town = data.sitemapTown;
  return (
    <section className="s-section">
      <SearchStyles />
      {entries && (
        <ul className="s-checks">
          {entries.map((e) => (
            <li key={e.path}>
              <KitLink to={e.path}>{e.name}</KitLink> <small>({formatNumber(e.count)})</small>
            </li>
          ))}
        </ul>
      )}
      {town && (
        <>
          {town.bukkenList.includes(null) && <ListingsUnavailable />}
          <ul className="s-links" style={{ flexDirection: 'column' }}>
            {town.bukkenList.map(
              (b) =>
                b && (
                  <li key={b.globalKey}>
                    <KitLink to={`/bukken/detail/${b.globalKey}`}>{b.name}</KitLink>{' '}
                    <small>
                      {formatRent(b.chinryou)} {b.plan}
                    </small>
                  </li>
                ),
            )}
          </ul>
          {town.pagination.totalPages > 1 && (
            <nav className="s-pager">
              {Array.from({ length: town.pagination.totalPages }, (_, i) => i + 1).map((p) =>
                p === town.pagination.currentPage ? (
                  <span key={p} aria-current="page">
                    {p}
                  </span>
                ) : (
                  <KitLink key={p} to={`/specific/sitemap/${params.prefecturePath}/${params.cityCode}/${params.townCode}/${p}`}>
                    {p}
                  </KitLink>
                ),
              )}
            </nav>
          )}
        </>
      )}
    </section>
  );
}
