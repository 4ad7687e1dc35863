import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrateToLatest, type Database } from '@sumika/storage-kit';
import { createTestAuth, type TestAuth } from '@sumika/server-kit/testing';
import { type TestBackend } from '@sumika/storage-kit/testing';
import type { FastifyInstance } from 'fastify';
import { build } from '../app.js';
import { DEFAULT_MAIL_CONFIG } from '../config.js';
import type { Deps } from '../context.js';
import { createFormRateLimiter, type RateLimitConfig } from '../rate-limit/rate-limit.js';
import { TestTokenVerifier } from '../recaptcha/recaptcha.js';
import type { DB } from '../repositories/db.js';

export const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'migrations');
export const TOKEN = 'test-recaptcha-token';

/** Generous limits so tests that are not about rate limiting never hit them. */
export const UNLIMITED: RateLimitConfig = { visitor: { points: 10_000, durationSec: 600 }, ip: { points: 10_000, durationSec: 600 } };

export interface Harness {
  app: FastifyInstance;
  database: Database<DB>;
  auth: TestAuth;
  /** The test clock; tests move it by assigning `clock.now`. */
  clock: { now: Date };
  close(): Promise<void>;
}

/** A migrated forms schema on `backend` and the app over it; each dependency overridable. */
export async function openHarness(backend: TestBackend, overrides: Partial<Deps> = {}): Promise<Harness> {
  const database = await backend.open<DB>('forms');
  await migrateToLatest(database, MIGRATIONS);
  const auth = await createTestAuth();
  const clock = { now: new Date('2025-06-02T10:00:00+09:00') };
  const app = await build({
    db: database.db,
    recaptcha: new TestTokenVerifier(TOKEN),
    limiter: createFormRateLimiter(UNLIMITED),
    mail: DEFAULT_MAIL_CONFIG,
    now: () => clock.now,
    auth: auth.auth,
    ...overrides,
  });
  return {
    app,
    database,
    auth,
    clock,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** Claims of a visitor coming through the gateway. */
export const visitor = (uid = 'visitor-1', ip = '203.0.113.7') => ({ uid, ip });
