import type { ReactNode } from 'react';
import { formatArea, formatRent } from '../../../ui/format.js';
import type { UserStockBukkenFragment } from '../../../__generated__/operations.js';
import { KitLink } from '@sumika/shell-kit';

/** One listing of a user-area list with a selection checkbox. */
export function StockRow({
  bukken,
  checked,
  onCheck,
  note,
  change,
  children,
}: {
  bukken: UserStockBukkenFragment;
  checked: boolean;
  onCheck: (v: boolean) => void;
  note?: ReactNode;
  /** What changed since the last visit (a price drop), under the rent. */
  change?: ReactNode;
  children?: ReactNode;
}) {
  const href = bukken.archived ? `/bukken/archive_detail/${bukken.globalKey}` : `/bukken/detail/${bukken.globalKey}`;
  return (
    <li className="u-row" data-testid="stock-row" data-global-key={bukken.globalKey}>
      <input type="checkbox" checked={checked} onChange={(e) => onCheck(e.target.checked)} aria-label={`${bukken.name}を選択`} />
      <img src={bukken.imageGroup.gaikanUrl} alt="" loading="lazy" />
      <div className="u-row__body">
        <p className="u-row__name">
          <KitLink to={href}>{bukken.name}</KitLink>
          {bukken.archived && <span className="u-row__archived">（掲載終了）</span>}
        </p>
        <p>
          <span className="u-row__rent">{formatRent(bukken.chinryou)}</span>
          {bukken.plan} ／ {formatArea(bukken.area)} ／ {bukken.builtAge <= 0 ? '新築' : `築${bukken.builtAge}年`}
        </p>
        {change}
        <p className="u-row__meta">{bukken.traffics[0]?.text}</p>
        <p className="u-row__meta">
          {bukken.address}
          {note && <> ／ {note}</>}
        </p>
      </div>
      {children}
    </li>
  );
}
