import { MemoryCache, openCache, type Cache } from './cache.js';

const backends: [string, () => Promise<Cache>][] = [['memory', async () => new MemoryCache()]];
if (process.env.REDIS_URL) backends.push(['redis', () => openCache({ prefix: `test:${process.pid}:${Date.now()}:` })]);

describe.each(backends)('cache on %s', (_name, open) => {
  let cache: Cache;
  beforeAll(async () => {
    cache = await open();
  });
  afterAll(async () => {
    await cache.close();
  });

  it('gets, sets, deletes', async () => {
    expect(await cache.get('a')).toBeNull();
    await cache.set('a', '1');
    expect(await cache.get('a')).toBe('1');
    expect(await cache.del('a', 'missing')).toBe(1);
    expect(await cache.get('a')).toBeNull();
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
});
