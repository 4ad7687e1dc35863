import { FavoriteButton, KitLink } from '@sumika/shell-kit';
import type { ReactNode } from 'react';
import type { DetailBuildingQuery } from '../../../__generated__/operations.js';
import { formatArea, formatRent } from '../../../ui/format.js';
import './building.css';

type Building = DetailBuildingQuery['building'];

/** Notice in place of the stores when the company subgraph could not give one. */
export const COMPANIES_UNAVAILABLE = '取扱店舗の情報を一部表示できません。しばらくしてから再度お試しください。';

/** '8.5万円' or '8.5万円〜9.2万円'. */
function range(min: number, max: number, format: (n: number) => string): string {
  return min === max ? format(min) : `${format(min)}〜${format(max)}`;
}

/** '3階 301号室' (a house has no room number). */
function roomLabel(r: { floor: number; roomNum?: string | null }): string {
  return `${r.floor}階${r.roomNum ? ` ${r.roomNum}号室` : ''}`;
}

/** A table that scrolls sideways inside its own focusable box when the screen is narrower than it. */
function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    // A scrollable region must be reachable by keyboard (axe scrollable-region-focusable).
    <div className="b-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

/** The exterior in a box of fixed proportions (the generated picture is 480×360). */
export function BuildingExterior({ url, name }: { url: string | null | undefined; name: string }) {
  if (!url) return null;
  return <img className="b-exterior" src={url} alt={`${name}の外観`} width={480} height={360} fetchPriority="high" data-testid="building-exterior" />;
}

/** One row per plan: how many rooms, their rent and area ranges, and each room with its favorite button. */
export function VacancyTable({ plans }: { plans: Building['vacancyPlans'] }) {
  if (plans.length === 0) return <p className="d-muted">現在募集中の部屋はありません。</p>;
  return (
    <ScrollBox label="間取り別の空室">
      <table className="b-table" data-testid="vacancy-table">
        <thead>
          <tr>
            <th scope="col">間取り</th>
            <th scope="col">空室数</th>
            <th scope="col">賃料</th>
            <th scope="col">専有面積</th>
            <th scope="col">お部屋</th>
          </tr>
        </thead>
        <tbody>
          {plans.map((p) => (
            <tr key={p.plan}>
              <th scope="row">{p.plan}</th>
              <td className="b-num">{p.count}室</td>
              <td className="b-num">{range(p.chinryouMin, p.chinryouMax, formatRent)}</td>
              <td className="b-num">{range(p.areaMin, p.areaMax, formatArea)}</td>
              <td>
                <ul className="b-rooms">
                  {p.rooms.map((r) => (
                    <li key={r.globalKey}>
                      <KitLink to={`/bukken/detail/${encodeURIComponent(r.globalKey)}`}>
                        {roomLabel(r)} {formatRent(r.chinryou)} {formatArea(r.area)}
                      </KitLink>
                      <FavoriteButton className="d-fav" globalKey={r.globalKey} />
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

/** Rooms no longer offered, marked 募集終了, each linking to its archived listing page. */
export function ArchivedRooms({ rooms }: { rooms: Building['archivedBukkens'] }) {
  return (
    <ScrollBox label="募集終了のお部屋">
      <table className="b-table" data-testid="archived-rooms">
        <thead>
          <tr>
            <th scope="col">お部屋</th>
            <th scope="col">間取り</th>
            <th scope="col">賃料（募集時）</th>
            <th scope="col">専有面積</th>
          </tr>
        </thead>
        <tbody>
          {rooms.map((r) => (
            <tr key={r.globalKey}>
              <td>
                <span className="b-ended">募集終了</span>
                <KitLink to={`/bukken/detail/${encodeURIComponent(r.globalKey)}`}>{roomLabel(r)}</KitLink>
              </td>
              <td>{r.plan}</td>
              <td className="b-num">{formatRent(r.chinryou)}</td>
              <td className="b-num">{formatArea(r.area)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

/** The stores advertising the building's rooms, each linking to its store page; a notice for those that could not be read. */
export function BuildingCompanies({ companies }: { companies: Building['companies'] }) {
  const shown = companies.filter((c) => c !== null);
  return (
    <>
      {shown.length < companies.length && (
        <p className="d-muted" role="status" data-testid="companies-unavailable">
          {COMPANIES_UNAVAILABLE}
        </p>
      )}
      {shown.length > 0 && (
        <ul className="b-companies" data-testid="building-companies">
          {shown.map((c) => (
            <li key={c.id}>
              <KitLink to={`/bukken/company/${encodeURIComponent(c.key)}`}>{c.clientName}</KitLink>
              <p className="d-muted">{c.companyName}</p>
              <p>{c.address}</p>
              <p>
                TEL <span className="d-tel">{c.tel}</span>
                {c.openTime ? `・営業時間 ${c.openTime}` : ''}
                {c.holiday ? `・定休日 ${c.holiday}` : ''}
              </p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
