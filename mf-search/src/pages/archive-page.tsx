import { useQuery } from '@apollo/client/react';
import { ErrorBox, formatNumber, KitLink } from '@sumika/shell-kit';
import type { RemotePageProps } from '@sumika/shell-kit';
import { prefectureNameOfPath } from '@sumika/spec';
import { ListingsUnavailable } from '../features/bukken-card/index.js';
import { SEARCH_ARCHIVE } from '../features/misc/index.js';
import { formatArea, formatRent } from '../ui/format.js';
import { SearchStyles } from '../ui/styles.js';

/** Archive pages: cities and stations with listings that left the market, and those listings. */
export default function ArchivePage({ route, params, setMeta, setStatus }: RemotePageProps) {
  const base = route.id.split('#')[0] ?? '';
  const showCities = base === 'archive.cities_lines';
  const showStations = base === 'archive.line_stations';
  const showList = !showCities && !showStations;
  const { data, error, refetch } = useQuery(SEARCH_ARCHIVE, {
    variables: {
      prefecturePath: params.prefecturePath ?? '',
      lineCode: Number(params.lineCode ?? 0),
      cityCode: params.cityCode ? Number(params.cityCode) : null,
      stationCode: params.stationCode ? Number(params.stationCode) : null,
      page: Number(params.page ?? 1),
      cities: showCities,
      stations: showStations,
      list: showList,
    },
  });
  if (data && !error && !data.prefecture) {
    setStatus(404);
    return null;
  }
  const pref = data?.prefecture;
  // While the page loads the title already names the prefecture of the path.
  const prefPath = pref?.path ?? params.prefecturePath ?? '';
  const prefName = pref?.name ?? prefectureNameOfPath(prefPath);
  setMeta({
    title: `${prefName ?? ''}の掲載終了物件｜すみか`,
    description: `${prefName ?? ''}で過去に掲載されていた賃貸物件の情報です。`,
    pageTitle: `${prefName ?? ''}の掲載終了物件`,
    robots: 'noindex, follow',
    breadcrumbs: [{ text: '賃貸トップ', path: '/' }, ...(prefName ? [{ text: `${prefName}の賃貸`, path: `/${prefPath}` }] : []), { text: '掲載終了物件' }],
  });
  if (error && (!data || !data.prefecture)) return <ErrorBox message="情報を読み込めませんでした。" onRetry={() => void refetch()} />;
  if (!data || !pref) return <SearchStyles />;
  const list = data.archiveList;
  return (
    <section className="s-section">
      <SearchStyles />
      {data.archiveCities && (
        <>
          <h2>市区町村から探す</h2>
          <ul className="s-checks" data-testid="archive-cities">
            {data.archiveCities.map((c) => (
              <li key={c.code}>
                <KitLink to={`/archive/city/${pref.path}/${c.code}`}>{c.name}</KitLink> <small>({formatNumber(c.count)})</small>
              </li>
            ))}
          </ul>
        </>
      )}
      {data.railways && data.railways.length > 0 && (
        <>
          <h2>沿線から探す</h2>
          {data.railways.map((r) => (
            <div key={r.code} className="s-line">
              <h3>{r.name}</h3>
              <ul className="s-links" data-testid="archive-lines">
                {r.lines.map((l) => (
                  <li key={l.code}>
                    <KitLink to={`/archive/line_stations/${pref.path}/${l.code}`}>{l.name}</KitLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </>
      )}
      {data.archiveLineStations && (
        <ul className="s-checks" data-testid="archive-stations">
          {data.archiveLineStations.map((s) => (
            <li key={s.code}>
              <KitLink to={`/archive/station/${pref.path}/${params.lineCode ?? ''}/${s.code}`}>{s.name}</KitLink> <small>({formatNumber(s.count)})</small>
            </li>
          ))}
        </ul>
      )}
      {list && (
        <>
          <p>掲載終了物件 {formatNumber(list.bukkenTotal.count)}件</p>
          {list.bukkenList.includes(null) && <ListingsUnavailable />}
          <table className="s-table">
            <thead>
              <tr>
                <th>物件名</th>
                <th>賃料</th>
                <th>間取り</th>
                <th>面積</th>
                <th>所在地</th>
              </tr>
            </thead>
            <tbody>
              {list.bukkenList.map(
                (b) =>
                  b && (
                    <tr key={b.globalKey}>
                      <td>
                        <KitLink to={`/bukken/archive_detail/${b.globalKey}`}>{b.name}</KitLink>
                      </td>
                      <td>{formatRent(b.chinryou)}</td>
                      <td>{b.plan}</td>
                      <td>{formatArea(b.area)}</td>
                      <td>{b.address}</td>
                    </tr>
                  ),
              )}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
