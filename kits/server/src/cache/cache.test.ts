import { hasRedisServer, throwawayRedisCluster, type ThrowawayRedisCluster } from '../testing-redis.js';
import { serviceRegistry } from '../observability/metrics.js';
import { MemoryCache, openCache, type Cache } from './cache.js';

/**
 * Each backend: how to open it, and what to stop after (a cluster started for the test). Commands wait up to
 * 5 s here: these tests are about what the cache answers, and a loaded CI machine made the 200 ms default
 * look like an outage (a cluster `get` right after its `set` answered as a miss). Timeouts and the breaker
 * have their own tests.
 */
const timeoutMs = 5_000;
const backends: [string, () => Promise<{ cache: Cache; stop?: () => Promise<void> }>][] = [['memory', async () => ({ cache: new MemoryCache() })]];
if (process.env.REDIS_URL) backends.push(['redis', async () => ({ cache: await openCache({ prefix: `test:${process.pid}:${Date.now()}:`, timeoutMs }) })]);
// Issue 18: a 3-node Redis Cluster on ports of its own; REDIS_URL names its nodes, comma-separated.
if (hasRedisServer())
  backends.push([
    'a 3-node redis cluster',
    async () => {
      const cluster: ThrowawayRedisCluster = await throwawayRedisCluster(3);
      return { cache: await openCache({ url: cluster.url, prefix: 'test:', timeoutMs }), stop: cluster.stop };
    },
  ]);

describe.each(backends)('cache on %s', (_name, open) => {
  let cache: Cache;
  let stop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ cache, stop } = await open());
  });
  afterAll(async () => {
    await cache.close();
    await stop?.();
  });

  it('gets, sets, deletes', async () => {
    expect(await cache.get('a')).toBeNull();
    await cache.set('a', '1');
    expect(await cache.get('a')).toBe('1');
    expect(await cache.del('a', 'missing')).toBe(1);
    expect(await cache.get('a')).toBeNull();
  });

  it('gets and sets several keys at once (keys of different slots on a cluster), with a TTL', async () => {
    const keys = Array.from({ length: 12 }, (_, i) => `many:${i}`);
    expect(await cache.getMany(keys)).toEqual(keys.map(() => null));
    await cache.setMany(
      keys.filter((_, i) => i % 2 === 0).map((k) => [k, `v-${k}`] as const),
      1,
    );
    expect(await cache.getMany(keys)).toEqual(keys.map((k, i) => (i % 2 === 0 ? `v-${k}` : null)));
    expect(await cache.getMany([])).toEqual([]);
    await cache.setMany([]);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await cache.getMany(keys)).toEqual(keys.map(() => null));
  });

  it('expires entries after their TTL', async () => {
    await cache.set('ttl', 'x', 1);
    expect(await cache.get('ttl')).toBe('x');
    await new Promise((r) => setTimeout(r, 1100));
    expect(await cache.get('ttl')).toBeNull();
  });

  it('counts atomically under concurrency and keeps the first TTL', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, () => cache.incrBy('n', 1, 60)));
    expect(new Set(results).size).toBe(50);
    expect(Math.max(...results)).toBe(50);
  });

  it('sets only when absent', async () => {
    expect(await cache.setIfAbsent('lock', 'a', 10)).toBe(true);
    expect(await cache.setIfAbsent('lock', 'b', 10)).toBe(false);
    expect(await cache.get('lock')).toBe('a');
    expect(await cache.ping()).toBe(true);
  });

  it('deletes keys that live in different slots of a cluster in one call', async () => {
    const keys = Array.from({ length: 20 }, (_, i) => `spread:${i}`);
    for (const k of keys) await cache.set(k, 'v', 60);
    expect(await cache.del(...keys, 'spread:missing')).toBe(20);
    expect(await Promise.all(keys.map((k) => cache.get(k)))).toEqual(keys.map(() => null));
    expect(cache.state()).not.toBe('degraded');
  });
});

describe.each([['memory', null], ...(process.env.REDIS_URL ? [['redis', undefined] as const] : [])] as const)(
  "counts a %s cache's hits and misses on the service's registry",
  (_name, url) => {
    it('by cache name and service', async () => {
      const registry = serviceRegistry('svc');
      const cache = await openCache({ url, prefix: `metrics:${process.pid}:${Date.now()}:`, name: 'results', registry });
      const count = async (name: string) => (await registry.getSingleMetric(name)!.get()).values.find((v) => v.labels.cache === 'results')?.value;
      try {
        expect(await count('cache_hits_total')).toBe(0);
        expect(await cache.get('k')).toBeNull();
        await cache.set('k', 'v', 60);
        expect(await cache.get('k')).toBe('v');
        expect(await cache.get('k')).toBe('v');
        expect(await count('cache_misses_total')).toBe(1);
        expect(await count('cache_hits_total')).toBe(2);
        expect(await registry.metrics()).toMatch(/^cache_hits_total\{cache="results",service="svc"\} 2$/m);
      } finally {
        await cache.close();
      }
    });
  },
);
