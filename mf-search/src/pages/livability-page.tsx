import { useQuery } from '@apollo/client/react';
import { ErrorBox, formatNumber, KitLink } from '@sumika/shell-kit';
import type { RemotePageProps } from '@sumika/shell-kit';
import { searchUrlOf } from '@sumika/spec';
import type { LivabilityFieldsFragment } from '../__generated__/operations.js';
import { cityLivabilityPath, cityReviewsPath, SEARCH_LIVABILITY, stationRentPricePath } from '../features/misc/index.js';
import { formatRent } from '../ui/format.js';
import { SearchStyles } from '../ui/styles.js';

/** The figures of a city or of the listings near a station: the counts, rent by plan, popular conditions. */
function LivabilityTable({ heading, data, rentOnly = false }: { heading: string; data: LivabilityFieldsFragment; rentOnly?: boolean }) {
  return (
    <section className="s-section" data-testid="livability">
      <h2>{heading}</h2>
      <p>
        掲載物件 {formatNumber(data.bukkenCount)}件 ／ 駅 {data.stationCount}駅 ／ 駅徒歩の中央値 {data.medianWalkMin ?? '-'}分 ／ 築年の中央値{' '}
        {data.medianBuiltYear ?? '-'}年
      </p>
      <h3>間取り別の家賃相場</h3>
      <table className="s-table">
        <thead>
          <tr>
            <th>間取り</th>
            <th>家賃の中央値</th>
            <th>物件数</th>
          </tr>
        </thead>
        <tbody>
          {data.rentByPlan.map((r) => (
            <tr key={r.plan}>
              <td>{r.plan}</td>
              <td>{formatRent(r.median)}</td>
              <td>{formatNumber(r.count)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {!rentOnly && (
        <>
          <h3>人気の設備・条件</h3>
          <ul className="s-links">
            {data.conditionShares.map((c) => (
              <li key={c.condition.code}>
                {c.condition.name} {Math.round(c.share * 100)}%
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

type Kind = 'index' | 'prefecture' | 'city' | 'reviews' | 'station' | 'rent_price';

/** Which livability page a route is: the path's parameters, and the reviews suffix. */
function kindOf(routePath: string, params: Record<string, string>): Kind {
  if (params.area !== undefined) return 'rent_price';
  if (params.stationCode !== undefined) return 'station';
  if (params.cityCode !== undefined) return routePath.endsWith('/reviews') ? 'reviews' : 'city';
  return params.prefecturePath !== undefined ? 'prefecture' : 'index';
}

/** Each page's own name (h1), title and description. */
function copyOf(kind: Kind, place: string): { pageTitle: string; title: string; description: string } {
  switch (kind) {
    case 'reviews':
      return {
        pageTitle: `${place}の口コミ・評判`,
        title: `${place}の口コミ・評判｜すみか`,
        description: `${place}に住んでいる人・住んでいた人の口コミと評判。街の住み心地を確かめてから部屋探しができます。`,
      };
    case 'station':
      return {
        pageTitle: `${place}駅周辺の住みやすさ`,
        title: `${place}駅周辺の住みやすさ・家賃相場｜すみか`,
        description: `${place}駅周辺の賃貸物件の間取り別の家賃相場や駅徒歩、築年数、設備の傾向をまとめました。`,
      };
    case 'rent_price':
      return {
        pageTitle: `${place}駅周辺の家賃相場`,
        title: `${place}駅周辺の家賃相場（間取り別）｜すみか`,
        description: `${place}駅周辺の賃貸物件の家賃相場を間取り別にまとめました。`,
      };
    default:
      return {
        pageTitle: `${place}の住みやすさ`,
        title: `${place}の住みやすさ・家賃相場｜すみか`,
        description: `${place}の間取り別の家賃相場や、物件の設備の傾向をまとめました。`,
      };
  }
}

/**
 * /livability…: the prefectures, a prefecture's cities, a city's livability and its reviews page,
 * the livability around a station and its rent-price page, each with its own name and copy.
 */
export default function LivabilityPage({ route, params, setMeta, setStatus }: RemotePageProps) {
  const kind = kindOf(route.path, params);
  const { data, error, refetch } = useQuery(SEARCH_LIVABILITY, {
    variables: {
      prefecturePath: params.prefecturePath ?? '',
      cityCode: Number(params.cityCode ?? 0),
      stationCode: Number(params.stationCode ?? 0),
      withPref: !!params.prefecturePath,
      withCity: !!params.cityCode,
      withStation: !!params.stationCode,
    },
  });
  // stationLivability is null for a station that does not exist.
  if (data && !error && ((params.prefecturePath && !data.prefecture) || (params.cityCode && !data.city) || (params.stationCode && !data.stationLivability))) {
    setStatus(404);
    return null;
  }
  const place = data?.stationLivability?.name ?? data?.city?.name ?? data?.prefecture?.name ?? '全国';
  const copy = copyOf(kind, place);
  const prefPath = data?.prefecture?.path ?? params.prefecturePath;
  const cityPath = prefPath && data?.city ? cityLivabilityPath(prefPath, data.city.code) : undefined;
  setMeta({
    ...copy,
    breadcrumbs: [
      { text: '賃貸トップ', path: '/' },
      { text: '住みやすさ', ...(kind !== 'index' ? { path: '/livability' } : {}) },
      ...(kind === 'reviews' ? [{ text: place, ...(cityPath ? { path: cityPath } : {}) }, { text: '口コミ・評判' }] : []),
      ...(kind !== 'index' && kind !== 'reviews' ? [{ text: kind === 'station' || kind === 'rent_price' ? `${place}駅` : place }] : []),
    ],
  });
  // What the page is for came back null with an error (search down): the error box, never an empty page.
  if (
    error &&
    (!data ||
      (!!params.prefecturePath && !data.prefecture) ||
      (!!params.cityCode && !data.city?.livability) ||
      (!!params.stationCode && !data.stationLivability))
  )
    return <ErrorBox message="情報を読み込めませんでした。" onRetry={() => void refetch()} />;
  if (!data) return <SearchStyles />;
  const city = data.city;
  return (
    <div>
      <SearchStyles />
      {kind === 'city' && city?.livability && (
        <>
          <LivabilityTable heading={`${city.name}の住みやすさ`} data={city.livability} />
          <section className="s-section">
            <ul className="s-links">
              {city.livability.bukkenCount > 0 && prefPath && (
                <li>
                  <KitLink to={searchUrlOf({ prefecturePath: prefPath, cityCodes: [city.code] })}>{city.name}の賃貸物件を探す</KitLink>
                </li>
              )}
              {prefPath && (
                <li>
                  <KitLink to={cityReviewsPath(prefPath, city.code)}>{city.name}の口コミ・評判</KitLink>
                </li>
              )}
            </ul>
          </section>
        </>
      )}
      {kind === 'reviews' && city && (
        <section className="s-section" data-testid="livability-reviews">
          <h2>{city.name}に住む人の口コミ</h2>
          <p>{city.name}の口コミはまだ投稿されていません。</p>
          <ul className="s-links">
            {cityPath && (
              <li>
                <KitLink to={cityPath}>{city.name}の住みやすさ・家賃相場を見る</KitLink>
              </li>
            )}
            {prefPath && (
              <li>
                <KitLink to={searchUrlOf({ prefecturePath: prefPath, cityCodes: [city.code] })}>{city.name}の賃貸物件を探す</KitLink>
              </li>
            )}
          </ul>
        </section>
      )}
      {(kind === 'station' || kind === 'rent_price') && data.stationLivability && (
        <>
          <LivabilityTable
            heading={kind === 'station' ? `${place}駅周辺の住みやすさ` : `${place}駅周辺の家賃相場`}
            data={data.stationLivability}
            rentOnly={kind === 'rent_price'}
          />
          {kind === 'station' && params.prefecturePath && (
            <section className="s-section">
              <KitLink to={stationRentPricePath(params.prefecturePath, Number(params.stationCode))}>{place}駅周辺の家賃相場（間取り別）</KitLink>
            </section>
          )}
        </>
      )}
      {kind === 'prefecture' && data.prefecture && (
        <section className="s-section">
          <h2>{data.prefecture.name}の市区町村</h2>
          <ul className="s-checks">
            {data.prefecture.cities.map((c) => (
              <li key={c.code}>
                <KitLink to={cityLivabilityPath(data.prefecture!.path, c.code)}>{c.name}</KitLink>
              </li>
            ))}
          </ul>
        </section>
      )}
      {kind === 'index' && (
        <section className="s-section">
          <h2>都道府県を選ぶ</h2>
          <ul className="s-links">
            {data.prefectures.map((p) => (
              <li key={p.code}>
                <KitLink to={`/livability/${p.path}`}>{p.name}</KitLink>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
