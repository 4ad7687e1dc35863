import { useQuery } from '@apollo/client/react';
import { ErrorBox, formatNumber, jsonForScript, KitLink, documentTitle } from '@sumika/shell-kit';
import type { PageQueries, RemotePageProps } from '@sumika/shell-kit';
import {
  apartmentComplexJsonLd,
  ArchivedRooms,
  BUILDING_DETAIL,
  BuildingCompanies,
  BuildingExterior,
  buildingDetailVariables,
  VacancyTable,
} from '../features/building/index.js';
import { BuildingMapSection } from '../features/map-section/index.js';
import { formatRent, formatYearMonth } from '../ui/format.js';
import { DetailStyles } from '../ui/styles.js';

/** What the render below reads: the shell fetches it before rendering. */
export const pageQueries: PageQueries = ({ params }) => [{ query: BUILDING_DETAIL, variables: buildingDetailVariables(params) }];

/** /building/{key}: the building, its vacancies by plan, archived rooms, stores, market prices by plan and buildings nearby. */
export default function BuildingPage({ params, setMeta, config }: RemotePageProps) {
  const { data, error, refetch } = useQuery(BUILDING_DETAIL, { variables: buildingDetailVariables(params) });
  const b = data?.building;
  if (b) {
    setMeta({
      title: documentTitle(`${b.name}の賃貸物件・空室情報`),
      description: `${b.address}の${b.buildingTypeName}「${b.name}」（${formatYearMonth(b.builtDate)}築・${b.floor}階建・総戸数${b.totalUnits}戸）の空室情報と家賃相場。`,
      canonical: `/building/${b.key}`,
      pageTitle: b.name,
      breadcrumbs: [{ text: '賃貸トップ', path: '/' }, { text: b.name }],
    });
  }
  if (error && !b) return <ErrorBox message="建物情報を読み込めませんでした。" onRetry={() => void refetch()} />;
  if (!b) return <DetailStyles />;
  return (
    <div data-testid="building-page">
      <DetailStyles />
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(apartmentComplexJsonLd(b, `/building/${b.key}`)) }} />
      <section className="d-section">
        <h2>建物概要</h2>
        <BuildingExterior url={b.exteriorUrl} name={b.name} />
        <table className="d-table">
          <tbody>
            <tr>
              <th>所在地</th>
              <td>{b.address}</td>
            </tr>
            <tr>
              <th>交通</th>
              <td>{b.stations.map((s) => s.text).join(' ／ ')}</td>
            </tr>
            <tr>
              <th>種別・構造</th>
              <td>
                {b.buildingTypeName}・{b.struct}
              </td>
            </tr>
            <tr>
              <th>築年月</th>
              <td>
                {formatYearMonth(b.builtDate)}（築{b.builtAge}年）
              </td>
            </tr>
            <tr>
              <th>階建</th>
              <td>
                地上{b.floor}階{b.basementFloors > 0 ? `・地下${b.basementFloors}階` : ''}
              </td>
            </tr>
            <tr>
              <th>総戸数</th>
              <td>{b.totalUnits}戸</td>
            </tr>
          </tbody>
        </table>
      </section>
      <section className="d-section">
        <h2>空室情報（{b.vacancyPlans.reduce((n, p) => n + p.count, 0)}件）</h2>
        <VacancyTable plans={b.vacancyPlans} />
      </section>
      {b.archivedBukkens.length > 0 && (
        <section className="d-section">
          <h2>募集終了のお部屋（{b.archivedBukkens.length}件）</h2>
          <ArchivedRooms rooms={b.archivedBukkens} />
        </section>
      )}
      {b.companies.length > 0 && (
        <section className="d-section">
          <h2>この建物を取り扱う不動産会社</h2>
          <BuildingCompanies companies={b.companies} />
        </section>
      )}
      <BuildingMapSection building={b} config={config} />
      <section className="d-section">
        <h2>周辺の家賃相場</h2>
        <table className="d-table">
          <thead>
            <tr>
              <th>間取り</th>
              <th>家賃の中央値</th>
              <th>物件数</th>
            </tr>
          </thead>
          <tbody>
            {b.marketPrices.map((m) => (
              <tr key={m.plan}>
                <td>{m.plan}</td>
                <td>{formatRent(m.median)}</td>
                <td>{formatNumber(m.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {b.otherBuildings.length > 0 && (
        <section className="d-section">
          <h2>近くの建物</h2>
          <ul className="d-list">
            {b.otherBuildings.map((o) => (
              <li key={o.key}>
                <KitLink to={`/building/${o.key}`}>{o.name}</KitLink>{' '}
                <span className="d-muted">
                  {o.address}・築{o.builtAge}年
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
