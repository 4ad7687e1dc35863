import type { SearchArgs } from '../domain/search-args.js';

/**
 * Where the alert scan learns about listings. The user subgraph never reads another subgraph's
 * tables: production asks the gateway (gateway/alert-source.ts); tests pass a plain object.
 */
export interface AlertSource {
  /** Current rent (chinryou, yen) per listing key; null when the listing is gone or archived. */
  currentRents(globalKeys: readonly string[]): Promise<Map<string, number | null>>;
  /**
   * Listings matching a saved search that arrived after `since` (and not after `until`, when given:
   * the scan's own time, so an arrival during a scan is counted by exactly one scan): how many, and
   * the newest few keys.
   */
  newListings(args: SearchArgs, since: Date, until?: Date): Promise<{ count: number; globalKeys: string[] }>;
}
