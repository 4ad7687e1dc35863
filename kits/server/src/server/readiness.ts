import type { CacheState } from '../cache/cache.js';

/** How long /readyz waits for the readiness check (a database ping) before answering unavailable. */
export const READY_TIMEOUT_MS = 1000;

export interface ReadinessOptions {
  /** The service's own check (e.g. `SELECT 1`); false or a throw means not ready. */
  ready?: () => Promise<boolean>;
  /** The cache's state, reported but never a reason to be unready (Redis is an accelerator). */
  cacheState?: () => CacheState;
  timeoutMs?: number;
}

export interface Readiness {
  ok: boolean;
  /** What /readyz reports beside its status: `database` and `cache` when known. */
  checks: { database?: 'ok' | 'unavailable'; cache?: CacheState };
}

/** Runs the readiness check under a timeout, so a hung database makes /readyz answer 503, never hang. */
export async function checkReadiness(opts: ReadinessOptions): Promise<Readiness> {
  let timer: NodeJS.Timeout | undefined;
  const ok = opts.ready
    ? await Promise.race([
        opts.ready().catch(() => false),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), opts.timeoutMs ?? READY_TIMEOUT_MS))),
      ])
    : true;
  clearTimeout(timer);
  const cache = opts.cacheState?.();
  return { ok, checks: { ...(opts.ready ? { database: ok ? 'ok' : 'unavailable' } : {}), ...(cache ? { cache } : {}) } };
}
