import { CompiledQuery, type DatabaseConnection, type Driver, type PostgresDialectConfig, type QueryResult, type TransactionSettings } from 'kysely';
import type pg from 'pg';
import { pino } from 'pino';
import { isConnectionError, loggerOptions, parseEnv, POSTGRES_ENV } from '@sumika/server-kit';
import { SearchPathPostgresDialect } from './introspector.js';

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

/**
 * Where a read-replica's reads stand, shared by every connection of one driver: when the last write
 * went to the primary (reads right after it stay there: read-your-writes), and until when the replica
 * is set aside after it failed.
 */
interface ReplicaState {
  lastWriteAt: number;
  downUntil: number;
}

/** How long reads stay off the replica after it failed to answer (then one is tried again). */
const REPLICA_RETRY_MS = 5000;

/**
 * One Kysely connection over the primary and, when configured, a read replica. A lone read (a plain
 * SELECT outside a transaction, `isRetryableRead`) and a read-only transaction (`setAccessMode('read
 * only')`, e.g. an aggregate with planner settings) go to the replica, unless this process wrote in the
 * last `readAfterWriteMs` (the replica may not have replayed it yet: read-your-writes) or the replica is
 * set aside after a failure; everything else goes to the primary. A lone read, or the start of a
 * read-only transaction, that the replica cannot serve for want of a connection goes to the primary.
 */
class RoutingConnection implements DatabaseConnection {
  private readonly primary: ResilientConnection;
  private readonly replica: ResilientConnection | undefined;
  /** The connection the open transaction runs on, and whether it may write. */
  private tx: { on: ResilientConnection; writes: boolean } | undefined;

  constructor(
    pools: { primary: pg.Pool; replica: pg.Pool | undefined },
    private readonly state: ReplicaState,
    private readonly readAfterWriteMs: number,
    private readonly log: DbLogger,
    private readonly service: string,
  ) {
    this.primary = new ResilientConnection(pools.primary, log, service);
    this.replica = pools.replica && new ResilientConnection(pools.replica, log, service);
  }

  /** The replica when a read may go there now. */
  private replicaForRead(): ResilientConnection | undefined {
    const now = Date.now();
    return this.replica && now - this.state.lastWriteAt >= this.readAfterWriteMs && now >= this.state.downUntil ? this.replica : undefined;
  }

  private setAside(err: unknown): void {
    this.state.downUntil = Date.now() + REPLICA_RETRY_MS;
    this.log.warn({ service: this.service, dependency: 'postgres-replica', err: (err as Error).message }, 'read replica unavailable; reads go to the primary');
  }

  private wrote(): void {
    this.state.lastWriteAt = Date.now();
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    if (this.tx) return this.tx.on.executeQuery<R>(compiled);
    const read = isRetryableRead(compiled.sql);
    const replica = read ? this.replicaForRead() : undefined;
    if (replica) {
      try {
        return await replica.executeQuery<R>(compiled);
      } catch (err) {
        if (!isConnectionError(err)) throw err;
        this.setAside(err);
      }
    }
    if (!read) this.wrote();
    try {
      return await this.primary.executeQuery<R>(compiled);
    } finally {
      // From the write's end too: the reads after a long write must not miss it.
      if (!read) this.wrote();
    }
  }

  async begin(settings: TransactionSettings): Promise<void> {
    let sqlText = 'begin';
    if (settings.isolationLevel || settings.accessMode) {
      sqlText = ['start transaction', settings.isolationLevel ? `isolation level ${settings.isolationLevel}` : '', settings.accessMode ?? '']
        .filter(Boolean)
        .join(' ');
    }
    const replica = settings.accessMode === 'read only' ? this.replicaForRead() : undefined;
    if (replica) {
      try {
        replica.inTransaction = true;
        await replica.executeQuery(CompiledQuery.raw(sqlText));
        this.tx = { on: replica, writes: false };
        return;
      } catch (err) {
        replica.inTransaction = false;
        if (!isConnectionError(err)) throw err;
        this.setAside(err);
      }
    }
    this.primary.inTransaction = true;
    this.tx = { on: this.primary, writes: settings.accessMode !== 'read only' };
    await this.primary.executeQuery(CompiledQuery.raw(sqlText));
  }

  async commit(): Promise<void> {
    const tx = this.tx;
    if (!tx) return;
    try {
      await tx.on.executeQuery(CompiledQuery.raw('commit'));
    } finally {
      this.tx = undefined;
      tx.on.inTransaction = false;
      // What the transaction wrote is read from the primary for a while (read-your-writes).
      if (tx.writes) this.wrote();
    }
  }

  async rollback(): Promise<void> {
    const tx = this.tx;
    if (!tx) return;
    try {
      await tx.on.executeQuery(CompiledQuery.raw('rollback'));
    } catch (err) {
      // A lost connection has rolled back already; keep the error that made us roll back.
      if (!isConnectionError(err)) throw err;
      tx.on.markBroken(err as Error);
    } finally {
      this.tx = undefined;
      tx.on.inTransaction = false;
    }
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not configured for this database');
  }

  release(): void {
    this.primary.release();
    this.replica?.release();
  }
}

/**
 * Kysely's PostgreSQL driver with lazy connections, a retried safe read, no crash on lost clients,
 * and reads sent to a read replica when one is configured (RoutingConnection).
 */
class ResilientPostgresDriver implements Driver {
  private readonly state: ReplicaState = { lastWriteAt: 0, downUntil: 0 };

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: DbLogger,
    private readonly service: string,
    private readonly readPool: pg.Pool | undefined,
    private readonly readAfterWriteMs: number,
  ) {}

  async init(): Promise<void> {}

  // The client is taken with the first statement, so a read that cannot connect is retried too.
  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutingConnection({ primary: this.pool, replica: this.readPool }, this.state, this.readAfterWriteMs, this.log, this.service);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await (connection as RoutingConnection).begin(settings);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as RoutingConnection).commit();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as RoutingConnection).rollback();
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as RoutingConnection).release();
  }

  async destroy(): Promise<void> {
    await Promise.all([this.pool.end(), this.readPool?.end()]);
  }
}

export interface ResilientDialectConfig {
  pool: pg.Pool;
  /** The service, named in every log line. */
  service: string;
  log?: DbLogger;
  /** A read replica's pool (`<NAME>_READ_DATABASE_URL`): lone reads go there (RoutingConnection). */
  readPool?: pg.Pool;
  /**
   * After a write, reads stay on the primary this long, ms (`PG_READ_AFTER_WRITE_MS`, default 2000):
   * longer than a streaming replica's usual lag, so what was just saved is what the next page shows.
   */
  readAfterWriteMs?: number;
}

/** The lazily made pino logger of a service (nothing is made while all is well). */
function lazyLogger(): DbLogger {
  let log: DbLogger | undefined;
  return { warn: (o, m) => (log ??= pino(loggerOptions())).warn(o, m) };
}

/** PostgresDialect with the resilient driver; also makes sure the pool itself never throws 'error'. */
export class ResilientPostgresDialect extends SearchPathPostgresDialect {
  private readonly resilient: ResilientDialectConfig & { log: DbLogger };

  constructor(config: ResilientDialectConfig) {
    super({ pool: config.pool } satisfies PostgresDialectConfig);
    const log = config.log ?? lazyLogger();
    this.resilient = { ...config, log };
    watchPool(config.pool, config.service, log);
    if (config.readPool) watchPool(config.readPool, config.service, log);
  }

  override createDriver(): Driver {
    const { pool, log, service, readPool, readAfterWriteMs } = this.resilient;
    return new ResilientPostgresDriver(pool, log, service, readPool, readAfterWriteMs ?? parseEnv(POSTGRES_ENV).PG_READ_AFTER_WRITE_MS);
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
