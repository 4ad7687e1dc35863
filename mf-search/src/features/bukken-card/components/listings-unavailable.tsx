/** What a list of listings shows in place of the entries the bukken subgraph could not give (null ones). */
export const LISTINGS_UNAVAILABLE = '物件情報の一部を表示できません。しばらくしてから再度お試しください。';

/** The entries that came back; the notice is shown when any is missing. */
export function presentListings<T>(list: readonly (T | null)[] | null | undefined): { listings: T[]; missing: boolean } {
  const listings = (list ?? []).filter((b): b is T => b !== null);
  return { listings, missing: listings.length < (list?.length ?? 0) };
}

export function ListingsUnavailable() {
  return (
    <p className="s-muted" role="status" data-testid="listings-unavailable">
      {LISTINGS_UNAVAILABLE}
    </p>
  );
}
