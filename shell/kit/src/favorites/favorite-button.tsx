import { useState } from 'react';
import { useFavorites } from './favorites-provider.js';

export interface FavoriteButtonProps {
  globalKey: string;
  /** What the page's own data says (e.g. `Bukken.favorited`); the kit's key set covers changes made elsewhere. */
  favorited: boolean;
  className?: string;
}

/** Adds or removes a favorite through the kit (one dialog, toast and badge site-wide); every remote uses this one. */
export function FavoriteButton({ globalKey, favorited, className }: FavoriteButtonProps) {
  const favorites = useFavorites();
  const on = favorited || favorites.isFavorite(globalKey);
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={className}
      aria-pressed={on}
      disabled={busy}
      data-testid="favorite-button"
      onClick={async () => {
        setBusy(true);
        try {
          await (on ? favorites.remove(globalKey) : favorites.add(globalKey));
        } finally {
          setBusy(false);
        }
      }}
    >
      {on ? '★ お気に入り済み' : '☆ お気に入りに追加'}
    </button>
  );
}
