import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FileTransport, OutboxWorker } from '@sumika/mail-kit';
import type { RedisSingleClient } from '@sumika/server-kit';
import { testBackends } from '@sumika/storage-kit/testing';
import { sql } from 'kysely';
import { createFormRateLimiter, RATE_LIMITED, type FormRateLimiter, type RateLimitConfig } from '../rate-limit/rate-limit.js';
import { connectRedis } from '../rate-limit/redis.js';
import { CREATE_APPLY, SEND_INQUIRY, SEND_VIOLATION, validApply, validInquiry, validViolation, XSS_SCRIPT } from '../testing/fixtures.js';
import { openHarness, visitor, type Harness } from '../testing/harness.js';

const count = async (h: Harness, table: 'submission' | 'outbox') =>
  Number(
    (
      await h.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe.each(testBackends())('submission pipeline on $name', (backend) => {
  describe('durability', () => {
    let h: Harness;
    let enqueued = 0;
    beforeAll(async () => {
      h = await openHarness(backend, { onEnqueued: () => enqueued++ });
    });
    afterAll(async () => {
      await h.close();
    });

    it('a failing outbox insert rolls the submission back: nothing is stored, nothing announced', async () => {
      await sql`ALTER TABLE outbox ADD CONSTRAINT test_outbox_down CHECK (false) NOT VALID`.execute(h.database.db);
      try {
        const res = await h.auth.query(h.app, SEND_INQUIRY, validInquiry(), visitor());
        expect(res.errors?.[0]?.extensions?.code).toBe('INTERNAL_SERVER_ERROR');
        expect(await count(h, 'submission')).toBe(0);
        expect(await count(h, 'outbox')).toBe(0);
        expect(enqueued).toBe(0);
      } finally {
        await sql`ALTER TABLE outbox DROP CONSTRAINT test_outbox_down`.execute(h.database.db);
      }
      const ok = await h.auth.query(h.app, SEND_INQUIRY, validInquiry(), visitor());
      expect(ok.errors).toBeUndefined();
      expect(await count(h, 'submission')).toBe(1);
      expect(await count(h, 'outbox')).toBe(2);
      expect(enqueued).toBe(1);
    });

    it('the worker delivers every mail of the submissions exactly once, as .eml files', async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'forms-outbox-'));
      try {
        await h.auth.query(h.app, SEND_VIOLATION, { ...validViolation(), free: XSS_SCRIPT }, visitor());
        await h.auth.query(h.app, CREATE_APPLY, { input: validApply() }, visitor());
        const pending = await h.database.db.selectFrom('outbox').select(['id', 'kind', 'recipient']).where('delivered_at', 'is', null).orderBy('id').execute();
        expect(pending).toHaveLength(6);

        const transport = new FileTransport(dir);
        const worker = new OutboxWorker({ db: h.database.db, transport, name: 'forms', from: 'sumika <no-reply@sumika.example>' });
        expect(await worker.drain()).toEqual({ claimed: 6, delivered: 6, failed: 0 });
        expect(await worker.drain()).toEqual({ claimed: 0, delivered: 0, failed: 0 });
        expect((await readdir(dir)).sort()).toEqual(pending.map((p) => `${p.id}.eml`).sort());

        const confirmation = pending.find((p) => p.kind === 'violation.confirmation');
        const eml = await readFile(path.join(dir, `${confirmation?.id}.eml`), 'utf8');
        expect(eml).toMatch(new RegExp(`^Message-ID: <outbox\\.forms\\.${confirmation?.id}@sumika\\.example>\\r$`, 'm'));
        expect(eml).toMatch(/^To: ichiro\.suzuki@example\.jp\r$/m);
        expect(eml).toContain('Content-Type: text/html');
        const delivered = await h.database.db
          .selectFrom('outbox')
          .selectAll()
          .where(
            'id',
            'in',
            pending.map((p) => p.id),
          )
          .execute();
        expect(delivered.every((m) => m.delivered_at && m.attempts === 1 && m.message_id === `<outbox.forms.${m.id}@sumika.example>`)).toBe(true);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });
  });

  const limiterStores: { name: string; make(config: RateLimitConfig): Promise<{ limiter: FormRateLimiter; close(): Promise<void> }> }[] = [
    { name: 'memory', make: async (config) => ({ limiter: createFormRateLimiter(config), close: async () => {} }) },
  ];
  const redisUrl = process.env.REDIS_URL;
  if (redisUrl) {
    limiterStores.push({
      name: 'redis',
      make: async (config) => {
        const redis = await connectRedis(redisUrl);
        const keyPrefix = `test:forms:${randomBytes(6).toString('hex')}`;
        return {
          limiter: createFormRateLimiter(config, { redis, keyPrefix }),
          close: async () => {
            // REDIS_URL here is one server (the shared test Redis), not a cluster.
            const client = redis.client as RedisSingleClient;
            for await (const keys of client.scanIterator({ MATCH: `${keyPrefix}*` })) if (keys.length) await client.del(keys);
            await redis.close();
          },
        };
      },
    });
  }

  describe.each(limiterStores)('rate limits ($name)', (store) => {
    let h: Harness;
    let close: () => Promise<void>;
    beforeAll(async () => {
      const made = await store.make({ visitor: { points: 2, durationSec: 600 }, ip: { points: 6, durationSec: 600 } });
      close = made.close;
      h = await openHarness(backend, { limiter: made.limiter });
    });
    afterAll(async () => {
      await h.close();
      await close();
    });

    it('per visitor and form: accepted submissions count, invalid attempts do not', async () => {
      const me = visitor('uid-limited', '198.51.100.10');
      const invalid = await h.auth.query(h.app, SEND_INQUIRY, { ...validInquiry(), email: 'bad' }, me);
      expect(invalid.errors?.[0]?.extensions?.fields).toBeDefined();
      for (let i = 0; i < 2; i++) expect((await h.auth.query(h.app, SEND_INQUIRY, validInquiry(), me)).errors).toBeUndefined();
      const refused = await h.auth.query(h.app, SEND_INQUIRY, validInquiry(), me);
      expect(refused.data).toBeNull();
      expect(refused.errors?.[0]?.message).toBe(RATE_LIMITED);
      expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_REQUEST', reason: 'TOO_MANY_REQUESTS' });
      expect(refused.errors?.[0]?.extensions?.retryAfter).toBeGreaterThan(590);
      // Another form still has its own budget; another visitor too.
      expect((await h.auth.query(h.app, SEND_VIOLATION, validViolation(), me)).errors).toBeUndefined();
      expect((await h.auth.query(h.app, SEND_INQUIRY, validInquiry(), visitor('uid-other', '198.51.100.11'))).errors).toBeUndefined();
      expect(await count(h, 'submission')).toBe(4);
    });

    it('per IP: every attempt counts, across visitors and forms; other IPs are unaffected', async () => {
      const ip = '198.51.100.20';
      const before = await count(h, 'submission');
      for (let i = 0; i < 5; i++) expect((await h.auth.query(h.app, SEND_INQUIRY, validInquiry(), visitor(`uid-ip-${i}`, ip))).errors).toBeUndefined();
      expect(
        (await h.auth.query(h.app, SEND_VIOLATION, { ...validViolation(), email: null }, visitor('uid-ip-5', ip))).errors?.[0]?.extensions?.fields,
      ).toBeDefined();
      const refused = await h.auth.query(h.app, SEND_VIOLATION, validViolation(), visitor('uid-ip-6', ip));
      expect(refused.errors?.[0]).toMatchObject({ message: RATE_LIMITED, extensions: { code: 'BAD_REQUEST', reason: 'TOO_MANY_REQUESTS' } });
      expect(await count(h, 'submission')).toBe(before + 5);
      expect((await h.auth.query(h.app, SEND_VIOLATION, validViolation(), visitor('uid-ip-6', '198.51.100.21'))).errors).toBeUndefined();
    });
  });
});
