import { createClient } from 'redis';

/** A node-redis client for the rate limits; commands fail fast while disconnected, so the in-memory insurance takes over. */
export async function connectRedis(url: string) {
  const client = createClient({ url, disableOfflineQueue: true });
  client.on('error', () => {
    // node-redis reconnects by itself; the limiter falls back to memory meanwhile.
  });
  await client.connect();
  return client;
}

export type RedisClient = Awaited<ReturnType<typeof connectRedis>>;
