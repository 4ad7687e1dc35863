import type { FastifyBaseLogger } from 'fastify';
import type { Agent } from 'undici';

/** How often each instance's readiness is asked when a subgraph has several (ms). */
export const HEALTH_EVERY_MS = 2000;
/** Each readiness probe's budget (ms): a hung instance counts as not ready. */
const PROBE_MS = 1000;

/** One instance of a subgraph: where its GraphQL endpoint is, and whether it takes calls now. */
export interface Instance {
  readonly url: string;
  readonly origin: string;
  readonly path: string;
  /** Where its readiness is asked: the endpoint's /readyz (the kit's subgraph app serves it). */
  readonly readyz: string;
  ready: boolean;
}

/** `<NAME>_URL` as the gateway takes it: one subgraph URL, or several instances' separated by commas. */
export function instanceUrls(value: string): string[] {
  return value
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
}

/**
 * The instances of one subgraph behind the gateway (`SEARCH_URL=http://a:4001/graphql,http://b:4001/graphql`):
 * calls go round-robin over the ready ones; each instance's /readyz is asked every HEALTH_EVERY_MS, an
 * instance that fails it (or a call: refused, reset, timed out, 5xx) takes no calls until it answers
 * ready again, and then takes its share back. When none is ready, calls still go round-robin over all
 * (a wrong health view must not take a subgraph down). One URL: no probes, as before.
 */
export class SubgraphInstances {
  readonly all: readonly Instance[];
  private next = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly name: string,
    urls: readonly string[],
    private readonly agent: Agent,
    private readonly log: FastifyBaseLogger,
  ) {
    this.all = urls.map((url) => {
      const u = new URL(url);
      return { url, origin: u.origin, path: `${u.pathname}${u.search}`, readyz: `${u.pathname.replace(/\/graphql\/?$/, '')}/readyz`, ready: true };
    });
    if (this.all.length > 1) {
      this.timer = setInterval(() => void this.probeAll(), HEALTH_EVERY_MS);
      this.timer.unref();
    }
  }

  /** The next ready instance (round-robin), other than `not` when another is ready. */
  pick(not?: Instance): Instance {
    const ready = this.all.filter((i) => i.ready && i !== not);
    const from = ready.length ? ready : this.all.length > 1 && not ? this.all.filter((i) => i !== not) : this.all;
    const chosen = from[this.next++ % from.length]!;
    if (this.next > 1e9) this.next = 0;
    return chosen;
  }

  /** Whether an instance other than `instance` takes calls now (a failed call's retry has somewhere to go). */
  anotherReady(instance: Instance | undefined): boolean {
    return this.all.some((i) => i !== instance && i.ready);
  }

  /** A call to `instance` failed for want of it: it takes no calls until its readiness answers again. */
  failed(instance: Instance): void {
    if (this.all.length < 2 || !instance.ready) return;
    instance.ready = false;
    this.log.warn({ service: this.name, url: instance.url }, 'subgraph instance failed a call: out of rotation until ready');
  }

  /** Asks every instance's /readyz once (the interval does this; tests call it to skip the wait). */
  async probeAll(): Promise<void> {
    await Promise.all(this.all.map((i) => this.probe(i)));
  }

  private async probe(instance: Instance): Promise<void> {
    let ok = false;
    try {
      const res = await this.agent.request({
        origin: instance.origin,
        path: instance.readyz,
        method: 'GET',
        headersTimeout: PROBE_MS,
        bodyTimeout: PROBE_MS,
        signal: AbortSignal.timeout(PROBE_MS),
      });
      await res.body.dump();
      ok = res.statusCode === 200;
    } catch {
      ok = false;
    }
    if (ok !== instance.ready) {
      this.log[ok ? 'info' : 'warn'](
        { service: this.name, url: instance.url },
        ok ? 'subgraph instance ready: back in rotation' : 'subgraph instance not ready: out of rotation',
      );
    }
    instance.ready = ok;
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
