import { useQuery } from '@apollo/client/react';
import { ErrorBox, formatNumber, KitLink } from '@sumika/shell-kit';
import type { RemotePageProps } from '@sumika/shell-kit';
import { SEARCH_PARAM, searchQueryEntries, searchUrlOf } from '@sumika/spec';
import { RentMarketTable, SEARCH_AREA_LISTS, SEARCH_RENT_MARKET } from '../features/areas/index.js';
import { cityLivabilityPath } from '../features/misc/index.js';
import { useSearchFormSubmit } from '../features/results/index.js';
import { SearchStyles } from '../ui/styles.js';

type Mode = 'cities' | 'lines' | 'stations' | 'pref_stations' | 'towns' | 'cities_lines' | 'rent_market';

/** Places to tick, each with its count; one without listings cannot be ticked. */
function PlaceChecks({ name, places, testId }: { name: string; places: readonly { code: number; name: string; bukkenCount: number }[]; testId?: string }) {
  return (
    <ul className="s-checks" data-testid={testId}>
      {places.map((p) => (
        <li key={p.code}>
          <label>
            <input type="checkbox" name={name} value={p.code} disabled={p.bukkenCount === 0} /> {p.name} <small>({formatNumber(p.bukkenCount)})</small>
          </label>
        </li>
      ))}
    </ul>
  );
}

function modeOf(routeId: string): Mode {
  const base = routeId.split('#')[0] ?? '';
  if (base === 'search.cities') return 'cities';
  if (base === 'search.lines') return 'lines';
  if (base === 'search.stations') return 'pref_stations';
  if (base === 'search.line_stations') return 'stations';
  if (base === 'search.cities_lines_chinryou_souba') return 'rent_market';
  if (base === 'search.towns') return 'towns';
  return 'cities_lines';
}

/** The route's path with its parameters filled in: the picker's canonical URL. */
function pathOf(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/**
 * The pickers of /search/cities, /search/lines, /search/line_stations, /search/stations (every line's
 * stations), towns, cities_lines and the rent market (cities_lines_chinryou_souba). Under a topic
 * (/topic/{special}) every count is of the listings matching the special.
 */
export default function AreaSelectPage({ route, params, setMeta, setStatus }: RemotePageProps) {
  const mode = modeOf(route.id);
  const path = params.prefecturePath ?? 'tokyo';
  const lineCode = Number(params.lineCode ?? 0);
  const cityCode = Number(params.cityCode ?? 0);
  const special = params.specialName;
  const submitSearch = useSearchFormSubmit();
  const { data, error, refetch } = useQuery(SEARCH_AREA_LISTS, {
    variables: {
      path,
      lineCode,
      withStations: mode === 'stations',
      cityCode,
      withTowns: mode === 'towns',
      specialName: special ?? '',
      withSpecial: !!special,
      withBuildingTypes: !!params.buildingType,
      countSpecial: special ?? null,
      withLineStations: mode === 'pref_stations',
    },
  });
  const market = useQuery(SEARCH_RENT_MARKET, { variables: { path }, skip: mode !== 'rent_market' });
  const pref = data?.prefecture;
  // Any part of the path that names nothing (or a line or city of another prefecture) is the 404 page.
  const unknown =
    !pref ||
    (mode === 'stations' && (!data.line || data.line.stations.length === 0)) ||
    (mode === 'towns' && (!data.city || data.city.prefecture.code !== pref.code)) ||
    (!!special && !data.specialInfo) ||
    (!!params.buildingType && !data.searchMaster?.buildingTypes.some((t) => t.key === params.buildingType));
  if (data && !error && unknown) {
    setStatus(404);
    return null;
  }
  const what =
    mode === 'cities'
      ? '市区町村'
      : mode === 'lines'
        ? '沿線'
        : mode === 'stations'
          ? `${data?.line?.name ?? ''}の駅`
          : mode === 'pref_stations'
            ? '駅'
            : mode === 'towns'
              ? `${data?.city?.name ?? ''}の町名`
              : mode === 'rent_market'
                ? '家賃相場'
                : '市区町村・沿線';
  if (pref) {
    setMeta({
      title:
        mode === 'rent_market' ? `${pref.name}の家賃相場（市区町村・沿線別）から賃貸物件を探す｜すみか` : `${pref.name}の${what}から賃貸物件を探す｜すみか`,
      description:
        mode === 'rent_market'
          ? `${pref.name}の市区町村・沿線ごとの間取り別の家賃相場から賃貸物件を探せます。`
          : `${pref.name}の${what}を選んで賃貸物件を探せます。`,
      pageTitle: `${pref.name}の${what}から探す`,
      canonical: pathOf(route.path, params),
      breadcrumbs: [{ text: '賃貸トップ', path: '/' }, { text: `${pref.name}の賃貸`, path: `/${pref.path}` }, { text: `${what}から探す` }],
    });
  }
  // The list this mode is for came back null with an error: search is down, not the place unknown.
  const mainMissing = !data || !pref || (mode === 'stations' && !data.line) || (mode === 'towns' && !data.city);
  if (error && mainMissing) return <ErrorBox message="情報を読み込めませんでした。" onRetry={() => void refetch()} />;
  if (!data || !pref) return <SearchStyles />;
  // What the picker's path says besides the place ticked: its prefecture, topic and building type,
  // sent with the ticked codes and read by the URL codec (several cities, towns, lines or stations).
  const kept = (extra: { cityCodes?: number[] } = {}) =>
    searchQueryEntries({
      prefecturePath: pref.path,
      ...extra,
      ...(special ? { specialName: special } : {}),
      ...(params.buildingType ? { searchCondition: { buildingTypes: [params.buildingType] } } : {}),
    }).map(([k, v]) => <input key={`${k}-${v}`} type="hidden" name={k} value={v} />);
  const hidden = kept();
  // The station picker's stations, grouped under their lines (prefectureStations is one flat list).
  const stationsByLine = new Map<number, NonNullable<typeof data.prefectureStations>>();
  for (const st of data.prefectureStations ?? []) stationsByLine.set(st.lineCode, [...(stationsByLine.get(st.lineCode) ?? []), st]);
  const submit = (
    <button type="submit" className="sk-button sk-button--primary">
      この条件で検索する
    </button>
  );
  return (
    <div data-testid="area-select">
      <SearchStyles />
      {(mode === 'cities' || mode === 'cities_lines') && (
        <form className="s-section" action="/search/results" method="get" onSubmit={submitSearch}>
          <h2>市区町村を選ぶ</h2>
          {hidden}
          <PlaceChecks name={SEARCH_PARAM.city} places={pref.cities} />
          {submit}
        </form>
      )}
      {(mode === 'lines' || mode === 'cities_lines') && (
        <form className="s-section" action="/search/results" method="get" onSubmit={submitSearch} data-testid="line-list">
          <h2>沿線を選ぶ</h2>
          {hidden}
          {data.railways.map((r) => (
            <div key={r.code} className="s-line">
              <h3>{r.name}</h3>
              <ul className="s-links">
                {r.lines.map((l) => (
                  <li key={l.code}>
                    <input type="checkbox" name={SEARCH_PARAM.line} value={l.code} disabled={l.bukkenCount === 0} aria-label={`${l.name}で探す`} />{' '}
                    <KitLink to={`/search/line_stations/${pref.path}/${l.code}${special ? `/topic/${special}` : ''}`}>{l.name}</KitLink>
                    <small>({formatNumber(l.bukkenCount)})</small>
                  </li>
                ))}
              </ul>
            </div>
          ))}
          {submit}
        </form>
      )}
      {mode === 'stations' && data.line && (
        <form className="s-section" action="/search/results" method="get" onSubmit={submitSearch}>
          <h2>{data.line.name}の駅を選ぶ</h2>
          {hidden}
          <PlaceChecks name={SEARCH_PARAM.station} places={data.line.stations} testId="station-list" />
          {submit}
        </form>
      )}
      {mode === 'pref_stations' && (
        <form className="s-section" action="/search/results" method="get" onSubmit={submitSearch} data-testid="pref-station-list">
          <h2>駅を選ぶ</h2>
          {hidden}
          {data.railways.flatMap((r) =>
            r.lines
              .filter((l) => stationsByLine.has(l.code))
              .map((l) => (
                <fieldset key={l.code} className="s-line">
                  <legend>
                    {l.name} <small>({formatNumber(l.bukkenCount)})</small>
                  </legend>
                  <PlaceChecks name={SEARCH_PARAM.station} places={stationsByLine.get(l.code) ?? []} />
                </fieldset>
              )),
          )}
          {submit}
        </form>
      )}
      {mode === 'rent_market' &&
        (market.data ? (
          <RentMarketTable prefecturePath={pref.path} market={market.data.rentMarket} />
        ) : market.error ? (
          <ErrorBox message="家賃相場を読み込めませんでした。" onRetry={() => void market.refetch()} />
        ) : null)}
      {mode === 'towns' && data.city && (
        <form className="s-section" action="/search/results" method="get" onSubmit={submitSearch}>
          <h2>{data.city.name}の町名を選ぶ</h2>
          {kept({ cityCodes: [data.city.code] })}
          <ul className="s-links" data-testid="town-list">
            {(data.towns ?? []).map((t) => (
              <li key={t.code}>
                <input type="checkbox" name={SEARCH_PARAM.town} value={t.code} disabled={t.bukkenCount === 0} aria-label={`${t.name}で探す`} />{' '}
                <KitLink to={searchUrlOf({ prefecturePath: pref.path, cityCodes: [data.city!.code], townCodes: [t.code] })}>{t.name}</KitLink>
                <small>({formatNumber(t.bukkenCount)})</small>
              </li>
            ))}
          </ul>
          {submit}
          {(data.towns ?? []).some((t) => t.bukkenCount > 0) && (
            <p>
              <KitLink to={cityLivabilityPath(pref.path, data.city.code)}>{data.city.name}の住みやすさ・家賃相場</KitLink>
            </p>
          )}
        </form>
      )}
    </div>
  );
}
