import { RedisConnection, type RedisResilience } from '@sumika/server-kit';

/**
 * The rate limits' Redis: the kit's connection (timeouts, breaker, reconnects, starts degraded
 * when Redis is down at boot); while it is unavailable the limits fall back to this process.
 */
export function connectRedis(url: string, opts: RedisResilience = {}): Promise<RedisConnection> {
  return RedisConnection.open(url, { name: 'forms', ...opts });
}
