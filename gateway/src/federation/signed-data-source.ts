import type { GraphQLDataSource, GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import type { FastifyBaseLogger } from 'fastify';
import { GraphQLError, Kind, parse, type FieldNode, type GraphQLFormattedError, type OperationDefinitionNode } from 'graphql';
import { BrokenCircuitError, circuitBreaker, ConsecutiveBreaker, handleWhen, type CircuitBreakerPolicy } from 'cockatiel';
import type { Histogram } from 'prom-client';
import type { Agent } from 'undici';
import { boundedSignal, clientSpan, DEFAULT_MESSAGES, type ClientSpan, type TokenSigner } from '@sumika/server-kit';
import type { GatewayContext } from './context.js';
import { instanceUrls, SubgraphInstances, type Instance } from './instances.js';

// The gateway's call to one subgraph: signed, bounded by a timeout, retried once, behind a breaker,
// and shared by identical reads in flight at the same moment.

type GatewayGraphQLResponse = Awaited<ReturnType<GraphQLDataSource['process']>>;

/**
 * What a failed subgraph fetch answers instead of its data: SERVICE_UNAVAILABLE errors on the
 * paths the fetch would have filled (each root field; for an entity fetch, each entity, which the
 * gateway maps onto its place, e.g. ['bukken', 'company']), and no data, so those fields are null.
 */
export function unavailableResponse(query: string | undefined, variables: Record<string, unknown> | undefined): { errors: GraphQLFormattedError[] } {
  const error = (path?: (string | number)[]): GraphQLFormattedError => ({
    message: DEFAULT_MESSAGES.SERVICE_UNAVAILABLE,
    ...(path ? { path } : {}),
    extensions: { code: 'SERVICE_UNAVAILABLE' },
  });
  try {
    const operation = parse(query ?? '').definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
    const roots = (operation?.selectionSet.selections ?? []).filter((s): s is FieldNode => s.kind === Kind.FIELD);
    const entities = roots.find((f) => f.name.value === '_entities');
    if (entities) {
      const representations = Array.isArray(variables?.representations) ? variables.representations : [];
      // A hundred placed errors are enough to tell the story.
      return { errors: representations.slice(0, 100).map((_, i) => error(['_entities', i])) };
    }
    if (roots.length) return { errors: roots.map((f) => error([(f.alias ?? f.name).value])) };
  } catch {
    // An unparseable fetch cannot happen (the gateway wrote it); fall through to one error.
  }
  return { errors: [error()] };
}

/** A transient failure worth one more try: no connection, our timeout, or the subgraph's 5xx. */
function retryable(err: unknown): boolean {
  const status = (err as GraphQLError | undefined)?.extensions?.response as { status?: number } | undefined;
  if (status?.status !== undefined) return status.status >= 500;
  return !(err instanceof GraphQLError);
}

export interface DataSourceOptions {
  name: string;
  /** The subgraph's URL, or several instances' separated by commas (balanced, health-checked). */
  url: string;
  /** The subgraph's instances, kept across supergraph reloads by the caller; made from `url` when absent. */
  instances?: SubgraphInstances;
  sign: TokenSigner;
  agent: Agent;
  /** Each attempt's budget, connection to the last byte of the body. */
  timeoutMs: number;
  /** The retry's budget after a timeout: a stalled subgraph should cost a page little more than one timeout. */
  retryAfterTimeoutMs: number;
  /** Consecutive transient failures that open this subgraph's breaker, and how long it stays open (ms). */
  breakAfter: number;
  breakMs: number;
  /**
   * The subgraph's answers to reads never depend on the visitor (every graph but the private ones,
   * the same rule as the response cache's): its reads go out anonymous, without the visitor's
   * claims or headers, so identical ones are shared across visitors too.
   */
  visitorFree: boolean;
  log: FastifyBaseLogger;
  /** Each call's latency (its retry included) by subgraph and outcome (ok, error, open: the breaker answered). */
  fetchDuration?: Histogram<'subgraph' | 'outcome'>;
}

/** One subgraph exchange as read off the wire: what identical reads in flight share. */
interface Exchange {
  status: number;
  contentType: string;
  setCookies: string[];
  body: string;
}

/** A failed exchange, with the instance it went to (a retry goes to another). */
type Failed = Error & { instance?: Instance };

/** The subgraph's non-2xx answer as the error @apollo/gateway's own data source raises (status in extensions.response). */
function httpError(url: string, exchange: Exchange): GraphQLError {
  const code = exchange.status === 401 ? 'UNAUTHENTICATED' : exchange.status === 403 ? 'FORBIDDEN' : undefined;
  return new GraphQLError(`${exchange.status}: subgraph answered ${exchange.status}`, {
    extensions: { ...(code ? { code } : {}), response: { url, status: exchange.status, body: exchange.body.slice(0, 500) } },
  });
}

/**
 * Signs a short-lived RS256 token for every subgraph request (subgraphs refuse requests without
 * one), bounds every call with a timeout, retries an idempotent fetch once after a transient
 * failure, and turns a failed fetch into SERVICE_UNAVAILABLE without naming the service.
 *
 * It speaks HTTP through undici's `request` on the gateway's keep-alive pool, not through
 * RemoteGraphQLDataSource's node-fetch Request/Headers and WHATWG body streams (a third of the
 * gateway's CPU per subgraph fetch). Identical reads in flight at the same moment share one
 * exchange: reads of a visitor-free subgraph (search, bukken, company, forms) go out anonymous and
 * are shared across visitors; reads of the user subgraph only with the same visitor's. A popular
 * listing's page under load asks each subgraph once per moment, not once per visitor. Each caller
 * parses its own copy of the answer. Mutations are never shared.
 */
export class SignedDataSource implements GraphQLDataSource<GatewayContext> {
  private readonly opts: DataSourceOptions;
  private readonly instances: SubgraphInstances;
  /**
   * Open after breakAfter transient failures in a row: a dead or stalled subgraph then costs a page
   * nothing. A failure at one instance while another is ready does not count: the call is retried there
   * (a killed instance cuts every call it had in flight in one tick; counted, they alone opened the
   * breaker while the other instance answered).
   */
  private readonly breaker: CircuitBreakerPolicy;
  /** Reads in flight by their exchange key (deleted when the exchange settles). */
  private readonly inFlight = new Map<string, Promise<Exchange>>();

  constructor(opts: DataSourceOptions) {
    this.opts = opts;
    this.instances = opts.instances ?? new SubgraphInstances(opts.name, instanceUrls(opts.url), opts.agent, opts.log);
    const counts = (err: unknown) => retryable(err) && !this.instances.anotherReady((err as Failed).instance);
    this.breaker = circuitBreaker(handleWhen(counts), { halfOpenAfter: opts.breakMs, breaker: new ConsecutiveBreaker(opts.breakAfter) });
    this.breaker.onBreak(() =>
      opts.log.error({ service: opts.name, url: opts.url, openMs: opts.breakMs }, 'subgraph breaker open: its fields answer SERVICE_UNAVAILABLE at once'),
    );
    this.breaker.onReset(() => opts.log.info({ service: opts.name }, 'subgraph breaker closed: calls resume'));
  }

  async process(options: GraphQLDataSourceProcessOptions<GatewayContext>): Promise<GatewayGraphQLResponse> {
    const { query, variables, operationName, extensions } = options.request;
    if (!query) throw new Error('Missing query');
    // Reads are idempotent; a mutation is sent once (a retry could apply it twice) and never shared.
    const idempotent = !/^\s*mutation\b/.test(query);
    const ctx = (options.context ?? {}) as Partial<GatewayContext>;
    const anonymous = idempotent && this.opts.visitorFree;
    const claims = anonymous ? {} : { ...(ctx.uid ? { uid: ctx.uid } : {}), ...(ctx.fresh ? { fresh: true } : {}), ...(ctx.ip ? { ip: ctx.ip } : {}) };
    const headers: Record<string, string> = { ...(anonymous ? {} : ctx.forward), 'content-type': 'application/json' };
    // The request's trace id reaches the subgraph's logs (a read shared by several callers carries the first one's);
    // with tracing on, the subgraph's server span is a child of this call's client span.
    const span = clientSpan(ctx.trace, `POST ${this.opts.name}`, { 'http.method': 'POST', 'peer.service': this.opts.name });
    const traceparent = span?.traceparent ?? ctx.traceparent;
    if (traceparent) headers.traceparent = traceparent;
    const body = JSON.stringify({ query, variables, ...(operationName ? { operationName } : {}), ...(extensions ? { extensions } : {}) });
    const started = performance.now();
    // One budget per call, its retry included: a read's first attempt leaves SUBGRAPH_RETRY_TIMEOUT_MS
    // for a retry after a timeout, so a stalled subgraph holds a page at most SUBGRAPH_TIMEOUT_MS
    // (the shell's call budget is 2.5 s); a fast failure (refused, reset, 5xx) retries with what is left.
    const total = this.opts.timeoutMs;
    const reserve = idempotent ? Math.min(this.opts.retryAfterTimeoutMs, Math.floor(total / 2)) : 0;
    let budget = total - reserve;
    // The instance a failed attempt went to: the retry goes to another ready one.
    let avoid: Instance | undefined;
    for (let attempt = 1; ; attempt++) {
      try {
        const exchange = await this.breaker.execute(async () => {
          headers.authorization = `Bearer ${await this.opts.sign(claims)}`;
          return idempotent
            ? this.shared(anonymous ? body : this.visitorKey(headers, body), headers, body, budget, avoid)
            : this.exchange(headers, body, budget, avoid);
        });
        if (exchange.setCookies.length && ctx.setCookies) ctx.setCookies.push(...exchange.setCookies);
        this.observe(started, 'ok', span);
        return this.parsed(exchange);
      } catch (err) {
        // The breaker is open (or half-open with its one trial under way): answer at once, logged on break.
        if (err instanceof BrokenCircuitError) {
          this.observe(started, 'open', span);
          return unavailableResponse(query, variables);
        }
        const ms = Math.round(performance.now() - started);
        const again = idempotent && attempt === 1 && retryable(err);
        avoid = (err as Failed).instance;
        this.opts.log[again ? 'warn' : 'error'](
          {
            service: this.opts.name,
            url: (err as Failed).instance?.url ?? this.opts.url,
            attempt,
            ms,
            err: (err as Error)?.message,
            cause: ((err as Error)?.cause as Error | undefined)?.message,
          },
          again ? 'subgraph call failed; retrying once' : 'subgraph call failed',
        );
        if (!again) {
          this.observe(started, 'error', span);
          return unavailableResponse(query, variables);
        }
        budget = Math.max(reserve, total - Math.round(performance.now() - started));
      }
    }
  }

  private observe(started: number, outcome: 'ok' | 'error' | 'open', span: ClientSpan | undefined): void {
    this.opts.fetchDuration?.observe({ subgraph: this.opts.name, outcome }, (performance.now() - started) / 1000);
    span?.end(outcome !== 'ok');
  }

  /** A read that carries the visitor is shared only with the same visitor's (same signed claims, same forwarded headers). */
  private visitorKey(headers: Record<string, string>, body: string): string {
    return `${headers.authorization}\n${headers.cookie ?? ''}\n${headers['user-agent'] ?? ''}\n${headers.referer ?? ''}\n${body}`;
  }

  /** The exchange an identical read already in flight is waiting for, or a new one. */
  private shared(key: string, headers: Record<string, string>, body: string, budgetMs: number, avoid: Instance | undefined): Promise<Exchange> {
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.exchange(headers, body, budgetMs, avoid).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  /**
   * One POST to an instance of the subgraph (the next ready one, not `avoid`), bounded from connection
   * to the body's last byte; non-2xx raises. A transient failure takes the instance out of rotation
   * until its readiness answers again, and names it on the error (the retry goes elsewhere).
   */
  private async exchange(headers: Record<string, string>, body: string, budgetMs: number, avoid?: Instance): Promise<Exchange> {
    const instance = this.instances.pick(avoid);
    try {
      return await this.exchangeWith(instance, headers, body, budgetMs);
    } catch (err) {
      if (retryable(err)) this.instances.failed(instance);
      throw Object.assign(err as Failed, { instance });
    }
  }

  private async exchangeWith(instance: Instance, headers: Record<string, string>, body: string, budgetMs: number): Promise<Exchange> {
    // Not AbortSignal.timeout: its timer stays registered until the signal is collected and carries
    // the request's async context with it (see boundedSignal); released as soon as the body is read.
    const bounded = boundedSignal(budgetMs);
    try {
      const res = await this.opts.agent.request({ origin: instance.origin, path: instance.path, method: 'POST', headers, body, signal: bounded.signal });
      const setCookie = res.headers['set-cookie'];
      const exchange: Exchange = {
        status: res.statusCode,
        contentType: String(res.headers['content-type'] ?? ''),
        setCookies: Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [],
        body: await res.body.text(),
      };
      if (exchange.status < 200 || exchange.status > 299) throw httpError(instance.url, exchange);
      return exchange;
    } finally {
      bounded.release();
    }
  }

  /** The caller's own copy of the answer (the executor writes into what it gets). */
  private parsed(exchange: Exchange): GatewayGraphQLResponse {
    if (!/^application\/(graphql-response\+)?json/.test(exchange.contentType)) {
      throw new Error(`Expected JSON response body, but received: ${exchange.body.slice(0, 200)}`);
    }
    const result = JSON.parse(exchange.body) as unknown;
    if (typeof result !== 'object' || result === null || Array.isArray(result)) throw new Error('Expected a JSON object from the subgraph');
    return result as GatewayGraphQLResponse;
  }
}
