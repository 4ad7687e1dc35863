import { useQuery } from '@apollo/client/react';
import { ErrorBox, formatNumber, KitLink, useClientContext } from '@sumika/shell-kit';
import type { RemotePageProps } from '@sumika/shell-kit';
import { BukkenCard } from '../features/bukken-card/index.js';
import { SEARCH_PREFECTURE_PAGE } from '../features/prefecture/index.js';
import { SpecialList } from '../features/top/index.js';
import { SearchStyles } from '../ui/styles.js';
import type { ReactNode } from 'react';

/** On phones a long list folds away (62 municipalities and ~100 lines were 6,000 px before any listing); on PC it is open. */
function Foldable({ fold, summary, children }: { fold: boolean; summary: string; children: ReactNode }) {
  if (!fold) return <>{children}</>;
  return (
    <details className="s-fold">
      <summary>{summary}</summary>
      {children}
    </details>
  );
}

/** /{prefecture_path}: cities, lines, pickups and specials of one prefecture. */
export default function PrefecturePage({ params, setMeta, setStatus }: RemotePageProps) {
  const { isSpView } = useClientContext();
  const path = params.prefecturePath ?? '';
  const { data, error, refetch } = useQuery(SEARCH_PREFECTURE_PAGE, { variables: { path } });
  const pref = data?.prefecture;
  // Null with an error is a part down (errorPolicy 'all'), not an unknown prefecture.
  if (data && !error && !pref) {
    setStatus(404);
    return null;
  }
  if (pref) {
    setMeta({
      title: `${pref.name}の賃貸物件・賃貸住宅｜すみか`,
      description: `${pref.name}の賃貸物件${formatNumber(pref.bukkenCount)}件。市区町村や沿線・駅から、${pref.name}の賃貸マンション・アパートを探せます。`,
      canonical: `/${pref.path}`,
      pageTitle: `${pref.name}の賃貸物件を探す`,
      breadcrumbs: [{ text: '賃貸トップ', path: '/' }, { text: `${pref.name}の賃貸` }],
    });
  }
  if (error && (!data || !pref)) return <ErrorBox message="情報を読み込めませんでした。" onRetry={() => void refetch()} />;
  if (!data || !pref) return <SearchStyles />;
  // The recommended listings: after the lists on PC, before them on phones (a way to see listings first).
  const recommend = data.prefectureRecommendBukkens && data.prefectureRecommendBukkens.bukkenList.length > 0 && (
    <section className="s-section">
      <h2>{pref.name}のおすすめ物件</h2>
      <ul className="s-cards">
        {data.prefectureRecommendBukkens.bukkenList.map((b) => (
          <BukkenCard key={b.globalKey} bukken={b} />
        ))}
      </ul>
    </section>
  );
  const lines = data.railways.flatMap((r) => r.lines.map((l) => ({ ...l, railway: r.name }))).filter((l) => l.bukkenCount > 0);
  return (
    <div data-testid="prefecture-page">
      <SearchStyles />
      <section className="s-hero">
        <div>
          <h2 style={{ margin: 0 }}>{pref.name}の賃貸物件</h2>
          <ul className="s-hero__ways">
            <li>
              <KitLink to={`/search/results?prefecture=${pref.path}`}>{pref.name}のすべての物件を見る ›</KitLink>
            </li>
            <li>
              <KitLink to={`/search/stations/${pref.path}`}>駅から探す ›</KitLink>
            </li>
            <li>
              <KitLink to={`/search/nmin_stations/${pref.path}`}>通勤・通学時間から探す ›</KitLink>
            </li>
            <li>
              <KitLink to={`/search/cities_lines_chinryou_souba/${pref.path}`}>家賃相場から探す ›</KitLink>
            </li>
          </ul>
        </div>
        <p className="s-hero__count">
          <strong>{formatNumber(pref.bukkenCount)}</strong>件
        </p>
      </section>
      {isSpView && recommend}
      <section className="s-section">
        <h2>市区町村から探す</h2>
        <Foldable fold={isSpView} summary={`市区町村の一覧（${formatNumber(pref.cities.length)}）`}>
          <form action="/search/results" method="get">
            <input type="hidden" name="prefecture" value={pref.path} />
            <ul className="s-checks" data-testid="city-list">
              {pref.cities.map((c) => (
                <li key={c.code}>
                  <label>
                    <input type="checkbox" name="city" value={c.code} disabled={c.bukkenCount === 0} />{' '}
                    <KitLink to={`/search/${pref.path}/city/${c.code}`}>{c.name}</KitLink> <small>({formatNumber(c.bukkenCount)})</small>
                  </label>
                </li>
              ))}
            </ul>
            <button type="submit" className="sk-button sk-button--primary">
              チェックした市区町村で探す
            </button>
          </form>
        </Foldable>
      </section>
      <section className="s-section">
        <h2>沿線から探す</h2>
        <Foldable fold={isSpView} summary={`路線の一覧（${formatNumber(lines.length)}）`}>
          <ul className="s-links">
            {lines.map((l) => (
              <li key={l.code}>
                <KitLink to={`/search/line_stations/${pref.path}/${l.code}`}>{l.name}</KitLink>
                <small>({formatNumber(l.bukkenCount)})</small>
              </li>
            ))}
          </ul>
        </Foldable>
      </section>
      {!isSpView && recommend}
      <section className="s-section">
        <h2>{pref.name}の特集</h2>
        <SpecialList specials={data.specials.filter((s) => s.bukkenCount > 0)} prefecturePath={pref.path} />
      </section>
    </div>
  );
}
