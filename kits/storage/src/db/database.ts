import path from 'node:path';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, sql } from 'kysely';
import { SearchPathPostgresDialect } from './introspector.js';
import pg from 'pg';
import { copyChunks, copyRowsPg, type CopyValue } from './copy.js';
import { poolTimeoutsFromEnv, resilientPoolConfig, ResilientPostgresDialect } from './resilience.js';
import { openEmbeddedStore, type StoreLog } from './embedded-store.js';
import { dataDir, databaseUrlFor, DEFAULT_SCHEMA, parseEnv, POSTGRES_ENV, readDatabaseUrlFor, type SubgraphName } from '@sumika/server-kit';

export { saveLastGoodCopy, type StoreLog } from './embedded-store.js';

// int8 and numeric come back as strings by default; our ids and money fit in doubles.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export type BackendKind = 'postgres' | 'pglite';

export interface Database<DB> {
  readonly db: Kysely<DB>;
  readonly pool: pg.Pool;
  /** The read replica's pool when `<NAME>_READ_DATABASE_URL` is set (PostgreSQL only). */
  readonly readPool?: pg.Pool;
  readonly kind: BackendKind;
  readonly schema: string;
  /** A human-readable location (a redacted URL or a folder). */
  readonly location: string;
  /**
   * Bulk-loads rows with COPY. The iterable is consumed lazily, so memory stays bounded
   * however many rows there are. Returns the number of rows written.
   */
  copyFrom(table: string, columns: readonly string[], rows: Iterable<readonly CopyValue[]>): Promise<number>;
  /** The embedded store's data directory as a tarball (PGlite's dump): tests keep seeded stores this way. */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

function counted<T>(rows: Iterable<T>, tally: { n: number }): Iterable<T> {
  return {
    *[Symbol.iterator]() {
      for (const row of rows) {
        tally.n++;
        yield row;
      }
    },
  };
}

export interface OpenOptions {
  subgraph: SubgraphName;
  /** Override the schema name (tests use throwaway schemas on a shared server). */
  schema?: string;
  /** Override the connection string; `null` forces the embedded default. */
  url?: string | null;
  /** Override the read replica's connection string (`<NAME>_READ_DATABASE_URL`); `null` for none. */
  readUrl?: string | null;
  /** Folder for the embedded database; `memory://` keeps it in memory. */
  pgliteDir?: string;
  /** `memory://`: the data directory to start from (a PGlite dump), skipping a new cluster's initdb (tests). */
  pgliteDataDir?: Blob;
  poolSize?: number;
  env?: NodeJS.ProcessEnv;
  /** PostgreSQL: cap on one statement in ms, 0 = none (default `PG_STATEMENT_TIMEOUT_MS` or 15 s; migrations and seeds pass 0). */
  statementTimeoutMs?: number;
  /** Embedded store: refresh its last-good copy at each clean close (services set this). */
  lastGoodCopy?: boolean;
  /** Embedded store: where open failures and recoveries are reported (default stderr). */
  log?: StoreLog;
}

/**
 * Each subgraph's embedded store's shared buffers, MB: sized to what its pages read (search scans the
 * listings for every results page and map; bukken reads a page's 30 listings; the others hold a few
 * rows per visitor or company). Resident from the start whatever the load, so the embedded default's
 * memory is their sum (issue 15: ≤ 1 GB for the whole site). PostgreSQL by URL keeps its own settings.
 */
export const EMBEDDED_SHARED_BUFFERS_MB: Record<SubgraphName, number> = { search: 32, bukken: 16, user: 8, company: 8, forms: 8 };

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres';
  }
}

/**
 * Opens a subgraph's database: PostgreSQL when a connection string is configured,
 * otherwise PGlite in `.data/<subgraph>/`. Both go through node-postgres' Pool so
 * Kysely, transactions and COPY share one code path.
 */
export async function openDatabase<DB>(opts: OpenOptions): Promise<Database<DB>> {
  const env = opts.env ?? process.env;
  const schema = opts.schema ?? DEFAULT_SCHEMA[opts.subgraph];
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name: ${schema}`);
  const url = opts.url === null ? undefined : (opts.url ?? databaseUrlFor(opts.subgraph, env));
  // Every connection lives in its own schema first; public stays reachable for extensions.
  const searchPath = `${schema},public`;

  if (url) {
    const timeouts = { ...poolTimeoutsFromEnv(env), ...(opts.statementTimeoutMs !== undefined ? { statementTimeoutMs: opts.statementTimeoutMs } : {}) };
    const poolFor = (connectionString: string, suffix = '') =>
      new pg.Pool({
        ...resilientPoolConfig(timeouts),
        connectionString,
        max: opts.poolSize ?? 10,
        options: `-c search_path=${searchPath}`,
        application_name: `sumika-${opts.subgraph}${suffix}`,
      });
    const pool = poolFor(url);
    // A read replica takes the lone reads; writes, transactions and reads right after a write stay on the primary.
    const readUrl = opts.readUrl === null ? undefined : (opts.readUrl ?? readDatabaseUrlFor(opts.subgraph, env));
    const readPool = readUrl ? poolFor(readUrl, '-read') : undefined;
    // Listens for the pools' 'error' before the first connection (resilience.ts).
    const dialect = new ResilientPostgresDialect({
      pool,
      service: opts.subgraph,
      ...(readPool ? { readPool, readAfterWriteMs: parseEnv(POSTGRES_ENV, env).PG_READ_AFTER_WRITE_MS } : {}),
    });
    await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    const db = new Kysely<DB>({ dialect });
    return {
      db,
      pool,
      ...(readPool ? { readPool } : {}),
      kind: 'postgres',
      schema,
      location: redact(url),
      copyFrom: async (table, columns, rows) => {
        const tally = { n: 0 };
        const client = await pool.connect();
        try {
          // A bulk load is one long statement: no statement timeout for it.
          await client.query('SET statement_timeout = 0');
          await copyRowsPg(client, table, columns, counted(rows, tally));
          await client.query('RESET statement_timeout');
        } catch (err) {
          client.release(err as Error);
          throw err;
        }
        client.release();
        return tally.n;
      },
      close: () => db.destroy(),
    };
  }

  const dir = opts.pgliteDir ?? path.join(dataDir(env), opts.subgraph);
  // Locked, recovered from its last-good copy if it will not open (embedded-store.ts).
  const store = await openEmbeddedStore(dir, {
    ...(opts.log ? { log: opts.log } : {}),
    ...(opts.lastGoodCopy ? { lastGoodCopy: true } : {}),
    ...(opts.pgliteDataDir ? { loadDataDir: opts.pgliteDataDir } : {}),
    sharedBuffersMb: EMBEDDED_SHARED_BUFFERS_MB[opts.subgraph],
  });
  const pglite = store.pglite;
  await pglite.exec(`CREATE SCHEMA IF NOT EXISTS ${schema}; SET search_path TO ${searchPath};`);
  const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1 });
  const db = new Kysely<DB>({ dialect: new SearchPathPostgresDialect({ pool }) });
  return {
    db,
    pool,
    kind: 'pglite',
    schema,
    location: dir,
    // COPY through the node-postgres adapter aborts PGlite (0.5.x), so use its /dev/blob input.
    copyFrom: async (table, columns, rows) => {
      const tally = { n: 0 };
      for (const chunk of copyChunks(counted(rows, tally), 8 << 20)) {
        await pglite.query(`COPY ${table} (${columns.join(', ')}) FROM '/dev/blob'`, [], { blob: new Blob([chunk]) });
      }
      return tally.n;
    },
    dumpDataDir: () => pglite.dumpDataDir('none'),
    close: async () => {
      await db.destroy();
      await store.close();
    },
  };
}

/** Drops a schema and everything in it (tests and `seed --reset`). */
export async function dropSchema<DB>(database: Database<DB>): Promise<void> {
  await sql`DROP SCHEMA IF EXISTS ${sql.id(database.schema)} CASCADE`.execute(database.db as unknown as Kysely<unknown>);
}
