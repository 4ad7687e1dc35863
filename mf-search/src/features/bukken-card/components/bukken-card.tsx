import { FavoriteButton, formatNumber, KitLink } from '@sumika/shell-kit';
import { formatAge, formatArea, formatMonths, formatRent } from '../../../ui/format.js';
import type { SearchBukkenCardFragment } from '../../../__generated__/operations.js';
import { marketDelta } from '../market-delta.js';

/** `priority`: the page's first card, whose photo is the largest paint: fetched at once, ahead of the rest (issue 15). */
export function BukkenCard({ bukken, priority = false }: { bukken: SearchBukkenCardFragment; priority?: boolean }) {
  const href = `/bukken/detail/${encodeURIComponent(bukken.globalKey)}`;
  const delta = bukken.marketRent ? marketDelta(bukken.marketRent) : null;
  return (
    <li className="s-card" data-testid="bukken-card" data-global-key={bukken.globalKey}>
      <KitLink className="s-card__images" to={href} tabIndex={-1} aria-hidden="true">
        <img
          src={bukken.imageGroup.gaikanUrl}
          alt=""
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          width={150}
          height={112}
        />
        <img src={bukken.imageGroup.madoriUrl} alt="" loading="lazy" width={150} height={112} />
      </KitLink>
      <div className="s-card__body">
        <h3 className="s-card__name">
          <span className="s-card__type">{bukken.typeName}</span>
          <KitLink to={href}>{bukken.name}</KitLink>
        </h3>
        <p className="s-card__rent">
          <strong>{formatRent(bukken.chinryou)}</strong>
          {/* Each term stays on one line: 「敷 1ヶ月」 never breaks inside. */}
          <span className="s-card__term">{`管理費・共益費 ${bukken.kanriKyoeki > 0 ? `${formatNumber(bukken.kanriKyoeki)}円` : '-'}`}</span>
          {' ／ '}
          <span className="s-card__term">{`敷 ${formatMonths(bukken.shikikin, bukken.chinryou)}`}</span>
          {' ／ '}
          <span className="s-card__term">{`礼 ${formatMonths(bukken.reikin, bukken.chinryou)}`}</span>
        </p>
        <p className="s-card__spec">{`${bukken.plan} ／ ${formatArea(bukken.area)} ／ ${bukken.floor}階 ／ ${formatAge(bukken.builtAge)}`}</p>
        <p className="s-card__spec">
          <span className="s-card__term">{`初期費用 ${formatRent(bukken.initialCost.total)}`}</span>
          {delta && (
            <>
              {' '}
              ／ <span className={`s-card__term s-market s-market--${delta.tone}`}>{delta.text}</span>
            </>
          )}
        </p>
        {bukken.traffics.slice(0, 2).map((t) => (
          <p key={t.text} className="s-card__traffic">
            {t.text}
          </p>
        ))}
        <p className="s-card__traffic">{bukken.address}</p>
      </div>
      <div className="s-card__actions">
        <FavoriteButton className="s-fav" globalKey={bukken.globalKey} />
        <KitLink className="sk-button sk-button--secondary" to={href}>
          詳細を見る
        </KitLink>
      </div>
    </li>
  );
}
