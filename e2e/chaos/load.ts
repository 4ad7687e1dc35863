/**
 * Load for the chaos cases: `concurrency` loops, each sending the next request of a weighted mix as soon
 * as its last one finished, recording every request (kind, send and end time, status, error, a body
 * check) so a case can ask what happened in any window, e.g. "everything sent before the signal".
 */

export interface Sample {
  kind: string;
  url: string;
  start: number;
  end: number;
  status: number;
  /** Network error or timeout (no status). */
  error?: string;
  /** What the kind's check noticed in the body (e.g. 'notice' for the company notice). */
  flags: string[];
  retryAfter?: string;
}

export interface RequestSpec {
  kind: string;
  url: string;
  init?: RequestInit;
  /** Labels for what the body shows. */
  inspect?: (body: string) => string[];
}

export type Mix = { weight: number; make: () => RequestSpec }[];

const TIMEOUT_MS = 20_000;

export async function request(spec: RequestSpec, timeoutMs = TIMEOUT_MS): Promise<Sample> {
  const start = Date.now();
  try {
    const res = await fetch(spec.url, { ...spec.init, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    const body = await res.text();
    const retryAfter = res.headers.get('retry-after') ?? undefined;
    return {
      kind: spec.kind,
      url: spec.url,
      start,
      end: Date.now(),
      status: res.status,
      flags: spec.inspect?.(body) ?? [],
      ...(retryAfter ? { retryAfter } : {}),
    };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    return { kind: spec.kind, url: spec.url, start, end: Date.now(), status: 0, error: e.cause?.code ?? e.cause?.message ?? e.name ?? String(err), flags: [] };
  }
}

export class Load {
  readonly samples: Sample[] = [];
  private running = false;
  private loops: Promise<void>[] = [];

  constructor(
    private readonly mix: Mix,
    private readonly concurrency: number,
  ) {}

  private next(): RequestSpec {
    const total = this.mix.reduce((n, m) => n + m.weight, 0);
    let r = Math.random() * total;
    for (const m of this.mix) {
      r -= m.weight;
      if (r <= 0) return m.make();
    }
    return this.mix[this.mix.length - 1]!.make();
  }

  start(): this {
    this.running = true;
    this.loops = Array.from({ length: this.concurrency }, async () => {
      while (this.running) {
        const s = await request(this.next());
        this.samples.push(s);
        // A refused connection returns at once: do not spin (and load the two cores the site needs).
        if (s.error) await new Promise((r) => setTimeout(r, 200));
      }
    });
    return this;
  }

  /** Stops sending and waits for the requests in flight. */
  async stop(): Promise<Sample[]> {
    this.running = false;
    await Promise.all(this.loops);
    return this.samples;
  }
}

/** A probe: one request every `everyMs` (not waiting for the previous one), until stopped. */
export class Probe {
  readonly samples: Sample[] = [];
  private timer: NodeJS.Timeout | undefined;
  private inflight = new Set<Promise<void>>();

  constructor(
    private readonly make: () => RequestSpec,
    private readonly everyMs: number,
    private readonly timeoutMs = TIMEOUT_MS,
  ) {}

  start(): this {
    const fire = () => {
      const p = request(this.make(), this.timeoutMs).then((s) => {
        this.samples.push(s);
        this.inflight.delete(p);
      });
      this.inflight.add(p);
    };
    fire();
    this.timer = setInterval(fire, this.everyMs);
    return this;
  }

  async stop(): Promise<Sample[]> {
    clearInterval(this.timer);
    await Promise.all([...this.inflight]);
    return this.samples;
  }
}

export interface Figures {
  requests: number;
  fivexx: number;
  errors: number;
  p50: number;
  p99: number;
  max: number;
}

export function figures(samples: Sample[]): Figures {
  const ms = samples.map((s) => s.end - s.start).sort((a, b) => a - b);
  const at = (p: number) => (ms.length === 0 ? 0 : ms[Math.min(ms.length - 1, Math.floor((p / 100) * ms.length))]!);
  return {
    requests: samples.length,
    fivexx: samples.filter((s) => s.status >= 500).length,
    errors: samples.filter((s) => s.error).length,
    p50: at(50),
    p99: at(99),
    max: ms[ms.length - 1] ?? 0,
  };
}

/** "503×4 200×120 ECONNREFUSED×2" */
export function histogram(samples: Sample[]): string {
  const counts = new Map<string, number>();
  for (const s of samples) counts.set(s.error ?? String(s.status), (counts.get(s.error ?? String(s.status)) ?? 0) + 1);
  return [...counts.entries()]
    .sort()
    .map(([k, v]) => `${k}×${v}`)
    .join(' ');
}
