import { BRAND } from '../core/constants.js';
import { KitLink } from '../router/kit-link.js';
import { HouseMark } from './icons.js';

/** The brand logo, linking to the top page. */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <KitLink to="/" className={`sk-logo${compact ? ' sk-logo--compact' : ''}`} aria-label={`${BRAND.name} トップページ`}>
      <HouseMark size={compact ? 26 : 32} />
      <span className="sk-logo__text">
        <span className="sk-logo__name">{BRAND.name}</span>
        {!compact && <span className="sk-logo__tagline">{BRAND.tagline}</span>}
      </span>
    </KitLink>
  );
}
