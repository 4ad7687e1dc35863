import { openDatabase, type Database } from './db/database.js';
import { parseEnv, POSTGRES_ENV, type SubgraphName } from '@sumika/server-kit';

export interface TestBackend {
  name: 'pglite' | 'postgres';
  /** Opens a throwaway schema for `subgraph`; dropped again by `close`. */
  open<DB>(subgraph: SubgraphName, opts?: { schema?: string }): Promise<Database<DB>>;
}

let counter = 0;

/**
 * The backends integration tests run on: PGlite in memory always, and real PostgreSQL
 * when `DATABASE_URL` is set (CI sets it). Each open gets its own schema, so test files
 * running in parallel never see each other's rows.
 */
export function testBackends(env: NodeJS.ProcessEnv = process.env): TestBackend[] {
  const backends: TestBackend[] = [
    {
      name: 'pglite',
      open: (subgraph, opts) => openDatabase({ subgraph, url: null, pgliteDir: 'memory://', ...(opts?.schema ? { schema: opts.schema } : {}) }),
    },
  ];
  const url = parseEnv({ DATABASE_URL: POSTGRES_ENV.DATABASE_URL }, env).DATABASE_URL;
  if (url) {
    backends.push({
      name: 'postgres',
      open: async <DB>(subgraph: SubgraphName, opts?: { schema?: string }) => {
        const schema = opts?.schema ?? `t_${subgraph}_${process.pid}_${Date.now().toString(36)}_${counter++}`;
        const database = await openDatabase<DB>({ subgraph, url, schema, poolSize: 4 });
        const close = database.close;
        return Object.assign(Object.create(Object.getPrototypeOf(database) as object) as object, database, {
          close: async () => {
            await database.pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
            await close();
          },
        }) as Database<DB>;
      },
    });
  }
  return backends;
}

export { QueryLog } from './testing-query-log.js';
export { postgresBinDir, throwawayPostgres, throwawayStandby, type ThrowawayPostgres } from './testing-postgres.js';
