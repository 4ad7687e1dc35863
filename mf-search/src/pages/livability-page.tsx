import { useQuery } from '@apollo/client/react';
import { ErrorBox, formatNumber, KitLink } from '@sumika/shell-kit';
import type { RemotePageProps } from '@sumika/shell-kit';
import type { LivabilityFieldsFragment } from '../__generated__/operations.js';
import { SEARCH_LIVABILITY } from '../features/misc/index.js';
import { formatRent } from '../ui/format.js';
import { SearchStyles } from '../ui/styles.js';

function LivabilityTable({ name, data }: { name: string; data: LivabilityFieldsFragment }) {
  return (
    <section className="s-section" data-testid="livability">
      <h2>{name}の住みやすさ</h2>
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
      <h3>人気の設備・条件</h3>
      <ul className="s-links">
        {data.conditionShares.map((c) => (
          <li key={c.condition.code}>
            {c.condition.name} {Math.round(c.share * 100)}%
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /livability…: rent by plan and what listings offer, per city or station. */
export default function LivabilityPage({ params, setMeta, setStatus }: RemotePageProps) {
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
  const place = data?.city?.name ?? data?.prefecture?.name ?? '全国';
  setMeta({
    title: `${place}の住みやすさ・家賃相場｜すみか`,
    description: `${place}の間取り別の家賃相場や、物件の設備の傾向をまとめました。`,
    pageTitle: `${place}の住みやすさ`,
    breadcrumbs: [
      { text: '賃貸トップ', path: '/' },
      { text: '住みやすさ', ...(params.prefecturePath ? { path: '/livability' } : {}) },
      ...(params.prefecturePath ? [{ text: place }] : []),
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
  return (
    <div>
      <SearchStyles />
      {data.city?.livability && <LivabilityTable name={data.city.name} data={data.city.livability} />}
      {data.stationLivability && <LivabilityTable name="駅周辺" data={data.stationLivability} />}
      {data.prefecture && !data.city && (
        <section className="s-section">
          <h2>{data.prefecture.name}の市区町村</h2>
          <ul className="s-checks">
            {data.prefecture.cities.map((c) => (
              <li key={c.code}>
                <KitLink to={`/livability/${data.prefecture?.path}/city/${c.code}`}>{c.name}</KitLink>
              </li>
            ))}
          </ul>
        </section>
      )}
      {!params.prefecturePath && (
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
