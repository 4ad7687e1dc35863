import { envVar, parseEnv, type EnvShape } from '@sumika/server-kit';
import { OUTBOX_DEFAULTS } from './worker.js';

export const DEFAULT_MAIL_FROM = 'sumika <no-reply@sumika.example>';

/** The outbox worker's variables, for every subgraph that sends mail (README's table). */
export const OUTBOX_ENV = {
  MAIL_FROM: envVar.textOr(DEFAULT_MAIL_FROM),
  OUTBOX_INTERVAL_MS: envVar.millisOr(1, OUTBOX_DEFAULTS.intervalMs),
  OUTBOX_BATCH_SIZE: envVar.intOr(1, OUTBOX_DEFAULTS.batchSize),
  OUTBOX_LEASE_MS: envVar.millisOr(1, OUTBOX_DEFAULTS.leaseMs),
  OUTBOX_MAX_ATTEMPTS: envVar.intOr(1, OUTBOX_DEFAULTS.maxAttempts),
} satisfies EnvShape;

export interface OutboxConfig {
  from: string;
  intervalMs: number;
  batchSize: number;
  leaseMs: number;
  maxAttempts: number;
}

/** The worker's settings from OUTBOX_ENV; throws an EnvError naming each bad variable. */
export function outboxConfigFromEnv(env: NodeJS.ProcessEnv = process.env): OutboxConfig {
  const vars = parseEnv(OUTBOX_ENV, env);
  return {
    from: vars.MAIL_FROM,
    intervalMs: vars.OUTBOX_INTERVAL_MS,
    batchSize: vars.OUTBOX_BATCH_SIZE,
    leaseMs: vars.OUTBOX_LEASE_MS,
    maxAttempts: vars.OUTBOX_MAX_ATTEMPTS,
  };
}
