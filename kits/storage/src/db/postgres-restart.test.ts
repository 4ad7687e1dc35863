import type { FastifyInstance } from 'fastify';
import { parse } from 'graphql';
import { sql, type Generated, type Kysely } from 'kysely';
import { buildSubgraphApp, DEFAULT_MESSAGES } from '@sumika/server-kit';
import { createTestAuth, type TestAuth } from '@sumika/server-kit/testing';
import { postgresBinDir, throwawayPostgres, type ThrowawayPostgres } from '../testing-postgres.js';
import { openDatabase, type Database } from './database.js';

interface DB {
  note: { id: Generated<number>; tag: string; part: string };
}

const typeDefs = parse(`
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key"])
  type Query { notes(tag: String!): [String!]! slowNotes: Int! }
  type Mutation { addPair(tag: String!): Boolean! }
`);

/** A subgraph whose one write stores two rows in a transaction: a half-saved pair would show. */
async function buildApp(db: Kysely<DB>, auth: TestAuth): Promise<FastifyInstance> {
  return buildSubgraphApp({
    name: 'chaos',
    typeDefs,
    auth: auth.auth,
    context: () => ({}),
    resolvers: {
      Query: {
        notes: async (_: unknown, { tag }: { tag: string }) =>
          (await db.selectFrom('note').select('part').where('tag', '=', tag).orderBy('id').execute()).map((r) => r.part),
        slowNotes: async () => {
          const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM note, pg_sleep(0.4)`.execute(db);
          return rows[0]?.n ?? 0;
        },
      },
      Mutation: {
        addPair: async (_: unknown, { tag }: { tag: string }) => {
          await db.transaction().execute(async (trx) => {
            await trx.insertInto('note').values({ tag, part: 'a' }).execute();
            await trx.insertInto('note').values({ tag, part: 'b' }).execute();
          });
          return true;
        },
      },
    },
  });
}

async function until(check: () => Promise<boolean>, withinMs: number): Promise<number> {
  const t = Date.now();
  while (Date.now() - t < withinMs) {
    if (await check().catch(() => false)) return Date.now() - t;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`not within ${withinMs} ms`);
}

(postgresBinDir() ? describe : describe.skip)('PostgreSQL restarts under a subgraph (a throwaway cluster)', () => {
  let server: ThrowawayPostgres;
  let database: Database<DB>;
  let app: FastifyInstance;
  let auth: TestAuth;
  const unexpected: unknown[] = [];
  const onUncaught = (err: unknown) => void unexpected.push(err);

  beforeAll(async () => {
    process.on('uncaughtException', onUncaught);
    server = await throwawayPostgres();
    server.start();
    database = await openDatabase<DB>({ subgraph: 'forms', url: server.url, schema: 'chaos', poolSize: 6, statementTimeoutMs: 3000 });
    await sql`CREATE TABLE note (id serial PRIMARY KEY, tag text NOT NULL, part text NOT NULL)`.execute(database.db);
    auth = await createTestAuth();
    app = await buildApp(database.db, auth);
  }, 60_000);

  afterAll(async () => {
    process.off('uncaughtException', onUncaught);
    await app?.close();
    await database?.close().catch(() => undefined);
    server?.destroy();
  });

  const notes = (tag: string) => auth.query<{ notes: string[] }>(app, 'query($t: String!) { notes(tag: $t) }', { t: tag });
  const addPair = (tag: string) => auth.query<{ addPair: boolean }>(app, 'mutation($t: String!) { addPair(tag: $t) }', { t: tag });

  it('keeps running through a restart with a warm pool, and reads answer at once after it', async () => {
    // Six idle connections for the restart to kill.
    await Promise.all(Array.from({ length: 6 }, () => sql`SELECT pg_sleep(0.05)`.execute(database.db)));
    expect((await addPair('before')).data?.addPair).toBe(true);
    server.restart();
    const back = Date.now();
    const first = await notes('before');
    expect(first.errors).toBeUndefined();
    expect(first.data?.notes).toEqual(['a', 'b']);
    await new Promise((r) => setTimeout(r, 300));
    expect(unexpected).toEqual([]);
    console.log(`postgres restarted: first read answered ${Date.now() - back} ms after the server was back`);
  }, 60_000);

  it('retries a read whose connection is cut mid-statement', async () => {
    const pending = auth.query<{ slowNotes: number }>(app, '{ slowNotes }');
    await new Promise((r) => setTimeout(r, 150));
    await database.pool.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE '%pg_sleep(0.4)%' AND pid <> pg_backend_pid()`);
    const res = await pending;
    expect(res.errors).toBeUndefined();
    expect(res.data?.slowNotes).toBe(2);
  }, 30_000);

  it('answers SERVICE_UNAVAILABLE while the server is down, saves nothing half, and reads come back within 5 s', async () => {
    server.stop();
    try {
      const write = await addPair('during-outage');
      expect(write.errors?.[0]?.extensions?.code).toBe('SERVICE_UNAVAILABLE');
      expect(write.errors?.[0]?.message).toBe(DEFAULT_MESSAGES.SERVICE_UNAVAILABLE);
      const read = await notes('before');
      expect(read.errors?.[0]?.extensions?.code).toBe('SERVICE_UNAVAILABLE');
      expect(JSON.stringify(read)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|postgres/i);
    } finally {
      server.start();
    }
    const ms = await until(async () => (await notes('before')).data?.notes?.length === 2, 5000);
    expect((await notes('during-outage')).data?.notes).toEqual([]);
    expect(unexpected).toEqual([]);
    console.log(`postgres stopped and started: reads answer ${ms} ms after start`);
  }, 60_000);

  it('keeps every acknowledged write of a restart under load, and no half pair', async () => {
    const acked: string[] = [];
    const failed: string[] = [];
    let stop = false;
    const writer = async (w: number) => {
      for (let n = 0; !stop; n++) {
        const tag = `load-${w}-${n}`;
        const res = await addPair(tag);
        if (res.data?.addPair) acked.push(tag);
        else failed.push(String(res.errors?.[0]?.extensions?.code));
      }
    };
    const writers = Array.from({ length: 10 }, (_, w) => writer(w));
    await new Promise((r) => setTimeout(r, 500));
    server.restart();
    await new Promise((r) => setTimeout(r, 1000));
    stop = true;
    await Promise.all(writers);

    const { rows } = await sql<{ tag: string; n: number }>`SELECT tag, count(*)::int AS n FROM note WHERE tag LIKE 'load-%' GROUP BY tag`.execute(database.db);
    const stored = new Map(rows.map((r) => [r.tag, r.n]));
    expect(acked.filter((t) => stored.get(t) !== 2)).toEqual([]);
    expect(rows.filter((r) => r.n !== 2)).toEqual([]);
    expect(new Set(failed)).toEqual(failed.length ? new Set(['SERVICE_UNAVAILABLE']) : new Set());
    expect(unexpected).toEqual([]);
    console.log(`restart under load: ${acked.length} writes acknowledged (all present), ${failed.length} answered SERVICE_UNAVAILABLE, 0 half-saved`);
  }, 60_000);

  it('answers SERVICE_UNAVAILABLE when a statement outlasts its timeout', async () => {
    const t = Date.now();
    const err = await sql`SELECT pg_sleep(10)`.execute(database.db).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(Date.now() - t).toBeLessThan(6000);
    expect((err as { code?: string }).code).toBe('57014');
  }, 30_000);
});
