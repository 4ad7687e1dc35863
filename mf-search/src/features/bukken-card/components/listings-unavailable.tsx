import { SPEC_MESSAGES } from '@sumika/spec';

/** The entries that came back; the notice is shown when any is missing. */
export function presentListings<T>(list: readonly (T | null)[] | null | undefined): { listings: T[]; missing: boolean } {
  const listings = (list ?? []).filter((b): b is T => b !== null);
  return { listings, missing: listings.length < (list?.length ?? 0) };
}

/** What a list of listings shows in place of the entries the bukken subgraph could not give (null ones). */
export function ListingsUnavailable() {
  return (
    <p className="s-muted" role="status" data-testid="listings-unavailable">
      {SPEC_MESSAGES.listingsUnavailable}
    </p>
  );
}
