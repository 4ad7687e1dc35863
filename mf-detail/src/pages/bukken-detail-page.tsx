import { useMutation, useQuery } from '@apollo/client/react';
import { ErrorBox, FavoriteButton, formatNumber, jsonForScript, KitLink, useClientContext, useStockCounts, documentTitle } from '@sumika/shell-kit';
import type { PageQueries, RemotePageProps } from '@sumika/shell-kit';
import { useEffect } from 'react';
import {
  apartmentJsonLd,
  BUKKEN_DETAIL,
  bukkenDetailVariables,
  CompanyBlock,
  Conditions,
  Gallery,
  InitialCost,
  MarketRent,
  MobileActionBar,
  OtherRooms,
  ArchivedNotice,
  placeOf,
  RECORD_HISTORY,
  SimilarListings,
  SpecTable,
  StationWalks,
} from '../features/detail/index.js';
import { MapSection } from '../features/map-section/index.js';
import { formatRent } from '../ui/format.js';
import { DetailStyles } from '../ui/styles.js';

/** What the render below reads: the shell fetches it before rendering. */
export const pageQueries: PageQueries = ({ params }) => [{ query: BUKKEN_DETAIL, variables: bukkenDetailVariables(params) }];

/** /bukken/detail/{globalKey} (and the archived variant): every field of one listing. */
export default function BukkenDetailPage({ params, route, setMeta, config }: RemotePageProps) {
  const { data, error, refetch } = useQuery(BUKKEN_DETAIL, { variables: bukkenDetailVariables(params) });
  const [recordHistory] = useMutation(RECORD_HISTORY);
  const { refresh } = useStockCounts();
  const { isSpView } = useClientContext();
  const bukken = data?.bukken;
  const archived = bukken?.archived ?? route.pageKind === 'archive_detail';

  useEffect(() => {
    if (!bukken || bukken.archived) return;
    // The page's query is the same for every visitor (no per-visitor field, so the gateway caches it):
    // the history badge is read again once the visit is recorded rather than guessed from it.
    recordHistory({ variables: { globalKey: bukken.globalKey } })
      .then(() => refresh())
      .catch(() => undefined);
    // One history entry per listing shown.
  }, [bukken?.globalKey]);

  const place = bukken ? placeOf(bukken.address) : '';
  if (bukken) {
    setMeta({
      title: documentTitle(`${bukken.name}（${formatRent(bukken.chinryou)}・${bukken.plan}）の賃貸物件情報`),
      description: `${place}の${bukken.typeName}「${bukken.name}」。賃料${formatRent(bukken.chinryou)}、${bukken.plan}、${bukken.area}m²。${bukken.traffics[0]?.text ?? ''}。${bukken.prText}`,
      // An archived listing answers 200 but is not indexed, so it names no canonical (the shell then gives none).
      ...(archived ? { robots: 'noindex, follow' } : { canonical: `/bukken/detail/${bukken.globalKey}` }),
      breadcrumbs: [{ text: '賃貸トップ', path: '/' }, { text: place, path: `/search/words?q=${encodeURIComponent(place)}` }, { text: bukken.name }],
    });
  }
  if (error && !bukken) return <ErrorBox message="物件情報を読み込めませんでした。" onRetry={() => void refetch()} />;
  if (!bukken) return <DetailStyles />;
  const actionBar = isSpView && !archived;
  return (
    <div data-testid="bukken-detail" className={actionBar ? 'd-page--with-bar' : undefined}>
      <DetailStyles />
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{
          __html: jsonForScript(
            apartmentJsonLd({
              name: bukken.name,
              address: bukken.address,
              chinryou: bukken.chinryou,
              area: bukken.area,
              plan: bukken.plan,
              url: `/bukken/detail/${bukken.globalKey}`,
              image: bukken.imageGroup.gaikanUrl,
            }),
          ),
        }}
      />
      <section className="d-head">
        <div>
          <div className="d-badges">
            {archived && <span className="d-badge d-badge--ended">募集終了</span>}
            <span className="d-badge">{bukken.typeName}</span>
            {bukken.shikirei0 && <span className="d-badge d-badge--warn">敷金・礼金ゼロ</span>}
            {bukken.highlyRecommended && <span className="d-badge d-badge--warn">おすすめ</span>}
            {bukken.exclamation && <span className="d-badge d-badge--warn">{bukken.exclamation}</span>}
          </div>
          {/* The page's one h1: what a visitor and a search engine look for first. */}
          <h1 className="d-title">
            <span data-testid="bukken-name">{bukken.name}</span> <span className="d-title__plan">{bukken.plan}</span>{' '}
            <span className="d-title__rent">{formatRent(bukken.chinryou)}</span>
          </h1>
          <p className="d-rent">
            管理費・共益費 {bukken.kanriKyoeki > 0 ? `${formatNumber(bukken.kanriKyoeki)}円` : 'なし'} ／ {bukken.area}m²
          </p>
          <p className="d-muted">{bukken.traffics.map((t) => t.text).join(' ／ ')}</p>
          <p className="d-muted">この物件は {formatNumber(bukken.viewCount)} 回見られています</p>
        </div>
        {!archived && (
          <div className="d-actions">
            <FavoriteButton className="d-fav" globalKey={bukken.globalKey} />
            <KitLink className="sk-button sk-button--primary" to={`/apply/create?keys=${encodeURIComponent(bukken.globalKey)}`}>
              お問い合わせ（無料）
            </KitLink>
          </div>
        )}
      </section>
      {/* After the h1 (heading order), before everything else: the listing is gone, these are not. */}
      {archived && <ArchivedNotice place={place} similar={bukken.recommendations} />}
      <div className="d-grid">
        <div>
          <section className="d-section">
            <Gallery images={bukken.imageGroup.allUrls} name={bukken.name} />
          </section>
          <section className="d-section">
            <h2>おすすめポイント</h2>
            <p>{bukken.prText}</p>
          </section>
          <section className="d-section">
            <h2>物件概要</h2>
            <SpecTable bukken={bukken} />
            <p>
              <KitLink to={`/building/${encodeURIComponent(bukken.building.key)}`}>
                {bukken.building.name}（総戸数{bukken.building.totalUnits}戸）の建物情報を見る
              </KitLink>
            </p>
          </section>
          <section className="d-section">
            <h2>最寄り駅からの徒歩時間</h2>
            <StationWalks traffics={bukken.traffics} />
          </section>
          <MapSection name={bukken.building.name} latLng={bukken.latLng} walks={bukken.traffics} config={config} />
          <section className="d-section">
            <h2>同じ建物の募集中のお部屋</h2>
            <OtherRooms rooms={bukken.building.vacancies} currentKey={bukken.globalKey} />
          </section>
          <section className="d-section">
            <h2>設備・条件</h2>
            <Conditions bukken={bukken} />
          </section>
        </div>
        <div>
          <section className="d-section">
            <h2>家賃相場</h2>
            <MarketRent bukken={bukken} />
          </section>
          <section className="d-section">
            <h2>初期費用</h2>
            <InitialCost bukken={bukken} />
          </section>
          <section className="d-section">
            <h2>取扱店舗</h2>
            <CompanyBlock company={bukken.company} />
          </section>
        </div>
      </div>
      {!archived && bukken.recommendations.length > 0 && (
        <section className="d-section">
          <h2>似た条件の物件</h2>
          <SimilarListings items={bukken.recommendations} />
        </section>
      )}
      {actionBar && <MobileActionBar globalKey={bukken.globalKey} tel={bukken.company?.tel ?? null} />}
    </div>
  );
}
