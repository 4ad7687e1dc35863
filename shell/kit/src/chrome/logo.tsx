import { BRAND } from '../core/constants.js';
import { KitLink } from '../router/kit-link.js';
import { HouseMark } from './icons.js';

/**
 * The brand logo, linking to the top page. The tagline sits beside the link, not in it, so the link's
 * accessible name ("すみか トップページ") contains all of its visible text (WCAG 2.5.3 label in name).
 */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <span className={`sk-logo${compact ? ' sk-logo--compact' : ''}`}>
      <KitLink to="/" className="sk-logo__link" aria-label={`${BRAND.name} トップページ`}>
        <HouseMark size={compact ? 26 : 32} />
        <span className="sk-logo__name">{BRAND.name}</span>
      </KitLink>
      {!compact && <span className="sk-logo__tagline">{BRAND.tagline}</span>}
    </span>
  );
}
