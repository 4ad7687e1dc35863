import { KitLink } from '@sumika/shell-kit';
import type { SearchTopPageQuery } from '../../../__generated__/operations.js';
import { formatArea, formatRent } from '../../../ui/format.js';

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
            <img src={b.imageGroup.gaikanUrl} alt="" width={240} height={160} loading="lazy" decoding="async" />
            <strong>{b.name}</strong>
          </KitLink>
          <span className="s-new__rent">{formatRent(b.chinryou)}</span> {b.plan} / {formatArea(b.area)}
          <small>{b.address}</small>
        </li>
      ))}
    </ul>
  );
}
