import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { sql } from 'kysely';
import { testBackends } from '../testing.js';
import { migrateToLatest } from './migrate.js';

const migrations = path.join(path.dirname(fileURLToPath(import.meta.url)), '__fixtures__', 'migrations');

interface ThingDB {
  thing: { id: number; name: string; tags: number[]; doc: unknown };
}

describe.each(testBackends())('database on $name', (backend) => {
  it('applies migrations from empty, then again as a no-op', async () => {
    const database = await backend.open<ThingDB>('search');
    try {
      expect((await migrateToLatest(database, migrations)).applied).toEqual(['0001_things', '0002_thing_index']);
      expect((await migrateToLatest(database, migrations)).applied).toEqual([]);
      const { rows } = await sql<{ indexname: string }>`
        SELECT indexname FROM pg_indexes WHERE schemaname = ${database.schema} AND tablename = 'thing' ORDER BY 1`.execute(database.db);
      expect(rows.map((r) => r.indexname)).toEqual(['thing_pkey', 'thing_tags']);
    } finally {
      await database.close();
    }
  });

  it('streams rows in with COPY, escaping text, arrays, json and nulls', async () => {
    const database = await backend.open<ThingDB>('search');
    try {
      await migrateToLatest(database, migrations);
      function* rows() {
        for (let i = 0; i < 5000; i++) yield [i, `名前\t${i}\\"x"\n`, [i, i + 1], i % 2 ? { a: `渋谷"${i}` } : null] as const;
      }
      expect(await database.copyFrom('thing', ['id', 'name', 'tags', 'doc'], rows())).toBe(5000);
      const count = await database.db
        .selectFrom('thing')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(5000);
      const one = await database.db.selectFrom('thing').selectAll().where('id', '=', 4321).executeTakeFirstOrThrow();
      expect(one).toEqual({ id: 4321, name: '名前\t4321\\"x"\n', tags: [4321, 4322], doc: { a: '渋谷"4321' } });
      const tagged = await database.db
        .selectFrom('thing')
        .select('id')
        .where('tags', '@>', sql<number[]>`ARRAY[7]::int[]`)
        .orderBy('id')
        .execute();
      expect(tagged.map((r) => r.id)).toEqual([6, 7]);
    } finally {
      await database.close();
    }
  });

  it('keeps each subgraph in its own schema', async () => {
    const a = await backend.open<ThingDB>('search');
    try {
      await migrateToLatest(a, migrations);
      const { rows } = await sql<{ s: string }>`SELECT current_schema() AS s`.execute(a.db);
      expect(rows[0]?.s).toBe(a.schema);
    } finally {
      await a.close();
    }
  });
});
