import { AsyncLocalStorage } from 'node:async_hooks';
import { RemoteGraphQLDataSource, type GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import type { FastifyBaseLogger } from 'fastify';
import { GraphQLError, Kind, parse, type FieldNode, type GraphQLFormattedError, type OperationDefinitionNode } from 'graphql';
import { BrokenCircuitError, circuitBreaker, ConsecutiveBreaker, handleWhen, type CircuitBreakerPolicy } from 'cockatiel';
import { type Agent, fetch as undiciFetch } from 'undici';
import { DEFAULT_MESSAGES, type TokenSigner } from '@sumika/server-kit';
import type { GatewayContext } from './context.js';

// The gateway's call to one subgraph: signed, bounded by a timeout, retried once, behind a breaker.

type GatewayGraphQLResponse = Awaited<ReturnType<RemoteGraphQLDataSource['process']>>;

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
  url: string;
  sign: TokenSigner;
  agent: Agent;
  /** Each attempt's budget, connection to the last byte of the body. */
  timeoutMs: number;
  /** The retry's budget after a timeout: a stalled subgraph should cost a page little more than one timeout. */
  retryAfterTimeoutMs: number;
  /** Consecutive transient failures that open this subgraph's breaker, and how long it stays open (ms). */
  breakAfter: number;
  breakMs: number;
  log: FastifyBaseLogger;
}

/**
 * Signs a short-lived RS256 token for every subgraph request (subgraphs refuse requests without
 * one), bounds every call with a timeout, retries an idempotent fetch once after a transient
 * failure, and turns a failed fetch into SERVICE_UNAVAILABLE without naming the service.
 */
export class SignedDataSource extends RemoteGraphQLDataSource<GatewayContext> {
  private readonly opts: DataSourceOptions;
  /** This attempt's budget (the instance serves concurrent requests, so not a field). */
  private readonly budget: AsyncLocalStorage<number>;
  /** Open after breakAfter transient failures in a row: a dead or stalled subgraph then costs a page nothing. */
  private readonly breaker: CircuitBreakerPolicy;

  constructor(opts: DataSourceOptions) {
    const { url, agent, timeoutMs } = opts;
    const budget = new AsyncLocalStorage<number>();
    // undici with a keep-alive pool per gateway instead of the default make-fetch-happen; the signal
    // bounds the whole exchange (headers and body) so a stopped subgraph cannot hold a page.
    super({
      url,
      fetcher: ((input: string, init: Record<string, unknown>) =>
        undiciFetch(input, { ...init, dispatcher: agent, signal: AbortSignal.timeout(budget.getStore() ?? timeoutMs) } as never)) as never,
    });
    this.budget = budget;
    this.opts = opts;
    this.breaker = circuitBreaker(handleWhen(retryable), { halfOpenAfter: opts.breakMs, breaker: new ConsecutiveBreaker(opts.breakAfter) });
    this.breaker.onBreak(() =>
      opts.log.error({ service: opts.name, url: opts.url, openMs: opts.breakMs }, 'subgraph breaker open: its fields answer SERVICE_UNAVAILABLE at once'),
    );
    this.breaker.onReset(() => opts.log.info({ service: opts.name }, 'subgraph breaker closed: calls resume'));
  }

  override async process(options: GraphQLDataSourceProcessOptions<GatewayContext>): Promise<GatewayGraphQLResponse> {
    const http = options.request.http;
    // Reads are idempotent; a mutation is sent once (a retry could apply it twice).
    const idempotent = !/^\s*mutation\b/.test(options.request.query ?? '');
    const started = performance.now();
    // One budget per call, its retry included: a read's first attempt leaves SUBGRAPH_RETRY_TIMEOUT_MS
    // for a retry after a timeout, so a stalled subgraph holds a page at most SUBGRAPH_TIMEOUT_MS
    // (the shell's call budget is 2.5 s); a fast failure (refused, reset, 5xx) retries with what is left.
    const total = this.opts.timeoutMs;
    const reserve = idempotent ? Math.min(this.opts.retryAfterTimeoutMs, Math.floor(total / 2)) : 0;
    let budget = total - reserve;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.breaker.execute(() => this.budget.run(budget, () => super.process(options)));
      } catch (err) {
        // The breaker is open (or half-open with its one trial under way): answer at once, logged on break.
        if (err instanceof BrokenCircuitError) return unavailableResponse(options.request.query, options.request.variables);
        const ms = Math.round(performance.now() - started);
        const again = idempotent && attempt === 1 && retryable(err);
        this.opts.log[again ? 'warn' : 'error'](
          {
            service: this.opts.name,
            url: this.opts.url,
            attempt,
            ms,
            err: (err as Error)?.message,
            cause: ((err as Error)?.cause as Error | undefined)?.message,
          },
          again ? 'subgraph call failed; retrying once' : 'subgraph call failed',
        );
        if (!again) return unavailableResponse(options.request.query, options.request.variables);
        // The first attempt rewrote request.http; start the retry from the original.
        options.request.http = http;
        budget = Math.max(reserve, total - Math.round(performance.now() - started));
      }
    }
  }

  override async willSendRequest({ request, context }: GraphQLDataSourceProcessOptions<GatewayContext>): Promise<void> {
    const ctx = context as Partial<GatewayContext>;
    const headers = request.http?.headers;
    if (!headers) return;
    const claims = { ...(ctx.uid ? { uid: ctx.uid } : {}), ...(ctx.fresh ? { fresh: true } : {}), ...(ctx.ip ? { ip: ctx.ip } : {}) };
    headers.set('authorization', `Bearer ${await this.opts.sign(claims)}`);
    for (const [name, value] of Object.entries(ctx.forward ?? {})) headers.set(name, value);
  }

  override didReceiveResponse({ response, context }: Parameters<NonNullable<RemoteGraphQLDataSource<GatewayContext>['didReceiveResponse']>>[0]) {
    const ctx = context as Partial<GatewayContext>;
    if (!response.http) return response;
    const headers = response.http.headers as unknown as { getSetCookie?: () => string[]; get(name: string): string | null };
    const cookies = headers.getSetCookie ? headers.getSetCookie() : [headers.get('set-cookie')].filter((c): c is string => !!c);
    if (cookies.length && ctx.setCookies) ctx.setCookies.push(...cookies);
    return response;
  }
}
