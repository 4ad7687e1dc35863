import pg from 'pg';
import { MemoryCache } from '@sumika/server-kit';
import { createTestAuth, type TestAuth } from '@sumika/server-kit/testing';
import { openDatabase, type Database } from '@sumika/storage-kit';
import { postgresBinDir, throwawayPostgres, throwawayStandby, type TestBackend, type ThrowawayPostgres } from '@sumika/storage-kit/testing';
import { closeSeeded, seededStores } from '@sumika/infra/testing/seeded';
import type { FastifyInstance } from 'fastify';
import { build } from './app.js';
import type { DB } from './repositories/db.js';

type Stores = Awaited<ReturnType<typeof seededStores>>;

const SEARCH = `query { searchBukkens(prefecturePath: "tokyo", page: 1, perPage: 5) { result { bukkenTotal { count } } } }`;

/**
 * Issue 18: the search subgraph on a real read replica (`SEARCH_READ_DATABASE_URL`): a PostgreSQL
 * cluster of the test's own, seeded, and a pg_basebackup standby of it. The service starts, answers
 * searches from the replica: with its replay paused, a listing archived on the primary is still counted
 * there (while the service on the primary no longer counts it), and once replayed it is gone there too.
 * (Where each kind of statement goes: the storage kit's read-replica.test.ts.)
 */
(postgresBinDir() ? describe : describe.skip)('the search subgraph on a streaming read replica', () => {
  let primary: ThrowawayPostgres;
  let standby: ThrowawayPostgres;
  let stores: Stores;
  let replicated: Database<DB>;
  let app: FastifyInstance;
  let auth: TestAuth;
  let direct: { primary: pg.Client; standby: pg.Client };
  const total = async (on: FastifyInstance) =>
    (await auth.query<{ searchBukkens: { result: { bukkenTotal: { count: number } } } }>(on, SEARCH)).data?.searchBukkens.result.bukkenTotal.count;

  beforeAll(async () => {
    primary = await throwawayPostgres();
    primary.start();
    // The seed on the primary, as a deployment's data load would (the kit's migrations and seed).
    const backend: TestBackend = { name: 'postgres', open: (subgraph) => openDatabase({ subgraph, url: primary.url, readUrl: null, statementTimeoutMs: 0 }) };
    stores = await seededStores(backend, 300);
    standby = await throwawayStandby(primary);
    standby.start();
    direct = { primary: new pg.Client({ connectionString: primary.url }), standby: new pg.Client({ connectionString: standby.url }) };
    await direct.primary.connect();
    await direct.standby.connect();
    replicated = await openDatabase<DB>({ subgraph: 'search', url: primary.url, readUrl: standby.url });
    auth = await createTestAuth();
    app = await build({ db: replicated.db, cache: new MemoryCache(), auth: auth.auth });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await replicated?.close();
    if (stores) await closeSeeded(stores);
    await direct?.primary.end();
    await direct?.standby.end();
    standby?.destroy();
    primary?.destroy();
  });

  it('starts on the replica and answers searches from it; a change on the primary shows there once replayed', async () => {
    for (let i = 0; i < 60 && (await app.inject({ url: '/readyz' })).statusCode !== 200; i++) await new Promise((r) => setTimeout(r, 500));
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    const onPrimary = await build({ db: stores.search.db as never, cache: new MemoryCache(), auth: auth.auth });
    const fresh = () => build({ db: replicated.db, cache: new MemoryCache(), auth: auth.auth });
    try {
      await direct.standby.query('SELECT pg_wal_replay_pause()');
      // A listing in Tokyo taken off the market on the primary; the paused replica has not seen it.
      await direct.primary.query('SET search_path TO search, public');
      await direct.primary.query('UPDATE listing SET archived = true WHERE id = (SELECT min(id) FROM listing WHERE prefecture_code = 13 AND NOT archived)');
      const before = await total(app);
      expect(before).toBeGreaterThan(0);
      expect(await total(onPrimary)).toBe((before ?? 0) - 1);
      await direct.standby.query('SELECT pg_wal_replay_resume()');
      // Replayed: the replica's answer (a new service instance, so no cached answer) is the primary's.
      for (let i = 0; i < 100; i++) {
        const again = await fresh();
        try {
          if ((await total(again)) === (before ?? 0) - 1) break;
        } finally {
          await again.close();
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      const after = await fresh();
      try {
        expect(await total(after)).toBe((before ?? 0) - 1);
      } finally {
        await after.close();
      }
    } finally {
      await direct.standby.query('SELECT pg_wal_replay_resume()');
      await onPrimary.close();
    }
  });
});
