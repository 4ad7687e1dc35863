import { freePort, hasRedisServer, throwawayRedis, throwawayRedisCluster } from './testing-redis.js';

// A stack's services each take a port from freePort: the kernel hands a just-released port out again
// (here every run of 300 calls had a repeat), so two services would share one.
it('never hands out the same free port twice in a process', async () => {
  const ports: number[] = [];
  for (let i = 0; i < 300; i++) ports.push(await freePort());
  expect(new Set(ports).size).toBe(ports.length);
});

// The throwaway servers the chaos and cluster tests start: ours, or a clear failure, never another
// test's server that happened to take the same port (CI once built a cluster on such a server).
(hasRedisServer() ? describe : describe.skip)('throwaway redis servers', () => {
  it('refuses a port another server holds instead of answering with that server', async () => {
    const first = await throwawayRedis();
    await first.start();
    try {
      const second = await throwawayRedis(first.port);
      await expect(second.start()).rejects.toThrow(/did not start/);
      await second.stop();
    } finally {
      await first.stop();
    }
  });

  it('starts a cluster whose every node is a cluster node of its own', async () => {
    const cluster = await throwawayRedisCluster(3);
    try {
      expect(cluster.ports).toHaveLength(3);
      expect(new Set(cluster.ports).size).toBe(3);
    } finally {
      await cluster.stop();
    }
  });
});
