import { hasRedisServer, throwawayRedisCluster, type ThrowawayRedisCluster } from '../testing-redis.js';
import { followLatest, publishLatest, type LatestValueNames } from './redis-channel.js';

/** Each Redis the channel runs on: the shared server (REDIS_URL), and a 3-node cluster of the test's own (issue 18). */
const backends: [string, () => Promise<{ url: string; stop?: () => Promise<void> }>][] = [];
if (process.env.REDIS_URL) backends.push(['redis', async () => ({ url: process.env.REDIS_URL as string })]);
if (hasRedisServer())
  backends.push([
    'a 3-node redis cluster',
    async () => {
      const cluster: ThrowawayRedisCluster = await throwawayRedisCluster(3);
      return { url: cluster.url, stop: cluster.stop };
    },
  ]);

const log = { warn: () => undefined };
const until = async (cond: () => boolean, ms = 5000) => {
  const deadline = Date.now() + ms;
  while (!cond() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  return cond();
};

// Without any Redis here the suite is listed as skipped (jest refuses an empty table).
const table: typeof backends = backends.length ? backends : [['no redis', async () => ({ url: '' })]];
(backends.length ? describe.each(table) : describe.skip.each(table))('the published-value channel on %s', (_name, open) => {
  let url: string;
  let stop: (() => Promise<void>) | undefined;
  const names: LatestValueNames = { key: `test:channel:${process.pid}:${Date.now()}`, channel: `test:channel:${process.pid}:${Date.now()}:published` };
  beforeAll(async () => {
    ({ url, stop } = await open());
  }, 60_000);
  afterAll(async () => {
    await stop?.();
  });

  it('announces a value to every follower, and a follower joining later starts from the latest', async () => {
    const first: string[] = [];
    const follower = followLatest(url, names, (v) => first.push(v), log);
    try {
      // Published until the subscription is up (PUBLISH answers how many subscribers heard it).
      let listeners = 0;
      for (let i = 0; i < 50 && listeners === 0; i++) {
        listeners = await publishLatest(url, names, 'v1');
        if (!listeners) await new Promise((r) => setTimeout(r, 100));
      }
      expect(await until(() => first.includes('v1'))).toBe(true);
      await publishLatest(url, names, 'v2');
      expect(await until(() => first.at(-1) === 'v2')).toBe(true);

      const late: string[] = [];
      const latecomer = followLatest(url, names, (v) => late.push(v), log);
      try {
        expect(await until(() => late.includes('v2'))).toBe(true);
        expect(late).not.toContain('v1');
      } finally {
        await latecomer.close();
      }
    } finally {
      await follower.close();
    }
  }, 30_000);
});
