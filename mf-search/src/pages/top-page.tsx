import { useQuery } from '@apollo/client/react';
import { ErrorBox, formatNumber, KitLink, RegionMapPicker, useClientContext } from '@sumika/shell-kit';
import type { PageQueries, RemotePageProps } from '@sumika/shell-kit';
import { NewListings, SEARCH_TOP_PAGE, SpecialList } from '../features/top/index.js';
import { SearchStyles } from '../ui/styles.js';

/** What the render below reads: the shell fetches it before rendering. */
export const pageQueries: PageQueries = () => [{ query: SEARCH_TOP_PAGE }];

/** The ways in besides the area map, and the guides: [path, link text]. */
const WAYS = [
  ['/search?by=line', '路線・駅から探す'],
  ['/search?by=commute', '通勤・通学時間から探す'],
  ['/search/map', '地図から探す'],
  ['/campus', '大学・学校から探す'],
  ['/search/option', 'こだわり条件から探す'],
] as const;
const GUIDES = [
  ['/statics/beginner', 'はじめての部屋探しガイド'],
  ['/statics/flow', 'お部屋探しから入居までの流れ'],
  ['/checklist', '内見チェックリスト'],
  ['/specific/later_payment', '初期費用の後払いができる不動産会社'],
] as const;

export default function TopPage({ setMeta }: RemotePageProps) {
  const { isSpView } = useClientContext();
  setMeta({
    title: '賃貸住宅・賃貸物件の検索サイト｜すみか',
    description: '賃貸マンション・アパートの物件探しなら「すみか」。都道府県、市区町村、路線・駅、通勤時間、こだわり条件から全国の賃貸物件を検索できます。',
    canonical: '/',
    breadcrumbs: [],
  });
  const { data, error, refetch } = useQuery(SEARCH_TOP_PAGE);
  if (error && !data) return <ErrorBox message="情報を読み込めませんでした。" onRetry={() => void refetch()} />;
  if (!data) return <SearchStyles />;
  return (
    <div data-testid="top-page">
      <SearchStyles />
      <section className="s-hero">
        <div>
          <h1>賃貸物件を探すなら すみか</h1>
          <p>エリア・沿線・通勤時間・こだわり条件から、あなたにぴったりのお部屋を。</p>
        </div>
        <p className="s-hero__count" data-testid="top-total">
          掲載物件<strong>{formatNumber(data.searchBukkensCount.count)}</strong>件
        </p>
      </section>
      <section className="s-section s-section--bare">
        <RegionMapPicker regions={data.regions.regions} heading="エリアから探す" />
      </section>
      <section className="s-section">
        <h2>ほかの探し方</h2>
        <ul className="s-ways">
          {WAYS.map(([to, text]) => (
            <li key={to}>
              <KitLink to={to}>{text}</KitLink>
            </li>
          ))}
        </ul>
      </section>
      {data.newBukkens.length > 0 && (
        <section className="s-section">
          <h2>新着物件</h2>
          <NewListings listings={data.newBukkens} />
        </section>
      )}
      <section className="s-section">
        <h2>特集から探す</h2>
        <SpecialList specials={isSpView ? data.specials.slice(0, 8) : data.specials} />
      </section>
      <section className="s-section">
        <h2>はじめての方へ</h2>
        <ul className="s-links">
          {GUIDES.map(([to, text]) => (
            <li key={to}>
              <KitLink to={to}>{text}</KitLink>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
