import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { migrateToLatest, type Database } from '@sumika/storage-kit';
import { testBackends } from '@sumika/storage-kit/testing';
import { enqueueMails, outboxCounts, type OutboxDB } from './outbox.js';
import { FileTransport, type MailTransport, type OutboundMail } from './transport.js';
import { OutboxWorker } from './worker.js';

const migrations = path.join(path.dirname(fileURLToPath(import.meta.url)), '__fixtures__', 'migrations');
const FROM = 'sumika <no-reply@sumika.example>';

/** Records every completed send; optional delay, failures and a hang point. */
class RecordingTransport implements MailTransport {
  readonly kind = 'recording';
  readonly sent: OutboundMail[] = [];
  constructor(private readonly behaviour: { delayMs?: number; fail?: (m: OutboundMail) => boolean } = {}) {}
  async send(mail: OutboundMail): Promise<void> {
    if (this.behaviour.delayMs) await sleep(Math.random() * this.behaviour.delayMs);
    if (this.behaviour.fail?.(mail)) throw new Error(`refused ${mail.outboxId}`);
    this.sent.push(mail);
  }
  async close(): Promise<void> {}
  countsById(): Map<number, number> {
    const m = new Map<number, number>();
    for (const s of this.sent) m.set(s.outboxId, (m.get(s.outboxId) ?? 0) + 1);
    return m;
  }
}

/**
 * A transport that "dies" at the n-th send: before or after the inner transport accepted the
 * mail, it hangs forever (the process is gone) and every later send fails, like a killed worker.
 */
class DyingTransport implements MailTransport {
  readonly kind = 'dying';
  private count = 0;
  dead = false;
  private release: (() => void) | undefined;
  readonly reached: Promise<void>;
  private reach!: () => void;
  constructor(
    private readonly inner: MailTransport,
    private readonly at: number,
    private readonly when: 'before-send' | 'after-send',
  ) {
    this.reached = new Promise((r) => (this.reach = r));
  }
  async send(mail: OutboundMail): Promise<void> {
    if (this.dead) throw new Error('worker process is gone');
    if (++this.count === this.at) {
      if (this.when === 'after-send') await this.inner.send(mail);
      this.dead = true;
      this.reach();
      await new Promise<void>((r) => (this.release = r));
      throw new Error('worker process is gone');
    }
    await this.inner.send(mail);
  }
  /** Lets the hung call return, so the test can end cleanly. */
  unhang(): void {
    this.release?.();
  }
  async close(): Promise<void> {}
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function enqueue(db: Kysely<OutboxDB>, n: number): Promise<number[]> {
  return enqueueMails(
    db,
    Array.from({ length: n }, (_, i) => ({
      kind: 'test.mail',
      to: `visitor${i}@example.jp`,
      replyTo: i % 2 ? `reply${i}@example.jp` : null,
      subject: `【sumika】テスト ${i}`,
      text: `本文 ${i}\n<script>alert(1)</script>`,
      html: i % 3 ? null : `<p>本文 ${i}</p>`,
    })),
  );
}

async function rows(db: Kysely<OutboxDB>) {
  return db.selectFrom('outbox').selectAll().orderBy('id').execute();
}

describe.each(testBackends())('outbox worker on $name', (backend) => {
  let database: Database<OutboxDB>;
  let db: Kysely<OutboxDB>;

  beforeEach(async () => {
    database = await backend.open<OutboxDB>('forms');
    await migrateToLatest(database, migrations);
    db = database.db;
  });
  afterEach(async () => {
    await database.close();
  });

  it('claims with FOR UPDATE SKIP LOCKED, sends each row once and marks it delivered with its Message-ID', async () => {
    const ids = await enqueue(db, 5);
    const transport = new RecordingTransport();
    const worker = new OutboxWorker({ db, transport, name: 'forms', from: FROM });
    expect(await worker.runOnce()).toEqual({ claimed: 5, delivered: 5, failed: 0 });
    expect(await worker.runOnce()).toEqual({ claimed: 0, delivered: 0, failed: 0 });
    expect(transport.sent.map((m) => m.outboxId)).toEqual(ids);
    const first = transport.sent[0];
    expect(first).toMatchObject({
      from: FROM,
      to: 'visitor0@example.jp',
      subject: '【sumika】テスト 0',
      text: '本文 0\n<script>alert(1)</script>',
      html: '<p>本文 0</p>',
    });
    expect(transport.sent[1]?.replyTo).toBe('reply1@example.jp');
    const stored = await rows(db);
    for (const r of stored) {
      expect(r.delivered_at).toBeInstanceOf(Date);
      expect(r.attempts).toBe(1);
      expect(r.message_id).toBe(`<outbox.forms.${r.id}@sumika.example>`);
    }
    expect(await outboxCounts(db)).toEqual({ pending: 0, delivered: 5, failed: 0 });
  });

  it('retries a failed send after a backoff, then delivers it; gives up after maxAttempts', async () => {
    const [flaky = 0, poison = 0] = await enqueue(db, 2);
    let flakyFailures = 1;
    const transport = new RecordingTransport({
      fail: (m) => m.outboxId === poison || (m.outboxId === flaky && flakyFailures-- > 0),
    });
    const worker = new OutboxWorker({ db, transport, name: 'forms', from: FROM, maxAttempts: 3, backoffMs: (n) => 60_000 * n });
    expect(await worker.runOnce()).toEqual({ claimed: 2, delivered: 0, failed: 2 });
    let [a] = await rows(db);
    expect(a).toMatchObject({ attempts: 1, delivered_at: null, failed_at: null, last_error: `refused ${flaky}` });
    const { rows: delay } = await sql<{ s: number }>`SELECT extract(epoch FROM next_attempt_at - now())::float8 AS s FROM outbox WHERE id = ${flaky}`.execute(
      db,
    );
    expect(delay[0]?.s).toBeGreaterThan(50);
    expect(delay[0]?.s).toBeLessThanOrEqual(60);
    // Not due yet: nothing is claimed.
    expect((await worker.runOnce()).claimed).toBe(0);

    for (let round = 2; round <= 3; round++) {
      await sql`UPDATE outbox SET next_attempt_at = now() WHERE delivered_at IS NULL`.execute(db);
      await worker.runOnce();
    }
    [a] = await rows(db);
    const p = (await rows(db))[1];
    expect(a).toMatchObject({ attempts: 2, last_error: null, failed_at: null });
    expect(a?.delivered_at).toBeInstanceOf(Date);
    expect(p).toMatchObject({ attempts: 3, delivered_at: null, last_error: `refused ${poison}` });
    expect(p?.failed_at).toBeInstanceOf(Date);
    await sql`UPDATE outbox SET next_attempt_at = now()`.execute(db);
    expect((await worker.runOnce()).claimed).toBe(0);
    expect(await outboxCounts(db)).toEqual({ pending: 0, delivered: 1, failed: 1 });
    expect(transport.countsById().get(flaky)).toBe(1);
  });

  it('two workers draining concurrently deliver every row exactly once', async () => {
    const ids = await enqueue(db, 60);
    const transport = new RecordingTransport({ delayMs: 5 });
    const w1 = new OutboxWorker({ db, transport, name: 'forms', from: FROM, batchSize: 7 });
    const w2 = new OutboxWorker({ db, transport, name: 'forms', from: FROM, batchSize: 7 });
    const [r1, r2] = await Promise.all([w1.drain(), w2.drain()]);
    expect(r1.delivered + r2.delivered).toBe(60);
    expect(r1.delivered).toBeGreaterThan(0);
    expect(r2.delivered).toBeGreaterThan(0);
    const counts = transport.countsById();
    expect([...counts.keys()].sort((a, b) => a - b)).toEqual(ids);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect((await rows(db)).every((r) => r.attempts === 1 && r.delivered_at)).toBe(true);
  });

  it('a worker stopped mid-way and a new one started deliver every row exactly once', async () => {
    const ids = await enqueue(db, 30);
    const transport = new RecordingTransport({ delayMs: 10 });
    const first = new OutboxWorker({ db, transport, name: 'forms', from: FROM, batchSize: 4, intervalMs: 10 });
    first.start();
    while (transport.sent.length < 6) await sleep(5);
    await first.stop();
    const afterStop = transport.sent.length;
    expect(afterStop).toBeLessThan(30);
    const second = new OutboxWorker({ db, transport, name: 'forms', from: FROM, batchSize: 4 });
    await second.drain();
    const counts = transport.countsById();
    expect([...counts.keys()].sort((a, b) => a - b)).toEqual(ids);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
  });

  it('a worker killed mid-batch before a send: its claimed rows come back after the lease, each sent once', async () => {
    const ids = await enqueue(db, 10);
    const log = new RecordingTransport();
    const dying = new DyingTransport(log, 3, 'before-send');
    // A lease long enough that a loaded CI machine cannot outlast it before the first drain below.
    const LEASE_MS = 3000;
    const killed = new OutboxWorker({ db, transport: dying, name: 'forms', from: FROM, batchSize: 5, leaseMs: LEASE_MS });
    const zombie = killed.runOnce().catch(() => undefined);
    await dying.reached;
    expect(log.sent.map((m) => m.outboxId)).toEqual(ids.slice(0, 2));

    const restarted = new OutboxWorker({ db, transport: log, name: 'forms', from: FROM, batchSize: 5, leaseMs: LEASE_MS });
    // Rows 3–5 are still leased by the dead worker: only 6–10 are due.
    await restarted.drain();
    expect(log.sent.map((m) => m.outboxId).sort((a, b) => a - b)).toEqual([...ids.slice(0, 2), ...ids.slice(5)]);
    await sleep(LEASE_MS + 100);
    await restarted.drain();
    dying.unhang();
    await zombie;

    const counts = log.countsById();
    expect([...counts.keys()].sort((a, b) => a - b)).toEqual(ids);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    const stored = await rows(db);
    expect(stored.every((r) => r.delivered_at && r.failed_at === null)).toBe(true);
    // The dead worker's late failure report is fenced off: rows it lost stay delivered and clean.
    expect(stored.filter((r) => r.attempts === 2).map((r) => r.id)).toEqual(ids.slice(2, 5));
    expect(stored.every((r) => r.last_error === null)).toBe(true);
  });

  it('a worker killed between send and mark: the redelivery has the same Message-ID and overwrites the same file', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'outbox-'));
    try {
      const ids = await enqueue(db, 6);
      const files = new FileTransport(dir);
      const dying = new DyingTransport(files, 2, 'after-send');
      const killed = new OutboxWorker({ db, transport: dying, name: 'forms', from: FROM, batchSize: 3, leaseMs: 300 });
      const zombie = killed.runOnce().catch(() => undefined);
      await dying.reached;
      const victim = ids[1] as number;
      const before = await readFile(files.fileFor(victim));

      await sleep(400);
      const log = new RecordingTransport();
      const restarted = new OutboxWorker({
        db,
        transport: { kind: 'file+log', send: async (m) => (await files.send(m), await log.send(m)), close: async () => {} },
        name: 'forms',
        from: FROM,
        batchSize: 3,
      });
      await restarted.drain();
      dying.unhang();
      await zombie;

      expect((await readdir(dir)).sort()).toEqual(ids.map((id) => `${id}.eml`).sort());
      expect(log.sent.find((m) => m.outboxId === victim)?.messageId).toBe(`<outbox.forms.${victim}@sumika.example>`);
      // Same bytes: same Message-ID, Date and MIME boundaries, so receivers see one message.
      expect((await readFile(files.fileFor(victim))).equals(before)).toBe(true);
      expect((await rows(db)).every((r) => r.delivered_at)).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('start() polls, kick() delivers at once, stop() waits for the round in flight', async () => {
    const transport = new RecordingTransport({ delayMs: 20 });
    const worker = new OutboxWorker({ db, transport, name: 'forms', from: FROM, intervalMs: 60_000 });
    worker.start();
    await sleep(50);
    const [id] = await enqueue(db, 1);
    worker.kick();
    for (let i = 0; i < 100 && transport.sent.length === 0; i++) await sleep(10);
    expect(transport.sent.map((m) => m.outboxId)).toEqual([id]);
    await worker.stop();
  });

  (backend.name === 'postgres' ? it : it.skip)('skips rows another transaction has locked (PostgreSQL: PGlite has one connection)', async () => {
    const ids = await enqueue(db, 6);
    const client = await database.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT id FROM outbox WHERE id = ANY($1) FOR UPDATE', [ids.slice(0, 3)]);
      const transport = new RecordingTransport();
      const worker = new OutboxWorker({ db, transport, name: 'forms', from: FROM });
      expect((await worker.runOnce()).delivered).toBe(3);
      expect(transport.sent.map((m) => m.outboxId)).toEqual(ids.slice(3));
      await client.query('COMMIT');
      expect((await worker.runOnce()).delivered).toBe(3);
    } finally {
      client.release();
    }
  });
});
