import { sql, type ColumnType, type Generated, type Kysely } from 'kysely';

/**
 * The columns every subgraph's `outbox` table has (see `__fixtures__/migrations/0001_outbox.sql`
 * for the DDL to copy). A subgraph may add its own columns; the worker ignores them.
 */
export interface OutboxTable {
  id: Generated<number>;
  /** What triggered the mail, e.g. `inquiry.confirmation` (logs and metrics only). */
  kind: string;
  recipient: string;
  reply_to: ColumnType<string | null, string | null | undefined, string | null>;
  subject: string;
  /** The plain-text body, always present. */
  body: string;
  /** An optional HTML alternative; whoever enqueues it has escaped every value in it. */
  html: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: ColumnType<Date, never, never>;
  /** Claims so far; also the fencing token of the current claim. */
  attempts: Generated<number>;
  /** When the row may be claimed next: now for new rows, the lease end while claimed, the backoff after a failure. */
  next_attempt_at: ColumnType<Date, never, string | Date>;
  last_error: ColumnType<string | null, never, string | null>;
  message_id: ColumnType<string | null, never, string | null>;
  delivered_at: ColumnType<Date | null, never, Date | string | null>;
  /** Set when attempts ran out; the row is kept for an operator to look at. */
  failed_at: ColumnType<Date | null, never, Date | string | null>;
}

export interface OutboxDB {
  outbox: OutboxTable;
}

/** A mail to send later, written in the same transaction as the change that triggers it. */
export interface OutboxDraft {
  kind: string;
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html?: string | null;
}

/** A claimed row, as the worker hands it to a transport. */
export interface OutboxRow {
  id: number;
  kind: string;
  recipient: string;
  replyTo: string | null;
  subject: string;
  body: string;
  html: string | null;
  createdAt: Date;
  /** Claims including this one: the fencing token for the failure update. */
  attempts: number;
}

/**
 * Any Kysely instance or transaction whose schema has an `outbox` table. Kysely's types are
 * invariant in the DB type (and inference through Transaction<DB> fails), so the outbox
 * functions take this structural type and view the database as just its outbox.
 */
export type OutboxDatabase = Pick<Kysely<OutboxDB>, 'executeQuery'>;

const outboxDb = (db: OutboxDatabase): Kysely<OutboxDB> => db as unknown as Kysely<OutboxDB>;

/**
 * Writes mails to the outbox. Call it with the transaction of the change that triggers
 * them, so a mail exists exactly when its cause was committed.
 */
export async function enqueueMails(db: OutboxDatabase, drafts: readonly OutboxDraft[], extra: Record<string, unknown> = {}): Promise<number[]> {
  if (drafts.length === 0) return [];
  const rows = drafts.map((d) => ({
    kind: d.kind,
    recipient: d.to,
    reply_to: d.replyTo ?? null,
    subject: d.subject,
    body: d.text,
    html: d.html ?? null,
    ...extra,
  }));
  const inserted = await outboxDb(db).insertInto('outbox').values(rows).returning('id').execute();
  return inserted.map((r) => r.id);
}

/**
 * Claims up to `limit` due rows for `leaseMs`: `FOR UPDATE SKIP LOCKED` lets concurrent
 * workers take disjoint rows, and the lease (next_attempt_at in the future) keeps them
 * from being claimed again while this worker sends, without holding a transaction open
 * during SMTP. A worker that dies mid-batch loses its lease and the rows come back.
 */
export async function claimDue(db: OutboxDatabase, limit: number, leaseMs: number): Promise<OutboxRow[]> {
  const { rows } = await sql<{
    id: number;
    kind: string;
    recipient: string;
    reply_to: string | null;
    subject: string;
    body: string;
    html: string | null;
    created_at: Date;
    attempts: number;
  }>`
    WITH due AS (
      SELECT id FROM outbox
      WHERE delivered_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
      ORDER BY next_attempt_at, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE outbox o
    SET attempts = o.attempts + 1, next_attempt_at = now() + ${leaseMs} * interval '1 millisecond'
    FROM due WHERE o.id = due.id
    RETURNING o.id, o.kind, o.recipient, o.reply_to, o.subject, o.body, o.html, o.created_at, o.attempts`.execute(outboxDb(db));
  return rows
    .map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      recipient: r.recipient,
      replyTo: r.reply_to,
      subject: r.subject,
      body: r.body,
      html: r.html,
      createdAt: new Date(r.created_at),
      attempts: r.attempts,
    }))
    .sort((a, b) => a.id - b.id);
}

/**
 * Records a delivery. Not fenced: whoever sent it, the mail is out, and marking it stops
 * any further send.
 */
export async function markDelivered(db: OutboxDatabase, id: number, messageId: string): Promise<void> {
  await outboxDb(db)
    .updateTable('outbox')
    .set({ delivered_at: sql<Date>`now()`, message_id: messageId, last_error: null })
    .where('id', '=', id)
    .where('delivered_at', 'is', null)
    .execute();
}

/**
 * Records a failed attempt: retried after `retryInMs`, or given up when `giveUp`. Fenced by
 * `attempts`, so a worker whose lease ran out cannot reschedule a row another worker holds.
 */
export async function markFailed(
  db: OutboxDatabase,
  row: Pick<OutboxRow, 'id' | 'attempts'>,
  error: string,
  retryInMs: number,
  giveUp: boolean,
): Promise<boolean> {
  const result = await outboxDb(db)
    .updateTable('outbox')
    .set({
      last_error: error.slice(0, 2000),
      next_attempt_at: sql<Date>`now() + ${retryInMs} * interval '1 millisecond'`,
      ...(giveUp ? { failed_at: sql<Date>`now()` } : {}),
    })
    .where('id', '=', row.id)
    .where('attempts', '=', row.attempts)
    .where('delivered_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Counts by state, for readiness checks and tests. */
export async function outboxCounts(db: OutboxDatabase): Promise<{ pending: number; delivered: number; failed: number }> {
  const { rows } = await sql<{ pending: number; delivered: number; failed: number }>`
    SELECT count(*) FILTER (WHERE delivered_at IS NULL AND failed_at IS NULL)::int AS pending,
           count(*) FILTER (WHERE delivered_at IS NOT NULL)::int AS delivered,
           count(*) FILTER (WHERE failed_at IS NOT NULL)::int AS failed
    FROM outbox`.execute(outboxDb(db));
  const r = rows[0];
  return { pending: r?.pending ?? 0, delivered: r?.delivered ?? 0, failed: r?.failed ?? 0 };
}
