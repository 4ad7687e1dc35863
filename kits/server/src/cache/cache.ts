import { LRUCache } from 'lru-cache';
import type { Registry } from 'prom-client';
import { parseEnv } from '../config.js';
import { REDIS_ENV } from '../env.js';
import { cacheLookups, type CacheLookups } from '../observability/metrics.js';
import { RedisConnection, type RedisResilience } from './redis-connection.js';

/** 'ok': Redis answers; 'degraded': Redis is down or slow and the cache is bypassed; 'memory': no Redis configured. */
export type CacheState = 'ok' | 'degraded' | 'memory';

/**
 * The one small interface behind which Redis or the in-process stand-in sits.
 * Values are strings; callers serialise. TTLs are in seconds.
 */
export interface Cache {
  readonly kind: 'redis' | 'memory';
  /** For readiness: a degraded cache still serves (misses, per-process counters). */
  state(): CacheState;
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds?: number): Promise<void>;
  /** Several gets in one round trip: each value or null, in the keys' order (a degraded cache misses them all). */
  getMany(keys: readonly string[]): Promise<(string | null)[]>;
  /** Several sets in one round trip (skipped while degraded). */
  setMany(entries: readonly (readonly [key: string, value: string])[], ttlSeconds?: number): Promise<void>;
  del(...keys: string[]): Promise<number>;
  /** Atomically adds `by` and returns the new value; the TTL is set when the key is created. */
  incrBy(key: string, by: number, ttlSeconds?: number): Promise<number>;
  /** Stores only when absent; true when this call stored it (locks, dedupe). */
  setIfAbsent(key: string, value: string, ttlSeconds?: number): Promise<boolean>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export class MemoryCache implements Cache {
  readonly kind = 'memory';
  private readonly lru: LRUCache<string, string>;

  /** `lookups` counts each `get`'s hit or miss (observability/metrics.ts cacheLookups). */
  constructor(
    max = 50_000,
    private readonly lookups?: CacheLookups,
  ) {
    this.lru = new LRUCache<string, string>({ max, ttlAutopurge: false });
  }

  state(): CacheState {
    return 'memory';
  }

  async get(key: string): Promise<string | null> {
    const value = this.lru.get(key) ?? null;
    if (this.lookups) countLookup(this.lookups, value);
    return value;
  }

  async set(key: string, value: string, ttlSeconds?: number): Promise<void> {
    this.lru.set(key, value, ttlSeconds ? { ttl: ttlSeconds * 1000 } : {});
  }

  getMany(keys: readonly string[]): Promise<(string | null)[]> {
    return Promise.all(keys.map((k) => this.get(k)));
  }

  async setMany(entries: readonly (readonly [string, string])[], ttlSeconds?: number): Promise<void> {
    for (const [k, v] of entries) await this.set(k, v, ttlSeconds);
  }

  async del(...keys: string[]): Promise<number> {
    let n = 0;
    for (const k of keys) if (this.lru.delete(k)) n++;
    return n;
  }

  async incrBy(key: string, by: number, ttlSeconds?: number): Promise<number> {
    const current = this.lru.get(key);
    const next = (current ? Number(current) : 0) + by;
    if (current === undefined) this.lru.set(key, String(next), ttlSeconds ? { ttl: ttlSeconds * 1000 } : {});
    else this.lru.set(key, String(next), { noUpdateTTL: true });
    return next;
  }

  async setIfAbsent(key: string, value: string, ttlSeconds?: number): Promise<boolean> {
    if (this.lru.has(key)) return false;
    await this.set(key, value, ttlSeconds);
    return true;
  }

  async ping(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {
    this.lru.clear();
  }
}

/**
 * Redis as an accelerator, never a dependency: every command has a timeout and goes through a
 * breaker (RedisConnection). While Redis is down or slow, reads miss, writes are skipped, and
 * counters and locks (`incrBy`, `setIfAbsent`) fall back to this process, so per-process rate
 * limits still apply. It reconnects by itself.
 */
export class RedisCache implements Cache {
  readonly kind = 'redis';
  private readonly fallback = new MemoryCache(10_000);

  private constructor(
    private readonly conn: RedisConnection,
    private readonly prefix: string,
    private readonly lookups: CacheLookups | undefined,
  ) {}

  /** `lookups` counts each `get`'s hit or miss (a degraded Redis misses). */
  static async connect(url: string, prefix = '', opts: RedisResilience = {}, lookups?: CacheLookups): Promise<RedisCache> {
    return new RedisCache(await RedisConnection.open(url, opts), prefix, lookups);
  }

  private k(key: string): string {
    return this.prefix + key;
  }

  state(): CacheState {
    return this.conn.available() ? 'ok' : 'degraded';
  }

  async get(key: string): Promise<string | null> {
    let value: string | null;
    try {
      value = (await this.conn.run((c) => c.get(this.k(key)))) ?? null;
    } catch {
      value = null;
    }
    if (this.lookups) countLookup(this.lookups, value);
    return value;
  }

  async set(key: string, value: string, ttlSeconds?: number): Promise<void> {
    await this.conn.run((c) => c.set(this.k(key), value, ttlSeconds ? { EX: ttlSeconds } : {})).catch(() => undefined);
  }

  // One call under the timeout and breaker for all the keys (each its own command, pipelined: a
  // cluster routes each to its node, where one MGET over several slots is refused).
  async getMany(keys: readonly string[]): Promise<(string | null)[]> {
    let values: (string | null)[];
    try {
      values = await this.conn.run((c) => Promise.all(keys.map((k) => c.get(this.k(k)))));
    } catch {
      values = keys.map(() => null);
    }
    if (this.lookups) for (const v of values) countLookup(this.lookups, v ?? null);
    return values.map((v) => v ?? null);
  }

  async setMany(entries: readonly (readonly [string, string])[], ttlSeconds?: number): Promise<void> {
    if (entries.length === 0) return;
    await this.conn.run((c) => Promise.all(entries.map(([k, v]) => c.set(this.k(k), v, ttlSeconds ? { EX: ttlSeconds } : {})))).catch(() => undefined);
  }

  async del(...keys: string[]): Promise<number> {
    if (keys.length === 0) return 0;
    // Also in the fallback: a lock taken during an outage is released wherever it lives.
    const local = await this.fallback.del(...keys);
    const prefixed = keys.map((k) => this.k(k));
    // A cluster refuses one DEL over keys in different slots (CROSSSLOT): one per key there.
    const del = this.conn.cluster
      ? this.conn.run((c) => Promise.all(prefixed.map((k) => c.del(k)))).then((counts) => counts.reduce((a, b) => a + b, 0))
      : this.conn.run((c) => c.del(prefixed));
    return del.catch(() => local);
  }

  async incrBy(key: string, by: number, ttlSeconds?: number): Promise<number> {
    if (!this.conn.available()) return this.fallback.incrBy(key, by, ttlSeconds);
    const k = this.k(key);
    try {
      if (!ttlSeconds) return await this.conn.run((c) => c.incrBy(k, by));
      // NX: only the command that creates the key sets its expiry (a fixed window).
      const replies = await this.conn.run((c) => c.multi().incrBy(k, by).expire(k, ttlSeconds, 'NX').exec());
      return Number(replies[0]);
    } catch {
      return this.fallback.incrBy(key, by, ttlSeconds);
    }
  }

  async setIfAbsent(key: string, value: string, ttlSeconds?: number): Promise<boolean> {
    if (!this.conn.available()) return this.fallback.setIfAbsent(key, value, ttlSeconds);
    try {
      const r = await this.conn.run((c) => c.set(this.k(key), value, { NX: true, ...(ttlSeconds ? { EX: ttlSeconds } : {}) }));
      return r === 'OK';
    } catch {
      return this.fallback.setIfAbsent(key, value, ttlSeconds);
    }
  }

  async ping(): Promise<boolean> {
    if (!this.conn.connected()) return false;
    return this.conn
      .run((c) => c.ping())
      .then(
        (r) => r === 'PONG',
        () => false,
      );
  }

  async close(): Promise<void> {
    await this.conn.close();
    await this.fallback.close();
  }
}

const countLookup = (lookups: CacheLookups, value: string | null): void => (value === null ? lookups.miss() : lookups.hit());

export interface OpenCacheOptions extends RedisResilience {
  /** Overrides `REDIS_URL`; `null` forces the in-process cache. */
  url?: string | null;
  prefix?: string;
  /** The service's Prometheus registry: hits and misses counted there (cache_hits_total, cache_misses_total), labelled by the cache's name. */
  registry?: Registry;
}

/**
 * Redis when `REDIS_URL` is set, else the in-process stand-in. Never fails or waits long when
 * Redis is down: the cache starts degraded and connects by itself (logged through `log`).
 */
export async function openCache(opts: OpenCacheOptions = {}): Promise<Cache> {
  const env = opts.env ?? process.env;
  const url = opts.url === null ? undefined : (opts.url ?? parseEnv({ REDIS_URL: REDIS_ENV.REDIS_URL }, env).REDIS_URL);
  const prefix = opts.prefix ?? '';
  const name = opts.name ?? (prefix.replace(/:$/, '') || undefined);
  const lookups = opts.registry ? cacheLookups(opts.registry, name ?? 'cache') : undefined;
  if (!url) return new MemoryCache(undefined, lookups);
  return RedisCache.connect(url, prefix, { ...opts, env, name }, lookups);
}
