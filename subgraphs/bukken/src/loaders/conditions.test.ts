import { sql, type Kysely } from 'kysely';
import { jest } from '@jest/globals';
import { migrateToLatest, type Database } from '@sumika/storage-kit';
import { testBackends } from '@sumika/storage-kit/testing';
import { migrationsFolder } from '@sumika/infra/migrate/migrate';
import type { DB } from '../repositories/db.js';
import { CONDITION_REREAD_MS, conditionNames } from './conditions.js';

describe.each(testBackends())('condition names on $name', (backend) => {
  let store: Database<DB>;
  /** The handle under test: every statement through it is counted. */
  let db: Kysely<DB>;
  let reads = 0;

  beforeAll(async () => {
    store = await backend.open<DB>('bukken');
    await migrateToLatest(store, migrationsFolder('bukken'));
    await sql`INSERT INTO condition_code (code, name, group_key) VALUES (101, 'エアコン', 'airConditionings'), (201, 'バス・トイレ別', 'baths')`.execute(
      store.db,
    );
    db = store.db.withPlugin({
      transformQuery: (args) => {
        reads++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await store.close();
  });

  it('reads the master once, re-reads it for a missing code only after a while, and never invents a name', async () => {
    expect([...(await conditionNames(db, [101, 201]))]).toEqual([
      [101, 'エアコン'],
      [201, 'バス・トイレ別'],
    ]);
    expect((await conditionNames(db, [201])).get(201)).toBe('バス・トイレ別');
    expect(reads).toBe(1);

    // Written behind the cache's back (through the plain handle), as a later seed would.
    await sql`INSERT INTO condition_code (code, name, group_key) VALUES (301, 'オートロック', 'securities')`.execute(store.db);
    // Within the interval a missing code costs no query: the name stays unknown.
    expect((await conditionNames(db, [301])).has(301)).toBe(false);
    expect(reads).toBe(1);

    const now = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(now + CONDITION_REREAD_MS + 1);
    const [a, b] = await Promise.all([conditionNames(db, [301]), conditionNames(db, [301])]);
    expect(a.get(301)).toBe('オートロック');
    expect(b.get(301)).toBe('オートロック');
    expect(reads).toBe(2); // one re-read, shared by both callers
    expect((await conditionNames(db, [999])).has(999)).toBe(false);
    expect(reads).toBe(2);
  });
});
