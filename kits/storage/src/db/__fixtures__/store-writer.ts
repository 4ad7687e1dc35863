// Test fixture run as its own process: opens an embedded store and writes to it, one row per
// acknowledged insert (`ack <id>` on stdout after the commit returned), or just holds it open.
import { sql, type Generated } from 'kysely';
import { openDatabase } from '../database.js';

const [dir, mode = 'write'] = process.argv.slice(2);
if (!dir) throw new Error('usage: store-writer <dir> [write|hold]');
const database = await openDatabase<{ acked: { id: Generated<number>; note: string } }>({ subgraph: 'user', url: null, pgliteDir: dir });
await sql`CREATE TABLE IF NOT EXISTS acked (id serial PRIMARY KEY, note text NOT NULL)`.execute(database.db);
process.stdout.write('open\n');
if (mode === 'write') {
  for (let i = 0; ; i++) {
    const row = await database.db
      .insertInto('acked')
      .values({ note: `row ${i}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    process.stdout.write(`ack ${row.id}\n`);
  }
} else {
  setInterval(() => undefined, 60_000);
}
