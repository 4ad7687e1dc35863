import { LRUCache } from 'lru-cache';
import { createClient } from 'redis';

/**
 * The one small interface behind which Redis or the in-process stand-in sits.
 * Values are strings; callers serialise. TTLs are in seconds.
 */
export interface Cache {
  readonly kind: 'redis' | 'memory';
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds?: number): Promise<void>;
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

  constructor(max = 50_000) {
    this.lru = new LRUCache<string, string>({ max, ttlAutopurge: false });
  }

  async get(key: string): Promise<string | null> {
    return this.lru.get(key) ?? null;
  }

  async set(key: string, value: string, ttlSeconds?: number): Promise<void> {
    this.lru.set(key, value, ttlSeconds ? { ttl: ttlSeconds * 1000 } : {});
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

function newClient(url: string) {
  return createClient({ url });
}
type RedisClient = ReturnType<typeof newClient>;

export class RedisCache implements Cache {
  readonly kind = 'redis';

  private constructor(
    private readonly client: RedisClient,
    private readonly prefix: string,
  ) {}

  static async connect(url: string, prefix = ''): Promise<RedisCache> {
    const client = newClient(url);
    client.on('error', () => {
      // node-redis reconnects by itself; callers see failures on their own commands.
    });
    await client.connect();
    return new RedisCache(client, prefix);
  }

  private k(key: string): string {
    return this.prefix + key;
  }

  async get(key: string): Promise<string | null> {
    return (await this.client.get(this.k(key))) ?? null;
  }

  async set(key: string, value: string, ttlSeconds?: number): Promise<void> {
    await this.client.set(this.k(key), value, ttlSeconds ? { EX: ttlSeconds } : {});
  }

  async del(...keys: string[]): Promise<number> {
    if (keys.length === 0) return 0;
    return this.client.del(keys.map((k) => this.k(k)));
  }

  async incrBy(key: string, by: number, ttlSeconds?: number): Promise<number> {
    const k = this.k(key);
    if (!ttlSeconds) return this.client.incrBy(k, by);
    // NX: only the command that creates the key sets its expiry (a fixed window).
    const replies = await this.client.multi().incrBy(k, by).expire(k, ttlSeconds, 'NX').exec();
    return Number(replies[0]);
  }

  async setIfAbsent(key: string, value: string, ttlSeconds?: number): Promise<boolean> {
    const r = await this.client.set(this.k(key), value, { NX: true, ...(ttlSeconds ? { EX: ttlSeconds } : {}) });
    return r === 'OK';
  }

  async ping(): Promise<boolean> {
    return (await this.client.ping()) === 'PONG';
  }

  async close(): Promise<void> {
    await this.client.quit();
  }
}

/** Redis when `REDIS_URL` is set, else the in-process stand-in. */
export async function openCache(opts: { url?: string | null; prefix?: string; env?: NodeJS.ProcessEnv } = {}): Promise<Cache> {
  const url = opts.url === null ? undefined : (opts.url ?? (opts.env ?? process.env).REDIS_URL);
  return url ? RedisCache.connect(url, opts.prefix ?? '') : new MemoryCache();
}
