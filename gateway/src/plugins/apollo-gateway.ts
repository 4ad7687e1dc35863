import { AsyncLocalStorage } from 'node:async_hooks';
import { readFileSync, watch, type FSWatcher } from 'node:fs';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloGateway, RemoteGraphQLDataSource, type GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import { fastifyApolloHandler } from '@as-integrations/fastify';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { GraphQLError, Kind, parse, type FieldNode, type GraphQLFormattedError, type OperationDefinitionNode } from 'graphql';
import { BrokenCircuitError, circuitBreaker, ConsecutiveBreaker, handleWhen, type CircuitBreakerPolicy } from 'cockatiel';
import { Agent, fetch as undiciFetch } from 'undici';
import { DEFAULT_MESSAGES, ERROR_LOG_LEVEL, isErrorCode, type Cache, type CostTable, type SubgraphName, type TokenSigner } from '@sumika/server-kit';
import { CacheAdapter } from '../apq-cache.js';
import type { GatewayConfig } from '../config.js';
import { inputRulesPlugin } from '../input-rules.js';
import { costTableOfSupergraph, limitsPlugin } from '../limits.js';
import { privateFieldsOf, responseCache, type ResponseCache } from '../response-cache.js';
import { clearUid, UID_COOKIE } from './identity.js';

export interface GatewayContext {
  /** The verified visitor id (identity plugin); reaches subgraphs only inside the signed token. */
  uid?: string;
  fresh?: boolean;
  ip?: string;
  /** Visitor headers forwarded to subgraphs: cookie (without `_uid`), user-agent, referer. */
  forward: Record<string, string>;
  /** set-cookie headers from subgraph responses, copied to the visitor. */
  setCookies: string[];
  /** A subgraph answered USER_ID_ERROR: the cookie names no known visitor. */
  userIdError?: boolean;
  reply?: FastifyReply;
  cacheKey?: string;
}

/** The visitor's cookie header without `_uid`: subgraphs get the uid only from the token. */
export function forwardedCookies(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const kept = header.split(';').map((c) => c.trim()).filter((c) => c && !c.startsWith(`${UID_COOKIE}=`));
  return kept.length ? kept.join('; ') : undefined;
}

export function contextFor(req: FastifyRequest, reply: FastifyReply): GatewayContext {
  const forward: Record<string, string> = {};
  const cookie = forwardedCookies(req.headers.cookie);
  if (cookie) forward.cookie = cookie;
  for (const name of ['user-agent', 'referer'] as const) {
    const value = req.headers[name];
    if (typeof value === 'string') forward[name] = value;
  }
  const visitor = req.visitor ?? { fresh: false, ip: req.clientIp || req.ip };
  return { ...(visitor.uid ? { uid: visitor.uid } : {}), fresh: visitor.fresh, ip: visitor.ip, forward, setCookies: [], reply };
}

declare module 'fastify' {
  interface FastifyInstance {
    supergraph: {
      loaded: () => boolean;
      subgraphUrls: () => Record<string, string>;
      responseCache: ResponseCache;
      /** Runs a fixed operation (REST paths) with the request's identity, cookies and plugins. */
      execute: (req: FastifyRequest, reply: FastifyReply, query: string, variables: Record<string, unknown>) => Promise<GraphQLResponseLike>;
    };
  }
}

export interface GraphQLResponseLike {
  status: number | undefined;
  headers: Iterable<[string, string]>;
  result: { data?: Record<string, unknown> | null; errors?: readonly GraphQLFormattedError[] };
}

export interface ApolloGatewayOptions {
  config: GatewayConfig;
  cache: Cache;
  sign: TokenSigner;
}

/** Apollo's request-parsing codes that are the client's fault: SPEC §8 BAD_REQUEST (the original kept in `reason`). */
export const CLIENT_ERROR_CODES: ReadonlySet<string> = new Set(['GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_USER_INPUT', 'OPERATION_RESOLUTION_FAILURE', 'INVALID_GRAPHQL']);

/** Codes that are the client's fault after formatting: a response with only these and no data is a 400. */
const CLIENT_CODES = new Set(['BAD_REQUEST', 'QUERY_TOO_COSTLY']);

/** A persisted-query hash is a SHA-256 in hex; anything else can never be found. */
const SHA256_HEX = /^[0-9a-f]{64}$/i;

/** Codes the client gets as they are, besides SPEC §8's. */
const PASSED_CODES = new Set(['PERSISTED_QUERY_NOT_FOUND', 'PERSISTED_QUERY_NOT_SUPPORTED', 'QUERY_TOO_COSTLY']);

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
    this.breaker.onBreak(() => opts.log.error({ service: opts.name, url: opts.url, openMs: opts.breakMs }, 'subgraph breaker open: its fields answer SERVICE_UNAVAILABLE at once'));
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
          { service: this.opts.name, url: this.opts.url, attempt, ms, err: (err as Error)?.message, cause: ((err as Error)?.cause as Error | undefined)?.message },
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

/** A persisted-query hash that is not a SHA-256 can never be found or registered: 400, not a miss. */
async function refuseMalformedPersistedQuery(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  let extensions: unknown = (req.body as { extensions?: unknown } | undefined)?.extensions ?? (req.query as { extensions?: unknown } | undefined)?.extensions;
  if (typeof extensions === 'string') {
    try {
      extensions = JSON.parse(extensions) as unknown;
    } catch {
      return; // Apollo answers malformed JSON itself
    }
  }
  const hash = (extensions as { persistedQuery?: { sha256Hash?: unknown } } | null | undefined)?.persistedQuery?.sha256Hash;
  if (hash !== undefined && (typeof hash !== 'string' || !SHA256_HEX.test(hash))) {
    await reply.code(400).send({ errors: [{ message: DEFAULT_MESSAGES.BAD_REQUEST, extensions: { code: 'BAD_REQUEST', reason: 'PERSISTED_QUERY_HASH_MALFORMED' } }] });
  }
}

function routingUrls(sdl: string): Record<string, string> {
  // join__Graph enum values carry each subgraph's name and URL.
  const out: Record<string, string> = {};
  for (const m of sdl.matchAll(/@join__graph\(name: "([^"]+)", url: "([^"]+)"\)/g)) out[m[1] as string] = m[2] as string;
  return out;
}

export default fp(
  async function apolloGateway(app: FastifyInstance, opts: ApolloGatewayOptions) {
    const { config } = opts;
    let loaded = false;
    let urls: Record<string, string> = {};
    let privateFields: ReadonlySet<string> = new Set();
    let costTable: CostTable = { lists: new Map(), weights: new Map() };
    const cacheLayer = responseCache(opts.cache, config.responseCacheTtl, () => privateFields);
    const effectiveUrls = (sdl: string): Record<string, string> => {
      const fromSdl = routingUrls(sdl);
      for (const [name, url] of Object.entries(config.subgraphUrls)) if (name in fromSdl) fromSdl[name] = url;
      return fromSdl;
    };

    const agent = new Agent({ keepAliveTimeout: 30_000, keepAliveMaxTimeout: 120_000, connections: 128 });
    const gateway = new ApolloGateway({
      // The supergraph file is watched: a new composition is served without a restart.
      supergraphSdl: async ({ update }) => {
        const read = (): string => readFileSync(config.supergraphFile, 'utf8');
        const sdl = read();
        urls = effectiveUrls(sdl);
        privateFields = privateFieldsOf(sdl);
        costTable = costTableOfSupergraph(sdl);
        let last = sdl;
        let watcher: FSWatcher | undefined;
        try {
          watcher = watch(config.supergraphFile, () => {
            try {
              const next = read();
              if (next && next !== last) {
                update(next);
                last = next;
                urls = effectiveUrls(next);
                privateFields = privateFieldsOf(next);
                costTable = costTableOfSupergraph(next);
                void cacheLayer.invalidate();
                app.log.info('supergraph reloaded');
              }
            } catch (err) {
              app.log.error({ err }, 'supergraph reload failed; keeping the current one');
            }
          });
        } catch {
          app.log.warn('cannot watch the supergraph file; reload by restart');
        }
        return { supergraphSdl: sdl, cleanup: async () => watcher?.close() };
      },
      buildService: ({ name, url }) =>
        new SignedDataSource({
          name,
          url: config.subgraphUrls[name as SubgraphName] ?? url ?? '',
          sign: opts.sign,
          agent,
          timeoutMs: config.subgraphTimeouts[name as SubgraphName] ?? config.subgraphTimeoutMs,
          retryAfterTimeoutMs: config.retryAfterTimeoutMs,
          breakAfter: config.subgraphBreakAfter,
          breakMs: config.subgraphBreakMs,
          log: app.log,
        }),
      logger: app.log,
    });

    const observe: ApolloServerPlugin<GatewayContext> = {
      async requestDidStart(requestContext) {
        const started = performance.now();
        return {
          async didEncounterErrors({ errors }) {
            for (const err of errors) {
              const code = err.extensions?.code;
              const level = isErrorCode(code) ? ERROR_LOG_LEVEL[code] : 'error';
              app.log[level]({ code, service: err.extensions?.serviceName, message: err.message, path: err.path, locations: err.locations }, 'graphql error');
            }
          },
          async willSendResponse({ response, contextValue }) {
            const ctx = contextValue as GatewayContext;
            // Subgraph set-cookie headers (A/B, favorite_dialog_restriction) reach the visitor.
            for (const cookie of ctx.setCookies ?? []) ctx.reply?.header('set-cookie', cookie);
            const errors = response.body.kind === 'single' ? response.body.singleResult.errors ?? [] : [];
            if (errors.some((e) => e.extensions?.code === 'USER_ID_ERROR')) {
              // The cookie names no known visitor: 400, and the next request starts a fresh identity.
              if (ctx.reply) clearUid(ctx.reply.request, ctx.reply);
              if (errors[0]?.extensions?.code === 'USER_ID_ERROR') response.http.status = 400;
            }
            // A refused request (no data, only client errors) is a 400 even where Apollo's gateway raised it late.
            const result = response.body.kind === 'single' ? response.body.singleResult : undefined;
            if (result && !result.data && errors.length > 0 && errors.every((e) => CLIENT_CODES.has(String(e.extensions?.code)))) {
              response.http.status = 400;
            }
            const failed = response.body.kind === 'single' && (response.body.singleResult.errors?.length ?? 0) > 0;
            app.metrics.operationDuration
              .labels(requestContext.request.operationName ?? 'anonymous', failed ? 'error' : 'ok')
              .observe((performance.now() - started) / 1000);
          },
        };
      },
    };

    const server = new ApolloServer<GatewayContext>({
      gateway,
      introspection: !config.production,
      csrfPrevention: true,
      persistedQueries: { cache: new CacheAdapter(opts.cache, 'apq:'), ttl: 86_400 },
      // Bounds the parser's (and so validation's) work on a hostile document.
      parseOptions: { maxTokens: config.maxTokens },
      includeStacktraceInErrorResponses: false,
      // One shutdown path: fastify's close (the kit's listen) stops Apollo from our onClose hook.
      stopOnTerminationSignals: false,
      formatError: (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
        // Which subgraph failed, and its URL and body, stay in the logs (observe, the data source).
        const { serviceName: _service, response: _response, ...extensions } = formatted.extensions ?? {};
        const code = extensions.code;
        const path = formatted.path ? { path: formatted.path } : {};
        if (typeof code === 'string' && CLIENT_ERROR_CODES.has(code)) {
          return { ...formatted, extensions: { ...extensions, code: 'BAD_REQUEST', reason: code } };
        }
        // Apollo's own request errors without a code (a persisted-query hash that does not match, an unknown version).
        const httpStatus = (error as GraphQLError | undefined)?.extensions?.http as { status?: number } | undefined;
        if ((code === undefined || code === 'INTERNAL_SERVER_ERROR') && httpStatus?.status !== undefined && httpStatus.status >= 400 && httpStatus.status < 500) {
          return { ...formatted, extensions: { ...extensions, code: 'BAD_REQUEST' } };
        }
        if (code === 'SERVICE_UNAVAILABLE') return { message: DEFAULT_MESSAGES.SERVICE_UNAVAILABLE, ...path, extensions: { code } };
        if (isErrorCode(code) || (typeof code === 'string' && PASSED_CODES.has(code))) return { ...formatted, extensions };
        app.log.error({ err: error instanceof GraphQLError ? error.originalError ?? error : error, service: _service }, 'unexpected gateway error');
        return { message: DEFAULT_MESSAGES.INTERNAL_SERVER_ERROR, ...path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
      },
      // No fastifyApolloDrainPlugin: its drain calls fastify.close(), which from our onClose hook waits on itself
      // forever; fastify stops accepting and lets in-flight requests finish (forceCloseConnections: 'idle').
      plugins: [
        inputRulesPlugin<GatewayContext>(),
        limitsPlugin<GatewayContext>({ maxCost: config.maxCost, maxDepth: config.maxDepth, maxTokens: config.maxTokens }, () => costTable),
        cacheLayer.plugin as ApolloServerPlugin<GatewayContext>,
        observe,
      ],
    });
    await server.start();
    loaded = true;

    const execute = async (req: FastifyRequest, reply: FastifyReply, query: string, variables: Record<string, unknown>): Promise<GraphQLResponseLike> => {
      const res = await server.executeOperation({ query, variables }, { contextValue: contextFor(req, reply) });
      const result = res.body.kind === 'single' ? res.body.singleResult : { errors: [{ message: 'incremental delivery is not supported here' }] };
      return { status: res.http.status, headers: res.http.headers, result: result as GraphQLResponseLike['result'] };
    };
    app.decorate('supergraph', { loaded: () => loaded, subgraphUrls: () => urls, responseCache: cacheLayer, execute });
    const handler = fastifyApolloHandler(server, { context: async (req, reply) => contextFor(req, reply) });
    app.route({ method: ['GET', 'POST', 'OPTIONS'], url: '/graphql', preHandler: refuseMalformedPersistedQuery, handler });
    app.addHook('onClose', async () => {
      await server.stop();
      // destroy, not close: idle keep-alive sockets would otherwise hold shutdown.
      await agent.destroy();
    });
  },
  { name: 'apollo-gateway', dependencies: ['metrics'] },
);
