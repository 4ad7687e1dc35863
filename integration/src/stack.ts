import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { generateSigningKey, MemoryCache, repoRoot, type Cache, type SigningKey } from '@sumika/server-kit';
import { migrateToLatest, type Database } from '@sumika/storage-kit';
import type { TestBackend } from '@sumika/storage-kit/testing';
import { composeSupergraph } from '@sumika/infra/compose/compose';
import { closeSeeded, seededStores } from '@sumika/infra/testing/seeded';
import type { SeedStores } from '@sumika/infra/seed/seed';
import { build as buildBukken } from '@sumika/subgraph-bukken/app';
import { build as buildCompany } from '@sumika/subgraph-company/app';
import { build as buildForms } from '@sumika/subgraph-forms/app';
import { DEFAULT_MAIL_CONFIG } from '@sumika/subgraph-forms/config';
import { createFormRateLimiter, type RateLimitConfig } from '@sumika/subgraph-forms/rate-limit/rate-limit';
import { TestTokenVerifier } from '@sumika/subgraph-forms/recaptcha/recaptcha';
import { build as buildSearch } from '@sumika/subgraph-search/app';
import { build as buildUser } from '@sumika/subgraph-user/app';
import { gatewayClient } from '@sumika/subgraph-user/gateway/client';
import { gatewaySearchDescriber } from '@sumika/subgraph-user/gateway/search-describer';
import { build as buildGateway } from '@sumika/gateway/app';
import { configFromEnv, type GatewayConfig } from '@sumika/gateway/config';
import type { JWTVerifyGetKey } from 'jose';
// The gateway's decorations the tests read (metrics, signCookie) are declared in its plugins' types.
import type {} from '@fastify/cookie';
import type {} from '@sumika/gateway/plugins/metrics';

type Name = 'search' | 'bukken' | 'company' | 'user' | 'forms';

/** The documented reCAPTCHA test token the stack's forms subgraph accepts. */
export const RECAPTCHA_TEST_TOKEN = 'test-recaptcha-token';

export interface Stack {
  gateway: FastifyInstance;
  subgraphs: Record<Name, FastifyInstance>;
  urls: Record<Name, string>;
  /** GraphQL requests each subgraph has received (to prove a request was refused before any call). */
  calls: Record<Name, number>;
  stores: SeedStores;
  /** The write side's own schemas (migrated, empty). */
  writeStores: { user: Database<unknown>; forms: Database<unknown> };
  key: SigningKey;
  config: GatewayConfig;
  cache: Cache;
  supergraphFile: string;
  close(): Promise<void>;
}

/**
 * The whole read side in one process: seeded stores, the three subgraphs listening on
 * ephemeral ports (the gateway talks HTTP to them as in production), and the gateway
 * built for `inject`. Nothing is mocked.
 */
/** A `fetch` that posts to the gateway's /graphql in process (inject), for clients under test. */
export function injectFetch(gateway: FastifyInstance): typeof fetch {
  return async (_url, init) => {
    const res = await gateway.inject({
      method: 'POST',
      url: '/graphql',
      headers: { ...((init?.headers ?? {}) as Record<string, string>) },
      payload: String(init?.body ?? ''),
    });
    return new Response(res.body, { status: res.statusCode, headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') } });
  };
}

/** A field of each subgraph (user, search, bukken, company, forms): the stack's warm-up. */
const WARM_UP_QUERY = `{
  requiredUserData { stockCount { favorite detail search } }
  searchBukkensCount { count }
  prefectures { code }
  prefectureRecommendBukkens(prefecturePath: "tokyo", limit: 1) { bukkenList { globalKey } }
  awards { year }
  cashbackCampaign { maxAmount }
}`;
const WARM_UP_ATTEMPTS = 5;

export async function startStack(
  backend: TestBackend,
  opts: {
    listings?: number;
    cache?: Cache;
    config?: Partial<GatewayConfig>;
    rateLimits?: RateLimitConfig;
    shellKeys?: JWTVerifyGetKey;
    /** Each service's logger (none by default): tests that read the services' log lines. */
    logger?: (service: Name | 'gateway') => FastifyServerOptions['logger'];
  } = {},
): Promise<Stack> {
  const stores = await seededStores(backend, opts.listings ?? 2000);
  const writeStores = { user: await backend.open<unknown>('user'), forms: await backend.open<unknown>('forms') };
  for (const [name, db] of Object.entries(writeStores)) await migrateToLatest(db, path.join(repoRoot(), 'subgraphs', name, 'migrations'));
  // The user subgraph asks the gateway for search texts, as in production; here in process through inject.
  const ref: { gateway?: FastifyInstance } = {};
  const viaGateway: typeof fetch = (url, init) => {
    if (!ref.gateway) throw new Error('gateway not started');
    return injectFetch(ref.gateway)(url, init);
  };
  const key = await generateSigningKey('gateway-test');
  const auth = { jwks: { keys: [key.publicJwk] } };
  const logger = (service: Name | 'gateway') => {
    const chosen = opts.logger?.(service);
    return chosen === undefined ? {} : { logger: chosen };
  };
  const subgraphs = {
    search: await buildSearch({ db: stores.search.db as never, cache: new MemoryCache(), auth, ...logger('search') }),
    bukken: await buildBukken({ db: stores.bukken.db as never, cache: new MemoryCache(), auth, imageOrigin: 'http://localhost:4002', ...logger('bukken') }),
    company: await buildCompany({ db: stores.company.db as never, cache: new MemoryCache(), auth, ...logger('company') }),
    user: await buildUser({
      db: writeStores.user.db as never,
      auth,
      describer: gatewaySearchDescriber(gatewayClient({ fetch: viaGateway })),
      ...logger('user'),
    }),
    forms: await buildForms({
      ...logger('forms'),
      db: writeStores.forms.db as never,
      auth,
      recaptcha: new TestTokenVerifier(RECAPTCHA_TEST_TOKEN),
      limiter: createFormRateLimiter(opts.rateLimits ?? { visitor: { points: 10_000, durationSec: 600 }, ip: { points: 10_000, durationSec: 600 } }),
      mail: DEFAULT_MAIL_CONFIG,
    }),
  };
  const urls = {} as Stack['urls'];
  const calls: Stack['calls'] = { search: 0, bukken: 0, company: 0, user: 0, forms: 0 };
  for (const [name, app] of Object.entries(subgraphs)) {
    app.addHook('onRequest', async (req) => {
      if (req.url.startsWith('/graphql')) calls[name as Name]++;
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    urls[name as keyof Stack['urls']] = `${address}/graphql`;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'sumika-gw-'));
  const supergraphFile = path.join(dir, 'supergraph.graphql');
  writeFileSync(supergraphFile, composeSupergraph());
  const config: GatewayConfig = {
    ...configFromEnv({}),
    supergraphFile,
    subgraphUrls: urls,
    signingKeyJson: JSON.stringify(key.privateJwk),
    adminToken: 'test-admin-token',
    ...opts.config,
  };
  const cache = opts.cache ?? new MemoryCache();
  const gateway = await buildGateway({ config, cache, ...(opts.shellKeys ? { shellKeys: opts.shellKeys } : {}), ...logger('gateway') });
  await gateway.ready();
  ref.gateway = gateway;
  // Visits through the gateway before any test, as a deployment's readiness gate would: the first operations
  // after a start pay for cold code paths and the pools' first connections (over 3 s on PostgreSQL on a loaded
  // CI machine, past the 2 s subgraph budget: a test's first page answered 503). One field from every
  // subgraph, repeated until all answer (bounded); counted calls start after it.
  for (let attempt = 1; attempt <= WARM_UP_ATTEMPTS; attempt++) {
    const res = await gateway.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload: { query: WARM_UP_QUERY },
    });
    if (res.statusCode === 200 && !(res.json() as { errors?: unknown[] }).errors?.length) break;
  }
  for (const name of Object.keys(calls) as Name[]) calls[name] = 0;
  return {
    gateway,
    subgraphs,
    urls,
    calls,
    stores,
    writeStores,
    key,
    config,
    cache,
    supergraphFile,
    async close() {
      // Each step is bounded so one stuck close cannot hang the suite.
      const bounded = (p: Promise<unknown>) => Promise.race([p, new Promise((r) => setTimeout(r, 5000).unref())]);
      await bounded(gateway.close());
      await bounded(Promise.all(Object.values(subgraphs).map((a) => a.close())));
      await bounded(closeSeeded(stores));
      await bounded(Promise.all(Object.values(writeStores).map((d) => d.close())));
    },
  };
}
