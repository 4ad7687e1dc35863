import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase, type Database } from './db/database.js';
import { dataDir, parseEnv, POSTGRES_ENV, type SubgraphName } from '@sumika/server-kit';

export interface TestBackend {
  name: 'pglite' | 'postgres';
  /**
   * Opens a throwaway schema for `subgraph`; dropped again by `close`. `pgliteDataDir`: PGlite only,
   * the data directory to start from (a `dumpDataDir` of a store prepared before).
   */
  open<DB>(subgraph: SubgraphName, opts?: { schema?: string; pgliteDataDir?: Blob }): Promise<Database<DB>>;
}

let counter = 0;
let template: Promise<Blob> | undefined;

/**
 * A new cluster's data directory, dumped once and kept under .data/test-cache/ (per PGlite version):
 * an in-memory store loads it in ~0.6 s instead of running initdb (~3 s), and test files open dozens.
 * Jest gives every test file a fresh module registry, hence the file.
 */
export function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const pkg = path.join(path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '..', 'package.json');
    const { version } = JSON.parse(readFileSync(pkg, 'utf8')) as { version: string };
    const file = path.join(dataDir(), 'test-cache', `pglite-${version}-initdb.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const fresh = await PGlite.create('memory://');
    const dump = await fresh.dumpDataDir('none');
    await fresh.close();
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(`${file}.${process.pid}`, Buffer.from(await dump.arrayBuffer()));
    // Rename is atomic: parallel workers never read a half-written file.
    renameSync(`${file}.${process.pid}`, file);
    return dump;
  })();
  return template;
}

/**
 * The backends integration tests run on: PGlite in memory always, and real PostgreSQL
 * when `DATABASE_URL` is set (CI sets it). Each open gets its own schema, so test files
 * running in parallel never see each other's rows.
 */
export function testBackends(env: NodeJS.ProcessEnv = process.env): TestBackend[] {
  const backends: TestBackend[] = [
    {
      name: 'pglite',
      open: async (subgraph, opts) =>
        openDatabase({
          subgraph,
          url: null,
          pgliteDir: 'memory://',
          pgliteDataDir: opts?.pgliteDataDir ?? (await pgliteTemplate()),
          ...(opts?.schema ? { schema: opts.schema } : {}),
        }),
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
            // A DROP chosen as a deadlock's victim (a read of the service's still ending) is tried again.
            for (let attempt = 1; ; attempt++) {
              try {
                await database.pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
                break;
              } catch (err) {
                if ((err as { code?: string }).code !== '40P01' || attempt === 3) throw err;
              }
            }
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
