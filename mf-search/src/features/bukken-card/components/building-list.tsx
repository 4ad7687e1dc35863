import { FavoriteButton, KitLink } from '@sumika/shell-kit';
import { Fragment, Suspense, type ReactNode } from 'react';
import { formatAge, formatArea, formatFee, formatMonths, formatRent } from '../../../ui/format.js';
import type { SearchBukkenCardFragment } from '../../../__generated__/operations.js';
import { groupByBuilding } from '../group-by-building.js';
import { marketDelta } from '../market-delta.js';

/** Column headers of a building's room table; on phones each cell shows its header as a label (rows stack). */
const COLUMNS = {
  madori: '間取り図',
  floor: '階',
  rent: '賃料',
  fee: '管理費',
  deposit: '敷金/礼金',
  plan: '間取り',
  area: '面積',
  initialCost: '初期費用',
  market: '相場比',
  actions: 'お気に入り・詳細',
} as const;

const detailHref = (globalKey: string) => `/bukken/detail/${encodeURIComponent(globalKey)}`;

/**
 * A results page as portals list it (issue 16): one block per building (its photo, name, address,
 * stations, age and floors once), then a table of its matching rooms in search order, each with its
 * initial cost and its rent against the market. `stale`: the page before, dimmed while the next loads.
 * `roomNote`: more about a room (e.g. its commute times), shown on a full-width line under its row.
 */
export function BuildingList({
  listings,
  stale = false,
  roomNote,
}: {
  listings: readonly SearchBukkenCardFragment[];
  stale?: boolean;
  roomNote?: (room: SearchBukkenCardFragment) => ReactNode;
}) {
  return (
    <ul className={stale ? 's-cards s-buildings s-cards--stale' : 's-cards s-buildings'}>
      {groupByBuilding(listings).map((group, i) => (
        // A boundary per building: the server's HTML shows at once, and React hydrates each building
        // as a task of its own at idle priority (a press on one hydrates it first) instead of all 30
        // in one long task that blocked a phone's main thread for ~700 ms (issue 15, results TBT).
        <Suspense key={group.key} fallback={null}>
          <BuildingBlock rooms={group.rooms} priority={i === 0} roomNote={roomNote} />
        </Suspense>
      ))}
    </ul>
  );
}

/** `priority`: the page's first building, whose photo is the largest paint: fetched at once (issue 15). */
function BuildingBlock({
  rooms,
  priority,
  roomNote,
}: {
  rooms: readonly SearchBukkenCardFragment[];
  priority: boolean;
  roomNote: ((room: SearchBukkenCardFragment) => ReactNode) | undefined;
}) {
  const first = rooms[0] as SearchBukkenCardFragment;
  return (
    <li className="s-building" data-testid="building-card" data-building-key={first.building.key}>
      <div className="s-building__head">
        <img
          className="s-building__photo"
          src={first.imageGroup.gaikanUrl}
          alt=""
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          width={150}
          height={112}
        />
        <div className="s-building__facts">
          <h3 className="s-building__name">
            <span className="s-card__type">{first.typeName}</span>
            <KitLink to={`/building/${encodeURIComponent(first.building.key)}`}>{first.name}</KitLink>
          </h3>
          <p className="s-building__address">{first.address}</p>
          {first.traffics.length > 0 && (
            <ul className="s-building__traffics">
              {first.traffics.slice(0, 3).map((t) => (
                <li key={t.text}>{t.text}</li>
              ))}
            </ul>
          )}
          <p className="s-building__spec">{`${formatAge(first.builtAge)} ／ ${first.floorBuilding}階建`}</p>
        </div>
      </div>
      <table className="s-rooms">
        <caption className="sk-visually-hidden">{`${first.name}の募集中の部屋（${rooms.length}件）`}</caption>
        <thead>
          <tr>
            {Object.values(COLUMNS).map((label) => (
              <th key={label} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rooms.map((room) => {
            const note = roomNote?.(room);
            return (
              <Fragment key={room.globalKey}>
                <RoomRow room={room} />
                {note != null && note !== false && (
                  <tr className="s-room-note">
                    <td colSpan={Object.keys(COLUMNS).length}>{note}</td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </li>
  );
}

function RoomRow({ room }: { room: SearchBukkenCardFragment }) {
  const href = detailHref(room.globalKey);
  const delta = room.marketRent ? marketDelta(room.marketRent) : null;
  return (
    <tr className="s-room" data-testid="bukken-card" data-global-key={room.globalKey}>
      <td className="s-room__madori" data-label={COLUMNS.madori}>
        <KitLink to={href} tabIndex={-1} aria-hidden="true">
          <img src={room.imageGroup.madoriUrl} alt="" loading="lazy" width={72} height={54} />
        </KitLink>
      </td>
      <th scope="row" className="s-room__floor" data-label={COLUMNS.floor}>
        {`${room.floor}階`}
      </th>
      <td className="s-room__rent" data-label={COLUMNS.rent}>
        <strong>{formatRent(room.chinryou)}</strong>
      </td>
      <td className="s-room__fee" data-label={COLUMNS.fee}>
        {formatFee(room.kanriKyoeki)}
      </td>
      <td data-label={COLUMNS.deposit}>
        {/* Each term stays on one line: 「敷 1ヶ月」 never breaks inside. */}
        <span className="s-card__term">{`敷 ${formatMonths(room.shikikin, room.chinryou)}`}</span>
        {' / '}
        <span className="s-card__term">{`礼 ${formatMonths(room.reikin, room.chinryou)}`}</span>
      </td>
      <td data-label={COLUMNS.plan}>{room.plan}</td>
      <td data-label={COLUMNS.area}>{formatArea(room.area)}</td>
      <td className="s-room__cost" data-label={COLUMNS.initialCost} data-testid="initial-cost">
        {formatRent(room.initialCost.total)}
      </td>
      <td className="s-room__market" data-label={COLUMNS.market} data-testid="market-delta">
        {delta && <span className={`s-market s-market--${delta.tone}`}>{delta.text}</span>}
      </td>
      <td className="s-room__actions">
        <FavoriteButton className="s-fav" globalKey={room.globalKey} />
        <KitLink className="sk-button sk-button--secondary" to={href}>
          詳細を見る
        </KitLink>
      </td>
    </tr>
  );
}
