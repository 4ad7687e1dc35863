import { useQuery } from '@apollo/client/react';
import { ErrorBox, KitLink, RegionMapPicker } from '@sumika/shell-kit';
import type { PageQueries, RemotePageProps } from '@sumika/shell-kit';
import { SEARCH_TOP_PAGE } from '../features/top/index.js';
import { SearchStyles } from '../ui/styles.js';

/** What the render below reads: the shell fetches it before rendering. */
export const pageQueries: PageQueries = () => [{ query: SEARCH_TOP_PAGE }];

/** The ways in that start with a prefecture (the top page links them): where a prefecture leads, and the page's words. */
const WAYS = {
  area: {
    query: '',
    title: '賃貸物件を探す',
    description: '都道府県を選んで、市区町村・沿線・駅から賃貸物件を探せます。',
    href: (p: string) => `/search/cities_lines/${p}`,
  },
  line: {
    query: '?by=line',
    title: '路線・駅から賃貸物件を探す',
    description: '都道府県を選んで、路線・駅から賃貸物件を探せます。',
    href: (p: string) => `/search/lines/${p}`,
  },
  commute: {
    query: '?by=commute',
    title: '通勤・通学時間から賃貸物件を探す',
    description: '都道府県を選んで、通勤・通学先の駅までの時間から賃貸物件を探せます。',
    href: (p: string) => `/search/nmin_stations/${p}`,
  },
} as const;

/** /search and /search/search: choose a prefecture, then how to search it (`?by=line`, `?by=commute`: that way at once). */
export default function SearchPage({ setMeta, search }: RemotePageProps) {
  const by = new URLSearchParams(search).get('by');
  const way = by === 'line' || by === 'commute' ? WAYS[by] : WAYS.area;
  setMeta({
    title: `${way.title}｜すみか`,
    description: way.description,
    canonical: `/search${way.query}`,
    pageTitle: way.title,
    breadcrumbs: [{ text: '賃貸トップ', path: '/' }, { text: way.title }],
  });
  const { data, error, refetch } = useQuery(SEARCH_TOP_PAGE);
  if (error && !data) return <ErrorBox message="情報を読み込めませんでした。" onRetry={() => void refetch()} />;
  return (
    <div>
      <SearchStyles />
      <section className="s-section">
        <h2>都道府県を選ぶ</h2>
        {data && <RegionMapPicker regions={data.regions.regions} prefectureHref={(p) => way.href(p.path)} />}
      </section>
      <section className="s-section">
        <h2>ほかの探し方</h2>
        <ul className="s-links">
          <li>
            <KitLink to="/search/option">こだわり条件から探す</KitLink>
          </li>
          <li>
            <KitLink to="/search/map">地図から探す</KitLink>
          </li>
          <li>
            <KitLink to="/campus">大学・学校から探す</KitLink>
          </li>
        </ul>
      </section>
    </div>
  );
}
