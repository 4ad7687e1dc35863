import { useQuery } from '@apollo/client/react';
import { ErrorBox, formatNumber, KitLink } from '@sumika/shell-kit';
import type { RemotePageProps } from '@sumika/shell-kit';
import { useState } from 'react';
import { ListingsUnavailable } from '../features/bukken-card/index.js';
import { SEARCH_MAP_BUKKENS, SEARCH_MAP_INFO } from '../features/misc/index.js';
import { formatRent } from '../ui/format.js';
import { SearchStyles } from '../ui/styles.js';

// Central Tokyo unless the URL gives a box (?south=&west=&north=&east=).
const DEFAULT_BOX = { south: 35.62, west: 139.62, north: 35.76, east: 139.82 };
const W = 640;
const H = 420;

/** /search/map: listing density per GeoHex cell; a cell lists its listings. */
export default function MapPage({ search, setMeta }: RemotePageProps) {
  setMeta({
    title: '地図から賃貸物件を探す｜すみか',
    description: '地図上の物件数を見ながら、住みたい場所の賃貸物件を探せます。',
    pageTitle: '地図から探す',
    breadcrumbs: [{ text: '賃貸トップ', path: '/' }, { text: '地図から探す' }],
  });
  const q = new URLSearchParams(search);
  const box = { ...DEFAULT_BOX };
  for (const k of ['south', 'west', 'north', 'east'] as const) {
    const v = Number(q.get(k));
    if (q.get(k) && Number.isFinite(v)) box[k] = v;
  }
  const { data, error, refetch } = useQuery(SEARCH_MAP_INFO, { variables: { level: 7, ...box } });
  const [selected, setSelected] = useState<string | undefined>(undefined);
  // The chosen cell's listings: a query that waits for a choice (the host shares no useLazyQuery).
  const cell = useQuery(SEARCH_MAP_BUKKENS, { variables: { geoHex: selected ?? '' }, skip: !selected });
  if (error && !data) return <ErrorBox message="地図情報を読み込めませんでした。" onRetry={() => void refetch()} />;
  const cells = data?.mapInfo ?? [];
  const max = Math.max(1, ...cells.map((c) => c.count));
  const x = (lng: number) => ((lng - box.west) / (box.east - box.west)) * W;
  const y = (lat: number) => ((box.north - lat) / (box.north - box.south)) * H;
  return (
    <div className="s-layout">
      <SearchStyles />
      <section className="s-section s-layout__main">
        <h2>物件の多いエリア</h2>
        <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label="物件数の地図" style={{ background: '#eef5ee', borderRadius: 6 }}>
          {cells.map((c) => (
            <g key={c.geoHex} onClick={() => setSelected(c.geoHex)} style={{ cursor: 'pointer' }}>
              <circle
                cx={x(c.center.lng)}
                cy={y(c.center.lat)}
                r={6 + 14 * Math.sqrt(c.count / max)}
                fill={c.geoHex === selected ? '#e8590c' : '#2b9348'}
                opacity={0.75}
              />
              <text x={x(c.center.lng)} y={y(c.center.lat) + 4} textAnchor="middle" fontSize="10" fill="#fff">
                {c.count}
              </text>
            </g>
          ))}
        </svg>
        <p className="s-muted">円をクリックすると、そのエリアの物件を表示します。</p>
      </section>
      <aside className="s-section s-layout__side">
        <h2>エリアの物件</h2>
        {!selected && <p className="s-muted">地図の円を選んでください。</p>}
        {cell.data?.mapBukkens.includes(null) && <ListingsUnavailable />}
        <ul className="s-links" style={{ flexDirection: 'column' }}>
          {(cell.data?.mapBukkens ?? []).map(
            (b) =>
              b && (
                <li key={b.globalKey}>
                  <KitLink to={`/bukken/detail/${b.globalKey}`}>{b.name}</KitLink>
                  <div className="s-muted">
                    {formatRent(b.chinryou)} ／ {b.plan} ／ {formatNumber(b.area)}m²
                  </div>
                </li>
              ),
          )}
        </ul>
      </aside>
    </div>
  );
}
