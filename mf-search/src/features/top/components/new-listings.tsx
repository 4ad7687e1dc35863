import { formatManYen, formatNumber, KitLink } from '@sumika/shell-kit';
import type { SearchTopPageQuery } from '../../../__generated__/operations.js';

type Listing = NonNullable<SearchTopPageQuery['newBukkens'][number]>;

/** The newest listings on the top page: photo, name, rent, plan and area, address; each opens its detail page. */
export function NewListings({ listings }: { listings: readonly (Listing | null)[] }) {
  const shown = listings.filter((b): b is Listing => b !== null);
  if (!shown.length) return null;
  return (
    <ul className="s-new" data-testid="new-listings">
      {shown.map((b) => (
        <li key={b.globalKey}>
          <KitLink to={`/bukken/detail/${b.globalKey}`}>
            <img src={b.imageGroup.gaikanUrl} alt="" loading="lazy" />
            <strong>{b.name}</strong>
          </KitLink>
          {/* The kit's formatters (in the first view's scripts already): no formatting module in the top page's chunk. */}
          <span className="s-new__rent">{formatManYen(b.chinryou)}</span> {b.plan} / {formatNumber(b.area)}m²
          <small>{b.address}</small>
        </li>
      ))}
    </ul>
  );
}
