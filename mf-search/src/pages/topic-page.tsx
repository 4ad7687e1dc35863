import { useQuery } from '@apollo/client/react';
import { ErrorBox, formatNumber, RegionMapPicker } from '@sumika/shell-kit';
import type { RemotePageProps } from '@sumika/shell-kit';
import { BukkenCard, ListingsUnavailable, presentListings } from '../features/bukken-card/index.js';
import { SEARCH_TOPIC_PAGE } from '../features/topic/index.js';
import { SearchStyles } from '../ui/styles.js';

/** /topic/{specialName}: a special feature with its texts, pickups, FAQ and a prefecture picker. */
export default function TopicPage({ params, setMeta, setStatus }: RemotePageProps) {
  const specialName = params.specialName ?? '';
  const { data, error, refetch } = useQuery(SEARCH_TOPIC_PAGE, { variables: { specialName } });
  const special = data?.specialInfo;
  if (data && !error && !special) {
    setStatus(404);
    return null;
  }
  if (special) {
    setMeta({
      title: `${special.title}｜すみか`,
      description: special.featureTexts1,
      canonical: `/topic/${special.path}`,
      pageTitle: special.title,
      breadcrumbs: [{ text: '賃貸トップ', path: '/' }, { text: special.name }],
    });
  }
  if (error && (!data || !special)) return <ErrorBox message="特集を読み込めませんでした。" onRetry={() => void refetch()} />;
  if (!data || !special) return <SearchStyles />;
  const pickups = presentListings(data.specialRecommendBukkens.pickups);
  return (
    <div data-testid="topic-page">
      <SearchStyles />
      <section className="s-hero">
        <div>
          <h2 style={{ margin: 0 }}>{special.name}</h2>
          <p>{special.featureTexts1}</p>
        </div>
        <p className="s-hero__count">
          <strong>{formatNumber(special.bukkenCount)}</strong>件
        </p>
      </section>
      <section className="s-section">
        <h2>都道府県を選ぶ</h2>
        <RegionMapPicker regions={data.regions.regions} prefectureHref={(p) => `/search/cities/${p.path}/topic/${special.path}`} />
      </section>
      {(pickups.listings.length > 0 || pickups.missing) && (
        <section className="s-section">
          <h2>ピックアップ物件</h2>
          {pickups.missing && <ListingsUnavailable />}
          <ul className="s-cards">
            {pickups.listings.slice(0, 6).map((b) => (
              <BukkenCard key={b.globalKey} bukken={b} />
            ))}
          </ul>
        </section>
      )}
      <section className="s-section">
        <h2>{special.name}の物件を探すポイント</h2>
        <p>{special.featureTexts2}</p>
        <p>{special.prefDesc}</p>
      </section>
      {special.faqs.length > 0 && (
        <section className="s-section">
          <h2>よくある質問</h2>
          <dl className="s-faq">
            {special.faqs.map((f) => (
              <div key={f.question}>
                <dt>Q. {f.question}</dt>
                <dd>A. {f.answer}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
    </div>
  );
}
