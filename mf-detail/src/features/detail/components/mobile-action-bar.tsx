import { FavoriteButton, KitLink } from '@sumika/shell-kit';

/** A phone number as a tel: link (digits and a leading +; 03-0000-0000 → tel:0300000000). */
export const telHref = (tel: string): string => `tel:${tel.replace(/[^\d+]/g, '')}`;

/**
 * The phone's sticky bottom bar: favorite, inquiry and, when the store has a number, a call.
 * The page reserves its height (d-page--with-bar) so it never covers the last of the content.
 */
export function MobileActionBar({ globalKey, tel }: { globalKey: string; tel: string | null }) {
  return (
    <nav className="d-actionbar" aria-label="この物件への操作" data-testid="mobile-action-bar">
      <FavoriteButton className="d-fav d-actionbar__fav" globalKey={globalKey} />
      {tel && /\d/.test(tel) && (
        <a className="sk-button d-actionbar__tel" href={telHref(tel)}>
          電話
        </a>
      )}
      <KitLink className="sk-button sk-button--primary d-actionbar__inquiry" to={`/apply/create?keys=${encodeURIComponent(globalKey)}`}>
        お問い合わせ（無料）
      </KitLink>
    </nav>
  );
}
