import {
  CompiledQuery,
  PostgresDialect,
  type DatabaseConnection,
  type Driver,
  type PostgresDialectConfig,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type pg from 'pg';
import { pino } from 'pino';
import { isConnectionError, loggerOptions, parseEnv, POSTGRES_ENV } from '@sumika/server-kit';

/**
 * What keeps a PostgreSQL restart from taking a service down: pool settings with timeouts, an
 * 'error' listener on the pool and on every checked-out client, and a Kysely driver that retries
 * a safe read once on a fresh connection. Everything else that fails for want of the database is
 * answered SERVICE_UNAVAILABLE by the app (isDatabaseUnavailable), never half-saved: multi-statement
 * writes run in transactions, which PostgreSQL rolls back when their connection is lost.
 */

/** The pino-compatible subset the pool logs through. */
export interface DbLogger {
  warn(obj: object, msg: string): void;
}

export interface PoolTimeouts {
  /** Longest wait for a new connection, ms (`PG_CONNECT_TIMEOUT_MS`, default 2000). */
  connectTimeoutMs: number;
  /** Server-side cap on one statement, ms; 0 = none (`PG_STATEMENT_TIMEOUT_MS`, default 15000). */
  statementTimeoutMs: number;
}

/** From the server kit's `POSTGRES_ENV`; a bad value throws, as it stops the subgraph at start. */
export function poolTimeoutsFromEnv(env: NodeJS.ProcessEnv = process.env): PoolTimeouts {
  const { PG_CONNECT_TIMEOUT_MS, PG_STATEMENT_TIMEOUT_MS } = parseEnv(POSTGRES_ENV, env);
  return { connectTimeoutMs: PG_CONNECT_TIMEOUT_MS, statementTimeoutMs: PG_STATEMENT_TIMEOUT_MS };
}

/** node-postgres Pool settings for a service: bounded connects and statements, TCP keepalive. */
export function resilientPoolConfig(t: PoolTimeouts): pg.PoolConfig {
  return {
    connectionTimeoutMillis: t.connectTimeoutMs,
    // The server cancels a slow statement and the connection stays usable.
    ...(t.statementTimeoutMs ? { statement_timeout: t.statementTimeoutMs } : {}),
    // Last resort when the server or the network goes silent: the client stops waiting.
    ...(t.statementTimeoutMs ? { query_timeout: t.statementTimeoutMs + 5000 } : {}),
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    idleTimeoutMillis: 30_000,
  };
}

function codeOf(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

// Anything that writes, locks, takes a sequence value or changes the session is never retried.
const UNSAFE_IN_READ =
  /\b(insert|update|delete|merge|truncate|into|for\s+(update|share|no\s+key|key)|lock|copy|call|do|notify|listen|refresh|vacuum|analyze|prepare|execute|create|alter|drop|grant|revoke|begin|commit|rollback|savepoint|set|reset)\b/i;
const UNSAFE_FUNCTIONS = /nextval|setval|advisory|set_config|pg_notify|lo_import|lo_export|lo_unlink|dblink/i;

/**
 * A statement that is safe to run twice: a plain SELECT (or VALUES / WITH … SELECT) that writes
 * nothing, takes no lock and calls no known side-effecting function. String literals and quoted
 * names are ignored; anything unsure is not retried.
 */
export function isRetryableRead(sqlText: string): boolean {
  const text = sqlText
    .replace(/'(?:[^']|'')*'/g, "''")
    .replace(/"(?:[^"]|"")*"/g, '""')
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .trim();
  return /^\(?\s*(select|values|with)\b/i.test(text) && !/;\s*\S/.test(text) && !UNSAFE_IN_READ.test(text) && !UNSAFE_FUNCTIONS.test(text);
}

const RETRY_DELAY_MS = 150;

class ResilientConnection implements DatabaseConnection {
  private client: pg.PoolClient | undefined;
  /** Set when the client's connection failed: it is destroyed on release, never reused. */
  private broken: Error | undefined;
  private queries = 0;
  inTransaction = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: DbLogger,
    private readonly service: string,
  ) {}

  private async acquire(): Promise<pg.PoolClient> {
    if (this.client) return this.client;
    const client = await this.pool.connect();
    // pg-pool drops its own listener while a client is checked out; without one an error between
    // two statements (a restart during a transaction) would be thrown from the socket and exit.
    client.on('error', this.onError);
    this.client = client;
    this.broken = undefined;
    return client;
  }

  private readonly onError = (err: Error): void => {
    this.broken = err;
    this.log.warn({ service: this.service, dependency: 'postgres', err: err.message }, 'postgres connection lost while in use');
  };

  private drop(err: Error): void {
    const client = this.client;
    this.client = undefined;
    if (!client) return;
    client.off('error', this.onError);
    client.release(err);
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const first = this.queries++ === 0;
    try {
      return await this.run<R>(compiled);
    } catch (err) {
      if (!isConnectionError(err)) throw err;
      this.drop(err as Error);
      // Once, on a fresh connection: only a lone safe read outside any transaction or session state.
      const retry = first && !this.inTransaction && isRetryableRead(compiled.sql) && !/Query read timeout/.test((err as Error).message);
      if (!retry) throw err;
      this.log.warn({ service: this.service, dependency: 'postgres', err: (err as Error).message }, 'postgres read failed on a lost connection; retrying once');
      await new Promise((r) => setTimeout(r, RETRY_DELAY_MS));
      return this.run<R>(compiled);
    }
  }

  private async run<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const client = await this.acquire();
    try {
      const { command, rowCount, rows } = await client.query(compiled.sql, [...compiled.parameters]);
      const affected = command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE';
      return { numAffectedRows: affected ? BigInt(rowCount ?? 0) : undefined, rows: (rows ?? []) as R[] };
    } catch (err) {
      if (this.broken && !isConnectionError(err)) throw Object.assign(err as Error, { cause: this.broken });
      throw err;
    }
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not configured for this database');
  }

  release(): void {
    const client = this.client;
    this.client = undefined;
    if (!client) return;
    client.off('error', this.onError);
    // A client whose connection failed or timed out leaves the pool instead of serving the next query.
    client.release(this.broken);
  }

  markBroken(err: Error): void {
    this.broken ??= err;
  }
}

/** Kysely's PostgreSQL driver with lazy connections, a retried safe read and no crash on lost clients. */
class ResilientPostgresDriver implements Driver {
  constructor(
    private readonly pool: pg.Pool,
    private readonly log: DbLogger,
    private readonly service: string,
  ) {}

  async init(): Promise<void> {}

  // The client is taken with the first statement, so a read that cannot connect is retried too.
  async acquireConnection(): Promise<DatabaseConnection> {
    return new ResilientConnection(this.pool, this.log, this.service);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const conn = connection as ResilientConnection;
    conn.inTransaction = true;
    let sqlText = 'begin';
    if (settings.isolationLevel || settings.accessMode) {
      sqlText = ['start transaction', settings.isolationLevel ? `isolation level ${settings.isolationLevel}` : '', settings.accessMode ?? '']
        .filter(Boolean)
        .join(' ');
    }
    await conn.executeQuery(CompiledQuery.raw(sqlText));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const conn = connection as ResilientConnection;
    try {
      await conn.executeQuery(CompiledQuery.raw('commit'));
    } finally {
      conn.inTransaction = false;
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const conn = connection as ResilientConnection;
    try {
      await conn.executeQuery(CompiledQuery.raw('rollback'));
    } catch (err) {
      // A lost connection has rolled back already; keep the error that made us roll back.
      if (!isConnectionError(err)) throw err;
      conn.markBroken(err as Error);
    } finally {
      conn.inTransaction = false;
    }
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as ResilientConnection).release();
  }

  async destroy(): Promise<void> {
    await this.pool.end();
  }
}

export interface ResilientDialectConfig {
  pool: pg.Pool;
  /** The service, named in every log line. */
  service: string;
  log?: DbLogger;
}

/** The lazily made pino logger of a service (nothing is made while all is well). */
function lazyLogger(): DbLogger {
  let log: DbLogger | undefined;
  return { warn: (o, m) => (log ??= pino(loggerOptions())).warn(o, m) };
}

/** PostgresDialect with the resilient driver; also makes sure the pool itself never throws 'error'. */
export class ResilientPostgresDialect extends PostgresDialect {
  private readonly resilient: Required<ResilientDialectConfig>;

  constructor(config: ResilientDialectConfig) {
    super({ pool: config.pool } satisfies PostgresDialectConfig);
    const log = config.log ?? lazyLogger();
    this.resilient = { ...config, log };
    watchPool(config.pool, config.service, log);
  }

  override createDriver(): Driver {
    return new ResilientPostgresDriver(this.resilient.pool, this.resilient.log, this.resilient.service);
  }
}

/**
 * An idle client whose server went away makes the pool emit 'error'; unheard, that exits the
 * process. Log it (once per burst) and let the pool replace the client.
 */
export function watchPool(pool: pg.Pool, service: string, log: DbLogger): void {
  let last = 0;
  pool.on('error', (err) => {
    if (Date.now() - last < 1000) return;
    last = Date.now();
    log.warn({ service, dependency: 'postgres', err: err.message, code: codeOf(err) }, 'postgres idle connection lost; the pool reconnects');
  });
}
