import { claimDue, markDelivered, markFailed, type OutboxDatabase, type OutboxRow } from './outbox.js';
import type { MailTransport } from './transport.js';

/** The worker's settings when not given (and the OUTBOX_* variables' defaults, config.ts). */
export const OUTBOX_DEFAULTS = { batchSize: 20, intervalMs: 5_000, leaseMs: 5 * 60_000, maxAttempts: 10 } as const;

/** The slice of a pino / fastify logger the worker uses. */
export interface OutboxLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface OutboxWorkerOptions {
  /** A Kysely instance whose schema has the outbox table. */
  db: OutboxDatabase;
  transport: MailTransport;
  /** The owning subgraph: part of every Message-ID, so two subgraphs' outbox ids never collide. */
  name: string;
  /** The From header, e.g. `sumika <no-reply@sumika.example>`. */
  from: string;
  /** Right-hand side of Message-IDs; defaults to the From address's domain. */
  messageIdDomain?: string;
  /** Rows claimed per round trip (default 20). */
  batchSize?: number;
  /** Pause between polls when idle (default 5 s). */
  intervalMs?: number;
  /**
   * How long a claim lasts before another worker may take the row (default 5 min). It must
   * exceed a whole batch's worst-case send time (the SMTP timeouts bound each send).
   */
  leaseMs?: number;
  /** Attempts before a row is marked failed (default 10). */
  maxAttempts?: number;
  /** Delay before retry number `attempts + 1` (default 30 s doubling, at most 6 h). */
  backoffMs?: (attempts: number) => number;
  logger?: OutboxLogger;
}

export interface RoundResult {
  claimed: number;
  delivered: number;
  failed: number;
}

export const defaultBackoff = (attempts: number): number => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 6 * 3600_000);

const silent: OutboxLogger = { info: () => {}, warn: () => {}, error: () => {} };

function domainOf(from: string): string {
  const m = /@([^>\s]+)>?\s*$/.exec(from);
  return m?.[1] ?? 'localhost';
}

/**
 * Delivers an outbox: claims due rows (FOR UPDATE SKIP LOCKED, then a lease), hands each to
 * the transport and marks it delivered; failures are retried with backoff.
 *
 * Never sends twice in the normal course: a row is claimed by one worker at a time and is
 * marked right after its send. The one window left is a crash between the transport
 * accepting a mail and the mark being committed; the row then comes back after its lease
 * and is sent again with the same Message-ID (derived from the outbox id) and the same bytes,
 * so the file transport overwrites its file and mail systems can drop the duplicate.
 */
export class OutboxWorker {
  readonly messageIdDomain: string;
  private readonly batchSize: number;
  private readonly intervalMs: number;
  private readonly leaseMs: number;
  private readonly maxAttempts: number;
  private readonly backoffMs: (attempts: number) => number;
  private readonly log: OutboxLogger;
  private timer: NodeJS.Timeout | undefined;
  private current: Promise<unknown> | undefined;
  private started = false;
  private stopping = false;
  private kicked = false;

  constructor(private readonly opts: OutboxWorkerOptions) {
    this.messageIdDomain = opts.messageIdDomain ?? domainOf(opts.from);
    this.batchSize = opts.batchSize ?? OUTBOX_DEFAULTS.batchSize;
    this.intervalMs = opts.intervalMs ?? OUTBOX_DEFAULTS.intervalMs;
    this.leaseMs = opts.leaseMs ?? OUTBOX_DEFAULTS.leaseMs;
    this.maxAttempts = opts.maxAttempts ?? OUTBOX_DEFAULTS.maxAttempts;
    this.backoffMs = opts.backoffMs ?? defaultBackoff;
    this.log = opts.logger ?? silent;
  }

  /** The Message-ID of an outbox row: stable across redeliveries. */
  messageIdFor(outboxId: number): string {
    return `<outbox.${this.opts.name}.${outboxId}@${this.messageIdDomain}>`;
  }

  /** Polls every `intervalMs` until `stop()`. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.stopping = false;
    this.schedule(0);
  }

  /** Asks for a round now (e.g. right after a commit that enqueued mail) instead of at the next poll. */
  kick(): void {
    if (!this.started || this.stopping) return;
    if (this.current) {
      this.kicked = true;
      return;
    }
    this.schedule(0);
  }

  /** Stops polling and waits for the batch in flight. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.current?.catch(() => {});
    this.started = false;
  }

  private schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const run = this.drain().catch((err: unknown) => {
        this.log.error({ err }, 'outbox round failed');
      });
      this.current = run;
      void run.finally(() => {
        this.current = undefined;
        if (this.stopping) return;
        const again = this.kicked;
        this.kicked = false;
        this.schedule(again ? 0 : this.intervalMs);
      });
    }, ms);
    this.timer.unref?.();
  }

  /** Rounds until nothing is due (or the worker is stopping). */
  async drain(): Promise<RoundResult> {
    const total: RoundResult = { claimed: 0, delivered: 0, failed: 0 };
    for (;;) {
      const r = await this.runOnce();
      total.claimed += r.claimed;
      total.delivered += r.delivered;
      total.failed += r.failed;
      if (r.claimed < this.batchSize || this.stopping) return total;
    }
  }

  /** One round: claim a batch, send each, record the outcome. */
  async runOnce(): Promise<RoundResult> {
    const rows = await claimDue(this.opts.db, this.batchSize, this.leaseMs);
    const result: RoundResult = { claimed: rows.length, delivered: 0, failed: 0 };
    for (const row of rows) {
      if (await this.deliver(row)) result.delivered++;
      else result.failed++;
    }
    return result;
  }

  private async deliver(row: OutboxRow): Promise<boolean> {
    const messageId = this.messageIdFor(row.id);
    try {
      await this.opts.transport.send({
        outboxId: row.id,
        messageId,
        from: this.opts.from,
        to: row.recipient,
        replyTo: row.replyTo,
        subject: row.subject,
        text: row.body,
        html: row.html,
        date: row.createdAt,
      });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const giveUp = row.attempts >= this.maxAttempts;
      await markFailed(this.opts.db, row, message, this.backoffMs(row.attempts), giveUp);
      this.log[giveUp ? 'error' : 'warn'](
        { outboxId: row.id, kind: row.kind, attempts: row.attempts, err: message },
        giveUp ? 'outbox mail failed for good' : 'outbox mail failed; will retry',
      );
      return false;
    }
    await markDelivered(this.opts.db, row.id, messageId);
    this.log.info({ outboxId: row.id, kind: row.kind, transport: this.opts.transport.kind }, 'outbox mail delivered');
    return true;
  }
}
