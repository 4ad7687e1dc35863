import { createHash } from 'node:crypto';
import { notFound } from '@sumika/server-kit';
import type { Context } from '../../context.js';
import type { ListingFilter } from '../../domain/filter.js';
import type { PageRequest } from '../../domain/pagination.js';
import { activeCounts, countListings, listingKeys, newestArrival, newListingKeys, type KeyOrder, WALKABLE_ORDERS } from '../../repositories/listing-search.js';

// A filter's counts and pages of keys: cached per filter, counted once per request.

/**
 * Results are cached for a minute (Redis in production): paging through one search reuses its count,
 * the same search from many visitors runs once, and a minute is well inside how often the index is refreshed.
 */
const RESULT_TTL_SECONDS = 60;

export function filterKey(f: ListingFilter): string {
  return createHash('sha1').update(JSON.stringify(f)).digest('base64url');
}

const cacheKey = (key: string) => `listing-search:v1:${key}`;

/**
 * A cache write the answer does not wait for: it is sent before the answer (so a later read on the
 * same connection finds it), and one that fails costs a later miss, nothing else. Waiting for it put
 * one more round trip to Redis, and one more turn of a busy event loop, into every computed answer.
 */
function writeBehind(write: Promise<void>): void {
  write.catch(() => undefined);
}

/** JSON-cached result of `fn` under `key` (per filter), for RESULT_TTL_SECONDS. */
export async function cached<T>(ctx: Pick<Context, 'cache'>, key: string, fn: () => Promise<T>): Promise<T> {
  const full = cacheKey(key);
  const hit = await ctx.cache.get(full);
  if (hit !== null) return JSON.parse(hit) as T;
  const value = await fn();
  writeBehind(ctx.cache.set(full, JSON.stringify(value), RESULT_TTL_SECONDS));
  return value;
}

/** `cached` for several keys at once: `fn` computes, in one go, the values of those not cached (by index). */
export async function cachedEach<T>(ctx: Pick<Context, 'cache'>, keys: readonly string[], fn: (missing: number[]) => Promise<T[]>): Promise<T[]> {
  const full = keys.map(cacheKey);
  const hits = await ctx.cache.getMany(full);
  const out = hits.map((h) => (h === null ? undefined : (JSON.parse(h) as T)));
  const missing = out.flatMap((v, i) => (v === undefined ? [i] : []));
  if (missing.length) {
    const values = await fn(missing);
    writeBehind(
      ctx.cache.setMany(
        missing.map((i, j) => [full[i]!, JSON.stringify((out[i] = values[j] as T))] as const),
        RESULT_TTL_SECONDS,
      ),
    );
  }
  return out as T[];
}

// One count per filter per request, however many fields need it (the total, the page, the pickups).
const requestCounts = new WeakMap<object, Map<string, Promise<number>>>();

export function cachedCount(ctx: Pick<Context, 'db' | 'cache'>, f: ListingFilter): Promise<number> {
  const key = filterKey(f);
  let counts = requestCounts.get(ctx);
  if (!counts) requestCounts.set(ctx, (counts = new Map()));
  let n = counts.get(key);
  if (!n) counts.set(key, (n = cached(ctx, `count:${key}`, () => countListings(ctx.db, f))));
  return n;
}

/**
 * Keys of matches in an order (a page, or the pickups and recommendations), cached with the filter.
 * The count comes first (computed once per request, shared with the total): a page past the end
 * needs no query, and dense matches are read by walking the order's index (see listingKeys), a few
 * milliseconds where fetching every match would take tens.
 */
export function cachedKeys(ctx: Pick<Context, 'db' | 'cache'>, f: ListingFilter, order: KeyOrder, limit: number, offset = 0): Promise<string[]> {
  return cached(ctx, `keys:${order.column}:${order.direction}:${limit}:${offset}:${filterKey(f)}`, async () => {
    const count = await cachedCount(ctx, f);
    if (offset >= count) return [];
    return listingKeys(ctx.db, f, order, limit, offset, await walkPays(ctx, f, order, offset + limit, count));
  });
}

// Walking an ordered index costs about a third of what fetching a match through a bitmap does.
const WALK_MIN_ROWS = 2_000;
const WALK_MAX_ROWS = 50_000;

/** Whether walking the order's index (rows ≈ needed × base / matches) beats fetching every match. */
async function walkPays(ctx: Pick<Context, 'db'>, f: ListingFilter, order: KeyOrder, needed: number, count: number): Promise<boolean> {
  if (f.archived || !WALKABLE_ORDERS.has(order.column)) return false;
  // A city choice in one prefecture walks that prefecture's index too (see cityClauses).
  const implied = f.city?.prefectureCodes.length === 1 ? f.city.prefectureCodes[0]! : null;
  const prefecture = f.prefectureCode ?? implied;
  if (order.column === 'chinryou' && prefecture === null) return false;
  const active = await activeCountsCached(ctx);
  const base = prefecture !== null ? (active.byPrefecture.get(prefecture) ?? 0) : active.total;
  const rows = (needed * base) / count;
  return rows <= WALK_MAX_ROWS && rows <= Math.max(WALK_MIN_ROWS, 2 * count);
}

const ACTIVE_TTL_MS = 5 * 60_000;
const activeMemo = new WeakMap<Context['db'], { at: number; value: ReturnType<typeof activeCounts> }>();

function activeCountsCached(ctx: Pick<Context, 'db'>): ReturnType<typeof activeCounts> {
  const hit = activeMemo.get(ctx.db);
  if (hit && Date.now() - hit.at <= ACTIVE_TTL_MS) return hit.value;
  const value = activeCounts(ctx.db);
  value.catch(() => activeMemo.delete(ctx.db));
  activeMemo.set(ctx.db, { at: Date.now(), value });
  return value;
}

/** What a SearchResult is resolved from: work starts only when a field asks for it. */
export interface ResultSource {
  page: PageRequest;
  count(): Promise<number>;
  keys(): Promise<string[]>;
}

export function resultSource(ctx: Pick<Context, 'db' | 'cache'>, filter: ListingFilter, sort: KeyOrder, page: PageRequest): ResultSource {
  return {
    page,
    count: () => cachedCount(ctx, filter),
    keys: () => cachedKeys(ctx, filter, sort, page.perPage, page.offset),
  };
}

/**
 * The source, once its page is known to exist: a page past the last (page 1 always exists, empty or
 * not) is NOT_FOUND, so a pager URL nobody can reach is the 404 page instead of an empty list.
 */
export async function existingPage(source: ResultSource): Promise<ResultSource> {
  if (source.page.page > 1 && source.page.offset >= (await source.count())) throw notFound('指定されたページは存在しません。');
  return source;
}

/** Entity references for the bukken subgraph to resolve. */
export const refs = (keys: string[]) => keys.map((globalKey) => ({ globalKey }));

const DAY_MS = 86_400_000;
const NEW_WITHIN_DAYS = 7;
const NEWEST_TTL_MS = 60_000;
const newest = new WeakMap<Context['db'], { at: number; value: Promise<Date | null> }>();

/** max(arrived_at) of the index, remembered for a minute (it moves only when listings arrive). */
function newestArrivalCached(ctx: Pick<Context, 'db'>): Promise<Date | null> {
  const hit = newest.get(ctx.db);
  if (hit && Date.now() - hit.at <= NEWEST_TTL_MS) return hit.value;
  const value = newestArrival(ctx.db);
  value.catch(() => newest.delete(ctx.db));
  newest.set(ctx.db, { at: Date.now(), value });
  return value;
}

/** Up to `limit` listings that arrived in the week before the newest arrival, cached with the filter. */
export function newKeys(ctx: Pick<Context, 'db' | 'cache'>, filter: ListingFilter, limit: number): Promise<string[]> {
  return cached(ctx, `new:${limit}:${filterKey(filter)}`, async () => {
    const newestAt = await newestArrivalCached(ctx);
    return newestAt ? newListingKeys(ctx.db, filter, new Date(newestAt.getTime() - NEW_WITHIN_DAYS * DAY_MS), limit) : [];
  });
}
