import { AppError, envVar, parseEnv, type CacheState, type EnvShape, type RedisConnection } from '@sumika/server-kit';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { FormKind } from '../domain/receipt.js';

export const RATE_LIMITED = '送信回数の上限に達しました。しばらくしてから再度お試しください。';

export interface Window {
  points: number;
  durationSec: number;
}

export interface RateLimitConfig {
  /** Accepted submissions per visitor (uid) per form. */
  visitor: Window;
  /** Attempts (valid or not) per client IP, all forms together. */
  ip: Window;
}

export const DEFAULT_RATE_LIMITS: RateLimitConfig = {
  visitor: { points: 5, durationSec: 600 },
  ip: { points: 20, durationSec: 600 },
};

export const RATE_LIMIT_ENV = {
  FORMS_RATE_VISITOR_POINTS: envVar.intOr(1, DEFAULT_RATE_LIMITS.visitor.points),
  FORMS_RATE_VISITOR_WINDOW_SEC: envVar.intOr(1, DEFAULT_RATE_LIMITS.visitor.durationSec),
  FORMS_RATE_IP_POINTS: envVar.intOr(1, DEFAULT_RATE_LIMITS.ip.points),
  FORMS_RATE_IP_WINDOW_SEC: envVar.intOr(1, DEFAULT_RATE_LIMITS.ip.durationSec),
} satisfies EnvShape;

/** The limits from RATE_LIMIT_ENV; a bad value throws an EnvError (the start check refuses it first). */
export function rateLimitsFromEnv(env: NodeJS.ProcessEnv = process.env): RateLimitConfig {
  const vars = parseEnv(RATE_LIMIT_ENV, env);
  return {
    visitor: { points: vars.FORMS_RATE_VISITOR_POINTS, durationSec: vars.FORMS_RATE_VISITOR_WINDOW_SEC },
    ip: { points: vars.FORMS_RATE_IP_POINTS, durationSec: vars.FORMS_RATE_IP_WINDOW_SEC },
  };
}

/**
 * The two limits every form mutation passes. The per-IP limit counts every attempt first
 * (bots retry on errors, and each attempt may cost a reCAPTCHA call); the per-visitor limit
 * counts accepted submissions only, so someone correcting typos is not locked out.
 */
export interface FormRateLimiter {
  readonly kind: 'redis' | 'memory';
  /** For /readyz: 'degraded' while Redis is unavailable and the limits count in this process. */
  state(): CacheState;
  attempt(ip: string | undefined): Promise<void>;
  submission(form: FormKind, uid: string): Promise<void>;
}

/** rate-limiter-flexible's rejection as the BAD_REQUEST the forms show, with the wait in seconds. */
export function rateLimited(msBeforeNext: number): AppError {
  return new AppError('BAD_REQUEST', RATE_LIMITED, { reason: 'TOO_MANY_REQUESTS', retryAfter: Math.max(1, Math.ceil(msBeforeNext / 1000)) });
}

async function consume(limiter: RateLimiterAbstract, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) throw rateLimited(rejection.msBeforeNext);
    throw rejection;
  }
}

export interface LimiterStore {
  /** The kit's Redis connection; without it the limits are per process (RateLimiterMemory). */
  redis?: RedisConnection;
  /** Key prefix in Redis (tests use a unique one). */
  keyPrefix?: string;
}

/**
 * A limit counted in Redis through the connection's timeout and breaker; when Redis is down or
 * slow the same limit is counted in this process instead, so a Redis outage never opens the gate.
 */
function guarded(redis: RedisConnection, inRedis: RateLimiterAbstract, inProcess: RateLimiterAbstract) {
  return async (key: string): Promise<void> => {
    // A refusal is Redis answering, not a failure: it travels as a value through the breaker.
    const outcome = redis.available()
      ? await redis
          .run(() =>
            inRedis.consume(key).then(
              () => null,
              (r: unknown) => (r instanceof RateLimiterRes ? r : Promise.reject(r)),
            ),
          )
          .catch(() => undefined)
      : undefined;
    if (outcome === undefined) return consume(inProcess, key);
    if (outcome) throw rateLimited(outcome.msBeforeNext);
  };
}

export function createFormRateLimiter(config: RateLimitConfig = DEFAULT_RATE_LIMITS, store: LimiterStore = {}): FormRateLimiter {
  const prefix = store.keyPrefix ?? 'forms:rl';
  const make = (name: string, w: Window): ((key: string) => Promise<void>) => {
    const base = { points: w.points, duration: w.durationSec, keyPrefix: `${prefix}:${name}` };
    const memory = new RateLimiterMemory(base);
    if (!store.redis) return (key) => consume(memory, key);
    // node-redis (not ioredis) needs useRedisPackage; not-ready fails at once so the breaker sees it.
    const redis = new RateLimiterRedis({ ...base, storeClient: store.redis.client, useRedisPackage: true, rejectIfRedisNotReady: true });
    return guarded(store.redis, redis, memory);
  };
  const visitor = make('visitor', config.visitor);
  const ip = make('ip', config.ip);
  return {
    kind: store.redis ? 'redis' : 'memory',
    state: () => (!store.redis ? 'memory' : store.redis.available() ? 'ok' : 'degraded'),
    // No IP means a caller other than the gateway; they share one bucket rather than bypass the limit.
    attempt: (addr) => ip(addr ?? 'unknown'),
    submission: (form, uid) => visitor(`${form}:${uid}`),
  };
}
