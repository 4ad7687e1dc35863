import { fileURLToPath } from 'node:url';
import path from 'node:path';
import pg from 'pg';
import { parseEnv, POSTGRES_ENV } from '@sumika/server-kit';
import { testBackends } from '../testing.js';
import { migrateToLatest } from './migrate.js';

const migrations = path.join(path.dirname(fileURLToPath(import.meta.url)), '__fixtures__', 'migrations');
const url = parseEnv({ DATABASE_URL: POSTGRES_ENV.DATABASE_URL }, process.env).DATABASE_URL;
const postgres = testBackends().find((b) => b.name === 'postgres');

// Test files (and services of several teams) share one PostgreSQL server, each in schemas of its own.
// Migrating one schema must not depend on the others: Kysely's stock introspector reads every schema's
// columns and calls name-based catalog functions on each, so a schema dropped meanwhile by someone else
// failed the migration ("schema … does not exist"; CI, railways.test).
(postgres && url ? describe : describe.skip)('migrations beside other schemas on postgres', () => {
  it('migrate while other sessions create and drop schemas with tables', async () => {
    const churn = new pg.Pool({ connectionString: url, max: 3 });
    let stop = false;
    const churner = async (n: number) => {
      for (let i = 0; !stop; i++) {
        const schema = `t_churn_${process.pid}_${n}_${i}`;
        await churn.query(`CREATE SCHEMA ${schema}; CREATE TABLE ${schema}.a (id serial PRIMARY KEY, b text, c int, d int, e int)`);
        await churn.query(`DROP SCHEMA ${schema} CASCADE`);
      }
    };
    const churning = [churner(0), churner(1), churner(2)];
    try {
      for (let i = 0; i < 15; i++) {
        const database = await postgres!.open('search');
        try {
          expect((await migrateToLatest(database, migrations)).applied).toEqual(['0001_things', '0002_thing_index']);
        } finally {
          await database.close();
        }
      }
    } finally {
      stop = true;
      await Promise.all(churning);
      await churn.end();
    }
  }, 120_000);
});
