import { formatNumber, KitLink } from '@sumika/shell-kit';
import { formatArea, formatRent } from '../../../ui/format.js';

/** At most this many other rooms of the building are listed on a detail page. */
export const OTHER_ROOMS_MAX = 10;

interface StationWalk {
  lineName: string;
  stationName: string;
  walkMin: number;
}

/** Walking minutes to each station: line / station / 徒歩n分. */
export function StationWalks({ traffics }: { traffics: readonly StationWalk[] }) {
  if (traffics.length === 0) return <p className="d-muted">最寄り駅の情報はありません。</p>;
  return (
    <ul className="d-walks" data-testid="station-walks">
      {traffics.map((t) => (
        <li key={`${t.lineName}/${t.stationName}`}>
          {t.lineName} ／ {t.stationName}駅 ／ 徒歩{t.walkMin}分
        </li>
      ))}
    </ul>
  );
}

interface Room {
  globalKey: string;
  floor: number;
  plan: string;
  area: number;
  chinryou: number;
}

/** The building's other active rooms (this one left out), at most OTHER_ROOMS_MAX. */
export function OtherRooms({ rooms, currentKey }: { rooms: readonly Room[]; currentKey: string }) {
  const others = rooms.filter((r) => r.globalKey !== currentKey).slice(0, OTHER_ROOMS_MAX);
  if (others.length === 0) return <p className="d-muted">この建物でほかに募集中のお部屋はありません。</p>;
  return (
    <table className="d-table" data-testid="other-rooms">
      <thead>
        <tr>
          <th scope="col">階</th>
          <th scope="col">間取り</th>
          <th scope="col">専有面積</th>
          <th scope="col">賃料</th>
          <th scope="col">詳細</th>
        </tr>
      </thead>
      <tbody>
        {others.map((r) => (
          <tr key={r.globalKey}>
            <td>{r.floor}階</td>
            <td>{r.plan}</td>
            <td>{formatArea(r.area)}</td>
            <td>{formatRent(r.chinryou)}</td>
            <td>
              {/* The room in the link's name for screen readers, around the visible words (WCAG 2.5.3: the name contains them). */}
              <KitLink to={`/bukken/detail/${r.globalKey}`}>
                <span className="sk-visually-hidden">{`${r.floor}階 ${r.plan} ${formatRent(r.chinryou)}の`}</span>
                詳細を見る
              </KitLink>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** 相場比: '+3,000円（+2.5%）' / '-1,200円（-1.0%）' / '±0円（0.0%）'. */
export function formatMarketDelta(difference: number, differenceRate: number): string {
  const sign = difference > 0 ? '+' : difference < 0 ? '-' : '±';
  const rate = `${differenceRate > 0 ? '+' : differenceRate < 0 ? '-' : ''}${Math.abs(differenceRate * 100).toFixed(1)}%`;
  return `${sign}${formatNumber(Math.abs(difference))}円（${rate}）`;
}

interface Similar {
  globalKey: string;
  name: string;
  chinryou: number;
  plan: string;
  area: number;
  imageGroup: { gaikanUrl: string };
  marketRent?: { difference: number; differenceRate: number } | null;
}

/** Similar listings (same station or city, plan and rent band) with plan, rent and their market delta. */
export function SimilarListings({ items }: { items: readonly Similar[] }) {
  return (
    <ul className="d-recs" data-testid="similar-listings">
      {items.map((r) => (
        <li key={r.globalKey}>
          <KitLink to={`/bukken/detail/${r.globalKey}`}>
            <img src={r.imageGroup.gaikanUrl} alt="" loading="lazy" width={320} height={240} />
            <div>{r.name}</div>
            <strong>{formatRent(r.chinryou)}</strong> {r.plan} / {formatArea(r.area)}
            {r.marketRent && <div className="d-muted">相場比 {formatMarketDelta(r.marketRent.difference, r.marketRent.differenceRate)}</div>}
          </KitLink>
        </li>
      ))}
    </ul>
  );
}
