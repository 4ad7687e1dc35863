import pg from 'pg';
import { sql, type Generated, type Kysely } from 'kysely';
import { postgresBinDir, throwawayPostgres, throwawayStandby, type ThrowawayPostgres } from '../testing-postgres.js';
import { openDatabase, type Database } from './database.js';

interface DB {
  note: { id: Generated<number>; tag: string };
}

const READ_AFTER_WRITE_MS = 400;

/** Polls until `check` holds (replication is asynchronous), or fails after `ms`. */
async function eventually(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('not within the time allowed');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Issue 18: a real read replica. A PostgreSQL cluster of the test's own and a streaming standby made
 * from it with pg_basebackup, on two ports; the subgraph's database opened with the primary's URL and
 * `readUrl` (what `<NAME>_READ_DATABASE_URL` sets). Pausing the standby's replay shows where each
 * statement went: what the primary has and the standby has not yet replayed is visible only there.
 */
(postgresBinDir() ? describe : describe.skip)('a subgraph database with a streaming read replica', () => {
  let primary: ThrowawayPostgres;
  let standby: ThrowawayPostgres;
  let database: Database<DB>;
  let db: Kysely<DB>;
  let direct: { primary: pg.Client; standby: pg.Client };
  const tags = async (tag: string) => (await db.selectFrom('note').select('tag').where('tag', '=', tag).execute()).length;
  const pause = () => direct.standby.query('SELECT pg_wal_replay_pause()');
  const resume = () => direct.standby.query('SELECT pg_wal_replay_resume()');
  const onStandby = async (tag: string) => (await direct.standby.query('SELECT count(*)::int AS n FROM rr.note WHERE tag = $1', [tag])).rows[0].n as number;

  beforeAll(async () => {
    primary = await throwawayPostgres();
    primary.start();
    standby = await throwawayStandby(primary);
    standby.start();
    direct = { primary: new pg.Client({ connectionString: primary.url }), standby: new pg.Client({ connectionString: standby.url }) };
    await direct.primary.connect();
    await direct.standby.connect();
    database = await openDatabase<DB>({
      subgraph: 'search',
      schema: 'rr',
      url: primary.url,
      readUrl: standby.url,
      env: { PG_READ_AFTER_WRITE_MS: String(READ_AFTER_WRITE_MS) },
    });
    db = database.db;
    await sql`CREATE TABLE note (id serial PRIMARY KEY, tag text NOT NULL)`.execute(db);
    await eventually(async () => (await direct.standby.query("SELECT to_regclass('rr.note') AS t")).rows[0].t !== null);
  }, 60_000);

  afterAll(async () => {
    await database?.close();
    await direct?.primary.end();
    await direct?.standby.end();
    standby?.destroy();
    primary?.destroy();
  });

  it('is a real standby: in recovery, read-only, streaming from the primary', async () => {
    expect((await direct.standby.query('SELECT pg_is_in_recovery() AS r')).rows[0].r).toBe(true);
    expect((await direct.primary.query('SELECT count(*)::int AS n FROM pg_stat_replication')).rows[0].n).toBe(1);
    await expect(direct.standby.query("INSERT INTO rr.note (tag) VALUES ('x')")).rejects.toThrow(/read-only transaction/);
  });

  it('answers lone reads from the replica, and a write on the primary becomes visible there', async () => {
    await new Promise((r) => setTimeout(r, READ_AFTER_WRITE_MS)); // past any earlier write of this process
    await pause();
    try {
      await direct.primary.query("INSERT INTO rr.note (tag) VALUES ('elsewhere')");
      // The primary has it; the subgraph's read does not: it was answered by the paused replica.
      expect((await direct.primary.query("SELECT count(*)::int AS n FROM rr.note WHERE tag = 'elsewhere'")).rows[0].n).toBe(1);
      expect(await tags('elsewhere')).toBe(0);
    } finally {
      await resume();
    }
    await eventually(async () => (await tags('elsewhere')) === 1);
    expect(await onStandby('elsewhere')).toBe(1);
  });

  it('reads its own writes: after a write, reads go to the primary for a while, then to the replica again', async () => {
    await pause();
    try {
      await db.insertInto('note').values({ tag: 'mine' }).execute();
      expect(await tags('mine')).toBe(1); // the primary, though the replica has not replayed it
      expect(await onStandby('mine')).toBe(0);
      await new Promise((r) => setTimeout(r, READ_AFTER_WRITE_MS + 50));
      expect(await tags('mine')).toBe(0); // the replica again, still paused
    } finally {
      await resume();
    }
    await eventually(async () => (await tags('mine')) === 1);
  });

  it('runs a read-only transaction on the replica, wholly', async () => {
    await new Promise((r) => setTimeout(r, READ_AFTER_WRITE_MS));
    await pause();
    try {
      await direct.primary.query("INSERT INTO rr.note (tag) VALUES ('ro')");
      const seen = await db
        .transaction()
        .setAccessMode('read only')
        .execute(async (trx) => {
          await sql`SET LOCAL jit = off`.execute(trx);
          return (await trx.selectFrom('note').select('tag').where('tag', '=', 'ro').execute()).length;
        });
      expect(seen).toBe(0);
    } finally {
      await resume();
    }
  });

  it('keeps every statement of a writing transaction on the primary', async () => {
    await pause();
    try {
      const seen = await db.transaction().execute(async (trx) => {
        await trx.insertInto('note').values({ tag: 'tx' }).execute();
        return (await trx.selectFrom('note').select('tag').where('tag', '=', 'tx').execute()).length;
      });
      expect(seen).toBe(1);
    } finally {
      await resume();
    }
  });

  it('answers from the primary while the replica is down, and goes back to it when it returns', async () => {
    await new Promise((r) => setTimeout(r, READ_AFTER_WRITE_MS));
    await direct.standby.end();
    standby.stop();
    await direct.primary.query("INSERT INTO rr.note (tag) VALUES ('while-down')");
    expect(await tags('while-down')).toBe(1);
    standby.start();
    direct.standby = new pg.Client({ connectionString: standby.url });
    await direct.standby.connect();
    await eventually(async () => (await onStandby('while-down')) === 1);
    // After the set-aside period, lone reads are the replica's again (paused: a new row stays unseen).
    await new Promise((r) => setTimeout(r, 5000));
    await pause();
    try {
      await direct.primary.query("INSERT INTO rr.note (tag) VALUES ('back')");
      expect(await tags('back')).toBe(0);
    } finally {
      await resume();
    }
  }, 30_000);
});
