import { useState } from 'react';
import { useFavorites } from './favorites-provider.js';

export interface FavoriteButtonProps {
  globalKey: string;
  /**
   * What the page's own data says (`Bukken.favorited`), where its query is personal anyway; without it
   * the visitor's favorite keys (the shell's visitor call, kept current by the kit) decide, which keeps
   * public queries free of per-visitor fields.
   */
  favorited?: boolean;
  className?: string;
}

/** Adds or removes a favorite through the kit (one dialog, toast and badge site-wide); every remote uses this one. */
export function FavoriteButton({ globalKey, favorited, className }: FavoriteButtonProps) {
  const favorites = useFavorites();
  const on = (favorited ?? false) || favorites.isFavorite(globalKey);
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
