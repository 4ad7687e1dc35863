import { useQuery } from '@apollo/client/react';
import { ErrorBox, KitLink, RegionMapPicker } from '@sumika/shell-kit';
import type { RemotePageProps } from '@sumika/shell-kit';
import { SEARCH_TOP_PAGE } from '../features/top/index.js';
import { SearchStyles } from '../ui/styles.js';

/** /search and /search/search: choose a prefecture, then how to search it. */
export default function SearchPage({ setMeta }: RemotePageProps) {
  setMeta({
    title: '賃貸物件を探す｜すみか',
    description: '都道府県を選んで、市区町村・沿線・駅から賃貸物件を探せます。',
    canonical: '/search',
    pageTitle: '賃貸物件を探す',
    breadcrumbs: [{ text: '賃貸トップ', path: '/' }, { text: '賃貸物件を探す' }],
  });
  const { data, error, refetch } = useQuery(SEARCH_TOP_PAGE);
  if (error && !data) return <ErrorBox message="情報を読み込めませんでした。" onRetry={() => void refetch()} />;
  return (
    <div>
      <SearchStyles />
      <section className="s-section">
        <h2>都道府県を選ぶ</h2>
        {data && <RegionMapPicker regions={data.regions.regions} prefectureHref={(p) => `/search/cities_lines/${p.path}`} />}
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
