import { SPEC_MESSAGES } from '@sumika/spec';

/** Shown in a user-area list in place of the listings the bukken subgraph could not give (STYLE 15). */
export function ListingsUnavailable() {
  return (
    <p className="u-muted" role="status" data-testid="listings-unavailable">
      {SPEC_MESSAGES.listingsUnavailable}
    </p>
  );
}
