import { parse } from 'graphql';
import type { CacheState } from '../cache/cache.js';
import { buildSubgraphApp } from './app.js';
import { generateSigningKey } from './jwt.js';

const typeDefs = parse(`
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key"])
  type Query { ok: Boolean }
`);

async function appWith(ready: () => Promise<boolean>, cacheState?: () => CacheState) {
  const key = await generateSigningKey();
  return buildSubgraphApp({
    name: 'probe',
    typeDefs,
    resolvers: { Query: { ok: () => true } },
    auth: { jwks: { keys: [key.publicJwk] } },
    context: () => ({}),
    ready,
    ...(cacheState ? { cacheState } : {}),
  });
}

describe('/readyz', () => {
  it('answers 503 within its timeout when the database ping hangs, never hangs itself', async () => {
    const app = await appWith(() => new Promise<boolean>(() => {}));
    const t = Date.now();
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(Date.now() - t).toBeLessThan(1500);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', service: 'probe', database: 'unavailable' });
    await app.close();
  });

  it('stays ready with a degraded cache and says so', async () => {
    let state: CacheState = 'ok';
    const app = await appWith(
      async () => true,
      () => state,
    );
    expect((await app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready', service: 'probe', database: 'ok', cache: 'ok' });
    state = 'degraded';
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', service: 'probe', database: 'ok', cache: 'degraded' });
    await app.close();
  });

  it('is unready when the ping fails', async () => {
    const app = await appWith(async () => {
      throw new Error('connect ECONNREFUSED');
    });
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    await app.close();
  });
});
