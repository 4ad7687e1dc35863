import { AppError } from '@sumika/subgraph-kit';
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

export function rateLimitsFromEnv(env: NodeJS.ProcessEnv = process.env): RateLimitConfig {
  const n = (name: string, fallback: number) => {
    const v = Number(env[name]);
    return Number.isFinite(v) && v > 0 ? v : fallback;
  };
  return {
    visitor: { points: n('FORMS_RATE_VISITOR_POINTS', DEFAULT_RATE_LIMITS.visitor.points), durationSec: n('FORMS_RATE_VISITOR_WINDOW_SEC', DEFAULT_RATE_LIMITS.visitor.durationSec) },
    ip: { points: n('FORMS_RATE_IP_POINTS', DEFAULT_RATE_LIMITS.ip.points), durationSec: n('FORMS_RATE_IP_WINDOW_SEC', DEFAULT_RATE_LIMITS.ip.durationSec) },
  };
}

/**
 * The two limits every form mutation passes. The per-IP limit counts every attempt first
 * (bots retry on errors, and each attempt may cost a reCAPTCHA call); the per-visitor limit
 * counts accepted submissions only, so someone correcting typos is not locked out.
 */
export interface FormRateLimiter {
  readonly kind: 'redis' | 'memory';
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

/** The node-redis v4+ client (createClient from `redis`); typed loosely as the library does. */
export type RedisClientLike = object;

export interface LimiterStore {
  /** node-redis client; without it the limits are per process (RateLimiterMemory). */
  redis?: RedisClientLike;
  /** Key prefix in Redis (tests use a unique one). */
  keyPrefix?: string;
}

export function createFormRateLimiter(config: RateLimitConfig = DEFAULT_RATE_LIMITS, store: LimiterStore = {}): FormRateLimiter {
  const prefix = store.keyPrefix ?? 'forms:rl';
  const make = (name: string, w: Window): RateLimiterAbstract => {
    const base = { points: w.points, duration: w.durationSec, keyPrefix: `${prefix}:${name}` };
    if (!store.redis) return new RateLimiterMemory(base);
    // node-redis (not ioredis) needs useRedisPackage; if Redis is down, a per-process limiter stands in.
    return new RateLimiterRedis({ ...base, storeClient: store.redis, useRedisPackage: true, rejectIfRedisNotReady: true, insuranceLimiter: new RateLimiterMemory(base) });
  };
  const visitor = make('visitor', config.visitor);
  const ip = make('ip', config.ip);
  return {
    kind: store.redis ? 'redis' : 'memory',
    // No IP means a caller other than the gateway; they share one bucket rather than bypass the limit.
    attempt: (addr) => consume(ip, addr ?? 'unknown'),
    submission: (form, uid) => consume(visitor, `${form}:${uid}`),
  };
}
