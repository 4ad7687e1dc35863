import { useState } from 'react';
import { useFavorites } from '@sumika/shell-kit';

/** Adds or removes a favorite through the kit (one dialog, toast and badge site-wide). */
export function FavoriteButton({ globalKey, favorited }: { globalKey: string; favorited: boolean }) {
  const favorites = useFavorites();
  // The kit marks cached listings on add/delete, so `favorited` follows; its key set covers other remotes' changes.
  const on = favorited || favorites.isFavorite(globalKey);
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="s-fav"
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
