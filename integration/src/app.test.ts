import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { openCache, type Cache } from '@sumika/server-kit';
import { testBackends } from '@sumika/storage-kit/testing';
import { build as buildGateway } from '@sumika/gateway/app';
import { startStack, type Stack } from './stack.js';

const post = (stack: Stack, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  stack.gateway.inject({ method: 'POST', url: '/graphql', payload, headers: { 'content-type': 'application/json', ...headers } });

describe.each(testBackends())('gateway over the read subgraphs on $name', (backend) => {
  let stack: Stack;
  let cache: Cache;

  beforeAll(async () => {
    // Redis for the gateway's caches when configured, as in production.
    cache = await openCache({ prefix: `test:gw:${process.pid}:${Date.now()}:` });
    stack = await startStack(backend, { listings: 2000, cache });
    // Seeding takes a while on a loaded machine.
  }, 600_000);
  afterAll(async () => {
    await stack.close();
    await Promise.race([cache.close(), new Promise((r) => setTimeout(r, 2000).unref())]);
  });

  it('answers a search that crosses search → bukken → company', async () => {
    const res = await post(stack, {
      query: `query Cross { searchBukkens(prefecturePath: "tokyo", perPage: 5, sort: "chinryou_asc") {
        result { bukkenTotal { count } bukkenList { globalKey name chinryou traffics { stationName walkMin } company { key companyName clientName } } } } }`,
    });
    const body = res.json();
    expect(body.errors).toBeUndefined();
    const list = body.data.searchBukkens.result.bukkenList;
    expect(list).toHaveLength(5);
    const rents = list.map((b: { chinryou: number }) => b.chinryou);
    expect(rents).toEqual([...rents].sort((a, b) => a - b));
    for (const b of list) {
      expect(b.company.companyName).toMatch(/(株式会社|有限会社)/);
      expect(b.company.key).toMatch(/^st\d{6}$/);
      expect(b.traffics.length).toBeGreaterThan(0);
    }
    // The same listings straight from the stores.
    const { rows } = await stack.stores.search.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM listing WHERE prefecture_code = 13 AND NOT archived`);
    expect(body.data.searchBukkens.result.bukkenTotal.count).toBe(rows[0]?.n);
  });

  it('keeps SPEC §8 codes from real failures', async () => {
    const notFound = await post(stack, { query: '{ bukken(globalKey: "bk999999999") { name } }' });
    expect(notFound.json().errors[0].extensions.code).toBe('NOT_FOUND');
    const badSort = await post(stack, {
      query: '{ searchBukkensCount(prefecturePath: "tokyo") { count } searchBukkens(sort: "cheap") { result { bukkenTotal { count } } } }',
    });
    expect(badSort.json().errors[0].extensions.code).toBe('BAD_REQUEST');
    // A prefecture path that names nothing is the 404 page (issue 13).
    const badPref = await post(stack, { query: '{ railways(prefecturePath: "atlantis") { code } }' });
    expect(badPref.json().errors[0].extensions.code).toBe('NOT_FOUND');
    const parse = await post(stack, { query: '{ prefectures { code ' });
    expect(parse.json().errors[0].extensions.code).toBe('BAD_REQUEST');
    const unknownField = await post(stack, { query: '{ prefectures { nope } }' });
    expect(unknownField.json().errors[0].extensions.code).toBe('BAD_REQUEST');
    expect(unknownField.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('signs a JWT per request that the subgraphs verify, and they refuse requests without one', async () => {
    const direct = await fetch(stack.urls.search, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ prefectures { code } }' }),
    });
    expect(direct.status).toBe(401);
    const jwks = (await stack.gateway.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', kid: stack.key.kid });
    expect(jwks.keys[0].d).toBeUndefined();
    const through = await post(stack, { query: '{ prefectures { code } }' });
    expect(through.json().data.prefectures).toHaveLength(47);
  });

  it('round-trips automatic persisted queries', async () => {
    const query = '{ madoriInfo { path title } }';
    const sha256Hash = createHash('sha256').update(query).digest('hex');
    const extensions = { persistedQuery: { version: 1, sha256Hash } };
    const miss = await post(stack, { extensions });
    expect(miss.json().errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    const register = await post(stack, { query, extensions });
    expect(register.json().data.madoriInfo).toHaveLength(13);
    const hit = await post(stack, { extensions });
    expect(hit.json()).toEqual(register.json());
    const get = await stack.gateway.inject({
      method: 'GET',
      url: `/graphql?extensions=${encodeURIComponent(JSON.stringify(extensions))}`,
      headers: { 'apollo-require-preflight': 'true' },
    });
    expect(get.json()).toEqual(register.json());
  });

  it('serves GET queries, refuses simple cross-site POSTs, and reports health and metrics', async () => {
    const get = await stack.gateway.inject({
      method: 'GET',
      url: `/graphql?query=${encodeURIComponent('{ prefectures { path } }')}`,
      headers: { 'apollo-require-preflight': 'true' },
    });
    expect(get.json().data.prefectures[12].path).toBe('tokyo');
    const csrf = await stack.gateway.inject({ method: 'GET', url: `/graphql?query=${encodeURIComponent('{ prefectures { path } }')}` });
    expect(csrf.statusCode).toBe(400);
    expect((await stack.gateway.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const ready = await stack.gateway.inject({ method: 'GET', url: '/readyz' });
    expect(ready.json()).toMatchObject({ status: 'ready', supergraph: true, subgraphs: { search: true, bukken: true, company: true } });
    await post(stack, { query: 'query RegionsForMetrics { regions { regions { code } } }', operationName: 'RegionsForMetrics' });
    // /metrics lives on its own listener (METRICS_PORT), not on the public port.
    expect((await stack.gateway.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    const metrics = (await stack.gateway.metrics.server.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toMatch(/graphql_operation_duration_seconds_bucket\{[^}]*operation="RegionsForMetrics"/);
  });

  it('reloads a new supergraph file without restarting', async () => {
    const original = readFileSync(stack.supergraphFile, 'utf8');
    // Drop the company subgraph's fields from the served API by serving a composition without it.
    const { composeServices } = await import('@apollo/composition');
    const { parse } = await import('graphql');
    const path = await import('node:path');
    const { repoRoot } = await import('@sumika/server-kit');
    const without = composeServices(
      ['search', 'bukken'].map((name) => ({
        name,
        url: `http://127.0.0.1/${name}`,
        typeDefs: parse(readFileSync(path.join(repoRoot(), 'subgraphs', name, 'schema.graphql'), 'utf8')),
      })),
    );
    expect(without.errors ?? []).toEqual([]);
    writeFileSync(stack.supergraphFile, without.supergraphSdl as string);
    const waitFor = async (ok: () => Promise<boolean>) => {
      for (let i = 0; i < 50; i++) {
        if (await ok()) return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('supergraph was not reloaded');
    };
    await waitFor(async () => (await post(stack, { query: '{ awards { year } }' })).json().errors?.[0]?.extensions?.code === 'BAD_REQUEST');
    writeFileSync(stack.supergraphFile, original);
    await waitFor(async () => (await post(stack, { query: '{ awards { year } }' })).json().errors === undefined);
  });

  it('refuses too deep queries with BAD_REQUEST and too costly ones with QUERY_TOO_COSTLY', async () => {
    // 16 levels of building → vacancies → building …
    let selection = 'name';
    for (let i = 0; i < 7; i++) selection = `building { vacancies { ${selection} } }`;
    const deep = await post(stack, { query: `{ bukken(globalKey: "bk000000001") { ${selection} } }` });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().errors[0].extensions.code).toBe('BAD_REQUEST');
    expect(deep.json().errors[0].message).toMatch(/depth/);
    // Page sizes multiply: 100 × 50 × 50 items is far past the cost limit.
    const costly = await post(stack, {
      query: '{ searchBukkens(perPage: 100) { result { bukkenList { recommendations(limit: 50) { recommendations(limit: 50) { name } } } } } }',
    });
    expect(costly.statusCode).toBe(400);
    expect(costly.json().errors[0]).toMatchObject({ extensions: { code: 'QUERY_TOO_COSTLY' } });
    expect(costly.json().errors[0].message).toMatch(/クエリが複雑すぎます \(cost \d+ > limit 20000\)/);
    // Brackets nested 5,000 deep: refused before the recursive parser can run out of stack (the fuzz
    // suite's "deep list literal" once answered "Maximum call stack size exceeded"), by POST and GET.
    const nestedQuery = `{ bukkens(globalKeys: ${'['.repeat(5000)}"x"${']'.repeat(5000)}) { globalKey } }`;
    for (const nested of [
      await post(stack, { query: nestedQuery }),
      await stack.gateway.inject({ method: 'GET', url: `/graphql?query=${encodeURIComponent(nestedQuery)}`, headers: { 'apollo-require-preflight': 'true' } }),
    ]) {
      expect(nested.statusCode).toBe(400);
      expect(nested.json().errors[0]).toMatchObject({
        message: expect.stringMatching(/^クエリの入れ子が深すぎます/),
        extensions: { code: 'BAD_REQUEST', reason: 'QUERY_TOO_DEEP' },
      });
    }
    // A real page's query passes.
    const normal = await post(stack, { query: '{ searchBukkens(perPage: 30) { result { bukkenList { globalKey name traffics { stationName } } } } }' });
    expect(normal.json().errors).toBeUndefined();
  });

  it('caches public responses, serves hits, and drops them on invalidation', async () => {
    const query = { query: '{ prefectures { code name } }' };
    const first = await post(stack, query);
    const second = await post(stack, query);
    expect(second.json()).toEqual(first.json());
    expect([first.headers['x-cache'], second.headers['x-cache']]).toEqual(['MISS', 'HIT']);
    // Both say they are shared by every visitor, for the cache's TTL (what a CDN may keep them for).
    expect([first.headers['cache-control'], second.headers['cache-control']]).toEqual([
      `max-age=${stack.config.responseCacheTtl}, public`,
      `max-age=${stack.config.responseCacheTtl}, public`,
    ]);
    // The same document in another layout (the browser's compact print) is the same entry.
    const compact = await post(stack, { query: '{prefectures{code name}}' });
    expect(compact.headers['x-cache']).toBe('HIT');
    expect(compact.json()).toEqual(first.json());
    // The same search with its keys in another order and an empty list entry is one cache entry;
    // a list in another order is another (list order can matter: robustness.test.ts).
    const search = 'query S($p: String, $c: SearchConditionInput) { searchBukkensCount(prefecturePath: $p, searchCondition: $c) { count } }';
    const a = await post(stack, { query: search, variables: { p: 'tokyo', c: { buildingTypes: ['mansion', 'apartment'], chinryou: { max: 100000 } } } });
    const b = await post(stack, { query: search, variables: { c: { chinryou: { max: 100000 }, buildingTypes: ['mansion', '', 'apartment'] }, p: 'tokyo' } });
    const reordered = await post(stack, {
      query: search,
      variables: { p: 'tokyo', c: { buildingTypes: ['apartment', 'mansion'], chinryou: { max: 100000 } } },
    });
    expect(a.json().errors).toBeUndefined();
    expect([a.headers['x-cache'], b.headers['x-cache'], reordered.headers['x-cache']]).toEqual(['MISS', 'HIT', 'MISS']);
    expect(b.json()).toEqual(a.json());
    // Per-visitor fields are never cached, even inside a public root field.
    const mine = { query: '{ searchBukkens(perPage: 2) { result { bukkenList { globalKey favorited } } } }' };
    expect((await post(stack, mine)).headers['x-cache']).toBeUndefined();
    expect((await post(stack, mine)).headers['x-cache']).toBeUndefined();
    expect((await post(stack, mine)).headers['cache-control']).toBe('no-store');
    // Invalidation (after a data load) starts a new generation.
    const denied = await stack.gateway.inject({ method: 'POST', url: '/admin/cache/invalidate', headers: { 'x-admin-token': 'wrong-admin-token' } });
    expect(denied.statusCode).toBe(401);
    const ok = await stack.gateway.inject({ method: 'POST', url: '/admin/cache/invalidate', headers: { 'x-admin-token': 'test-admin-token' } });
    expect(ok.json()).toEqual({ status: 'invalidated' });
    expect((await post(stack, query)).headers['x-cache']).toBe('MISS');
    expect((await post(stack, query)).headers['x-cache']).toBe('HIT');
  });

  it('turns introspection off in production', async () => {
    const introspect = { query: '{ __schema { queryType { name } } }' };
    expect((await post(stack, introspect)).json().data.__schema.queryType.name).toBe('Query');
    const production = await buildGateway({ config: { ...stack.config, production: true, cookieSecret: 'test-cookie-secret' }, cache: stack.cache });
    try {
      const res = await production.inject({ method: 'POST', url: '/graphql', payload: introspect, headers: { 'content-type': 'application/json' } });
      expect(res.json().errors[0].extensions.code).toBe('BAD_REQUEST');
      expect(res.json().errors[0].message).toMatch(/introspection/i);
      const normal = await production.inject({
        method: 'POST',
        url: '/graphql',
        payload: { query: '{ prefectures { code } }' },
        headers: { 'content-type': 'application/json' },
      });
      expect(normal.json().data.prefectures).toHaveLength(47);
    } finally {
      await production.close();
    }
  });
});
