import type { KeyValueCache, KeyValueCacheSetOptions } from '@apollo/utils.keyvaluecache';
import type { Cache } from '@sumika/server-kit';

/** Apollo's KeyValueCache over our Cache (Redis or in-process): APQ hashes and documents live here. */
export class CacheAdapter implements KeyValueCache<string> {
  constructor(
    private readonly cache: Cache,
    private readonly prefix: string,
  ) {}

  async get(key: string): Promise<string | undefined> {
    return (await this.cache.get(this.prefix + key)) ?? undefined;
  }

  async set(key: string, value: string, options?: KeyValueCacheSetOptions): Promise<void> {
    await this.cache.set(this.prefix + key, value, options?.ttl ?? undefined);
  }

  async delete(key: string): Promise<boolean> {
    return (await this.cache.del(this.prefix + key)) > 0;
  }
}
