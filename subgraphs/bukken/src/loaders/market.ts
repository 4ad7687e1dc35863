import DataLoader from 'dataloader';
import type { Cache } from '@sumika/server-kit';
import { MARKET_CACHE_SECONDS, type MarketStats } from '../domain/market.js';
import { marketKeyOf, type Loaders } from '../loaders.js';
import type { MarketKey } from '../repositories/market.js';

// v2: the stats carry their quantiles.
const CACHE_PREFIX = 'market:v2:';

/** One cached market loader per request (keyed by the request's loaders, which live as long). */
const perRequest = new WeakMap<Loaders, DataLoader<string, MarketStats | null>>();

/**
 * Market aggregates through the shared cache (10 minutes): a batch reads every key from the
 * cache at once, then asks the database for the misses in one statement. Empty scopes are
 * cached too (as null), so a quiet station is not re-aggregated on every page view.
 */
export function marketLoader(ctx: { loaders: Loaders; cache: Cache }): DataLoader<string, MarketStats | null> {
  let loader = perRequest.get(ctx.loaders);
  if (!loader) {
    const { loaders, cache } = ctx;
    loader = new DataLoader<string, MarketStats | null>(async (keys) => {
      // A cache outage costs a query, never the field.
      const cached = await cache.getMany(keys.map((k) => CACHE_PREFIX + k)).catch(() => keys.map(() => null));
      const missing = keys.filter((_, i) => cached[i] === null);
      const fetched = await loaders.marketStats.loadMany(missing);
      const fresh = new Map<string, MarketStats | null>();
      missing.forEach((k, i) => {
        const row = fetched[i];
        if (row instanceof Error) throw row;
        fresh.set(k, row ? { median: row.median, count: row.count, quantiles: row.quantiles } : null);
      });
      await cache
        .setMany(
          [...fresh].map(([k, v]) => [CACHE_PREFIX + k, JSON.stringify(v)] as const),
          MARKET_CACHE_SECONDS,
        )
        .catch(() => undefined);
      return keys.map((k, i) => {
        const hit = cached[i];
        return hit != null ? (JSON.parse(hit) as MarketStats | null) : (fresh.get(k) ?? null);
      });
    });
    perRequest.set(ctx.loaders, loader);
  }
  return loader;
}

/** Stats of one (scope, code, plan): null when no active listing is comparable. */
export function loadMarketStats(ctx: { loaders: Loaders; cache: Cache }, key: MarketKey): Promise<MarketStats | null> {
  return marketLoader(ctx).load(marketKeyOf(key));
}
