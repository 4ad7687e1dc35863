/** A service's readiness address: every service (subgraphs, gateway, remotes' servers, shell) answers `/readyz`. */
export interface ReadyTarget {
  name: string;
  url: string;
}

export interface ReadyOutcome {
  /** Services whose `/readyz` never answered 200 in time (none: every one is ready). */
  waiting: string[];
  ms: number;
}

/**
 * Asks each target's `/readyz` every `intervalMs` until every one has answered 200 once (a service
 * that was ready is not asked again), or `timeoutMs` has passed, or `signal` aborts. Never throws: a
 * refused or hung request is "not yet".
 */
export async function whenReady(
  targets: readonly ReadyTarget[],
  opts: { intervalMs?: number; timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<ReadyOutcome> {
  const { intervalMs = 500, timeoutMs = 10 * 60_000, signal } = opts;
  const started = performance.now();
  const waiting = new Map(targets.map((t) => [t.name, t.url]));
  const ready = async (url: string) => {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(Math.max(intervalMs, 1_000)) });
      await res.body?.cancel();
      return res.status === 200;
    } catch {
      return false;
    }
  };
  for (;;) {
    const answers = await Promise.all([...waiting].map(async ([name, url]) => [name, await ready(url)] as const));
    for (const [name, ok] of answers) if (ok) waiting.delete(name);
    const ms = Math.round(performance.now() - started);
    if (waiting.size === 0 || ms >= timeoutMs || signal?.aborted) return { waiting: [...waiting.keys()], ms };
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
