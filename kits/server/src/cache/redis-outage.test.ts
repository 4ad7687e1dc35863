import { createClient } from 'redis';
import { hasRedisServer, throwawayRedis, type ThrowawayRedis } from '../testing-redis.js';
import { openCache, type Cache } from './cache.js';

const TIMEOUT_MS = 200;
// An answer within the command timeout, plus scheduling slack on a loaded 2-core machine (a hang would be minutes).
const BOUND_MS = TIMEOUT_MS + 500;

async function timed<T>(p: Promise<T>): Promise<{ value: T; ms: number }> {
  const t = Date.now();
  const value = await p;
  return { value, ms: Date.now() - t };
}

async function until(check: () => boolean | Promise<boolean>, withinMs: number): Promise<number> {
  const t = Date.now();
  while (Date.now() - t < withinMs) {
    if (await check()) return Date.now() - t;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`condition not met within ${withinMs} ms`);
}

// A failure here is a hang: fail fast rather than at the suite's 120 s default.
const CASE_MS = 15_000;

const logs: { level: string; msg: string }[] = [];
const log = {
  info: (_o: object, msg: string) => void logs.push({ level: 'info', msg }),
  warn: (_o: object, msg: string) => void logs.push({ level: 'warn', msg }),
};

(hasRedisServer() ? describe : describe.skip)('Redis cache when Redis fails (a throwaway redis-server)', () => {
  let redis: ThrowawayRedis;
  let cache: Cache;
  const prefix = `t:${process.pid}:`;

  beforeAll(async () => {
    redis = await throwawayRedis();
  });
  afterAll(async () => {
    await cache?.close();
    await redis.stop();
  }, CASE_MS);

  it(
    'starts degraded when Redis is down at boot: misses, no-op writes, per-process counters, fast ping',
    async () => {
      const opened = await timed(openCache({ url: redis.url, prefix, timeoutMs: TIMEOUT_MS, halfOpenAfterMs: 300, log }));
      cache = opened.value;
      expect(opened.ms).toBeLessThan(BOUND_MS);
      expect(cache.kind).toBe('redis');
      expect(cache.state()).toBe('degraded');
      expect(logs.some((l) => l.level === 'warn')).toBe(true);

      const get = await timed(cache.get('a'));
      expect(get.value).toBeNull();
      expect(get.ms).toBeLessThan(BOUND_MS);
      expect((await timed(cache.set('a', '1', 60))).ms).toBeLessThan(BOUND_MS);
      expect(await cache.del('a')).toBe(0);
      // Rate limits and locks still hold within this process.
      expect([await cache.incrBy('n', 1, 60), await cache.incrBy('n', 1, 60), await cache.incrBy('n', 1, 60)]).toEqual([1, 2, 3]);
      expect(await cache.setIfAbsent('lock', 'x', 60)).toBe(true);
      expect(await cache.setIfAbsent('lock', 'y', 60)).toBe(false);
      const ping = await timed(cache.ping());
      expect(ping.value).toBe(false);
      expect(ping.ms).toBeLessThan(BOUND_MS);
    },
    CASE_MS,
  );

  it(
    'connects by itself once Redis is up, and then uses it',
    async () => {
      await redis.start();
      const ms = await until(async () => cache.state() === 'ok' && (await cache.ping()), 5000);
      await cache.set('a', 'from-cache', 60);
      const raw = createClient({ url: redis.url });
      await raw.connect();
      try {
        expect(await raw.get(`${prefix}a`)).toBe('from-cache');
        await raw.set(`${prefix}b`, 'from-redis');
      } finally {
        await raw.close();
      }
      expect(await cache.get('b')).toBe('from-redis');
      expect(await cache.incrBy('m', 5, 60)).toBe(5);
      console.log(`redis up at boot+: cache ok after ${ms} ms`);
    },
    CASE_MS,
  );

  it(
    'answers within the timeout while Redis hangs (SIGSTOP), opens the breaker, then recovers',
    async () => {
      await cache.set('hung', 'v', 60);
      redis.pause();
      try {
        const samples: number[] = [];
        for (let i = 0; i < 6; i++) {
          const r = await timed(cache.get('hung'));
          expect(r.value).toBeNull();
          samples.push(r.ms);
        }
        expect(Math.max(...samples)).toBeLessThan(BOUND_MS);
        // After consecutive failures the breaker is open: no waiting at all.
        expect(cache.state()).toBe('degraded');
        expect((await timed(cache.get('hung'))).ms).toBeLessThan(100);
        expect(await cache.incrBy('hung-n', 1, 60)).toBe(1);
        // Several keys at once: misses, and writes skipped, as fast.
        const many = await timed(cache.getMany(['hung', 'other']));
        expect(many.value).toEqual([null, null]);
        expect(many.ms).toBeLessThan(100);
        expect((await timed(cache.setMany([['other', 'x']], 60))).ms).toBeLessThan(100);
        console.log(`redis hung: get answered in ${samples.join(', ')} ms, then at once`);
      } finally {
        redis.resume();
      }
      const ms = await until(async () => (await cache.get('hung')) === 'v', 5000);
      expect(cache.state()).toBe('ok');
      console.log(`redis resumed: reads from Redis again after ${ms} ms`);
    },
    CASE_MS,
  );

  it(
    'survives Redis being killed and started again, without a restart',
    async () => {
      await redis.kill();
      const samples: number[] = [];
      for (let i = 0; i < 10; i++) {
        const r = await timed(Promise.all([cache.get('a'), cache.set('c', '1'), cache.del('c')]));
        expect(r.value[0]).toBeNull();
        samples.push(r.ms);
      }
      expect(Math.max(...samples)).toBeLessThan(BOUND_MS);
      expect(cache.state()).toBe('degraded');
      // Counters fall back to this process (Redis had m=5; in memory it starts over).
      expect(await cache.incrBy('m', 1, 60)).toBe(1);
      expect(await cache.ping()).toBe(false);

      await redis.start();
      const ms = await until(async () => cache.state() === 'ok' && (await cache.ping()), 5000);
      await cache.set('after', 'yes', 60);
      expect(await cache.get('after')).toBe('yes');
      expect(logs.filter((l) => l.level === 'info').length).toBeGreaterThan(0);
      console.log(`redis killed: answers in ≤ ${Math.max(...samples)} ms; back ${ms} ms after restart`);
    },
    CASE_MS,
  );

  it(
    'closes without hanging while Redis is down',
    async () => {
      await redis.kill();
      const closing = await timed(cache.close());
      expect(closing.ms).toBeLessThan(1000);
    },
    CASE_MS,
  );
});
