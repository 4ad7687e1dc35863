import { answerExpectContinue } from './expect-continue.js';
import { lingerBeforeClose } from './linger.js';
import { readFileSync } from 'node:fs';
import { buildSubgraphSchema } from '@apollo/subgraph';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { GraphQLError, parse, type DocumentNode } from 'graphql';
import mercurius from 'mercurius';
import { parseEnv } from '../config.js';
import { loggedMessage } from '../logging.js';
import { LIMITS_ENV } from '../env.js';
import { costTableOf, operationCost } from './cost.js';
import { AppError, DEFAULT_MESSAGES, ERROR_LOG_LEVEL, isErrorCode, type ErrorCode } from './errors.js';
import { checkInput, inputError, inputProblem } from './input-rules.js';
import { MAX_SOURCE_NESTING, sourceNesting, tooNested } from './nesting.js';
import { tokenVerifier, type ServiceClaims, type VerifierOptions } from './jwt.js';
import { checkReadiness } from './readiness.js';
import type { CacheState } from '../cache/cache.js';
import { isDatabaseUnavailable } from './unavailable.js';
import { answerTraceId, traceIdOptions } from '../observability/trace-context.js';
import { httpMetrics, poolMetrics, serviceRegistry, type ServicePools } from '../observability/metrics.js';
import { serviceTracing, traceRequests } from '../observability/tracing.js';
import type { Registry } from 'prom-client';

/**
 * A resolver map as each subgraph's generated `Resolvers` type describes it (type name → field
 * resolvers); its fields are type-checked there, against the subgraph's own schema.graphql.
 */
export type ResolverMap = { readonly [typeName: string]: object | undefined };

/** The resolver map @apollo/subgraph's public `buildSubgraphSchema` takes, from its signature. */
type SubgraphSchemaResolvers = NonNullable<Extract<Parameters<typeof buildSubgraphSchema>[0], { typeDefs: unknown }>['resolvers']>;

export interface Identity extends ServiceClaims {
  /** Set once the gateway's token is verified. */
  verified: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    identity: Identity;
  }
  interface FastifyInstance {
    /** This service's Prometheus registry (its own: the embedded default runs five subgraphs in one process). */
    metricsRegistry: Registry;
  }
}

export interface SubgraphAppOptions<Ctx extends object> {
  name: string;
  typeDefs: DocumentNode;
  resolvers: ResolverMap | readonly ResolverMap[];
  /** Builds the per-request context: loaders are created here so batching is per request. */
  context: (request: FastifyRequest, reply: FastifyReply) => Ctx | Promise<Ctx>;
  /** How the gateway's RS256 token is verified; every GraphQL request needs one. */
  auth: VerifierOptions;
  /** Readiness probe (e.g. a database ping), bounded by a timeout. */
  ready?: () => Promise<boolean>;
  /** The cache's state for /readyz; a degraded cache keeps the service ready. */
  cacheState?: () => CacheState;
  /** This subgraph's own query limits (defence in depth behind the gateway's); defaults from the environment. */
  limits?: Partial<SubgraphLimits>;
  logger?: FastifyServerOptions['logger'];
  /**
   * The service's Prometheus registry, when its main made it first to share it with its cache
   * (openCache's `registry`); else a new one for `name`.
   */
  registry?: Registry | undefined;
  /** The subgraph's PostgreSQL pools (the storage kit's Database): their usage is read at scrape time. */
  pools?: ServicePools | undefined;
}

/** What a subgraph's build passes on from its main to buildSubgraphApp: its registry (shared with its cache) and pools. */
export type SubgraphObservability = Pick<SubgraphAppOptions<object>, 'registry' | 'pools'>;

export interface SubgraphLimits {
  /** Most a document may cost, priced with this subgraph's own `@listSize` declarations (SUBGRAPH_MAX_COST). */
  maxCost: number;
  /** Deepest nesting (SUBGRAPH_MAX_DEPTH): the gateway's limit plus the `_entities` level and some room. */
  maxDepth: number;
  /** Most tokens a document may have (SUBGRAPH_MAX_TOKENS). */
  maxTokens: number;
  /** Size of a list field without a declaration. */
  defaultListSize: number;
}

/**
 * A backstop, not the gate: the gateway prices every query against its own limit (20,000) first, so
 * a subgraph only refuses what could exhaust it (the nested-cities query costs ~3.2 billion) and
 * leaves room for its own tests' and tools' broader direct queries (a prefecture's every line's
 * stations, ~430,000).
 */
export function limitsFromEnv(env: NodeJS.ProcessEnv = process.env): SubgraphLimits {
  const vars = parseEnv(LIMITS_ENV, env);
  return {
    maxCost: vars.SUBGRAPH_MAX_COST,
    maxDepth: vars.SUBGRAPH_MAX_DEPTH,
    maxTokens: vars.SUBGRAPH_MAX_TOKENS,
    defaultListSize: 100,
  };
}

/** Reads a subgraph's `schema.graphql` (the contract). */
export function loadTypeDefs(file: string): DocumentNode {
  return parse(readFileSync(file, 'utf8'));
}

const UNAUTHENTICATED = { errors: [{ message: DEFAULT_MESSAGES.UNAUTHENTICATED, extensions: { code: 'UNAUTHENTICATED' } }] };

/**
 * A subgraph service: fastify + mercurius over a schema built by @apollo/subgraph
 * (Federation 2), guarded by the gateway's JWT, with errors carrying SPEC §8 codes.
 */
export async function buildSubgraphApp<Ctx extends object>(opts: SubgraphAppOptions<Ctx>): Promise<FastifyInstance> {
  // 'idle': on close, idle keep-alive sockets go at once and in-flight requests finish (graceful shutdown).
  const app = Fastify({ logger: opts.logger ?? false, keepAliveTimeout: 65_000, forceCloseConnections: 'idle', ...traceIdOptions });
  // First: a request the token check refuses is traced too (nothing at all without an exporter).
  traceRequests(app, await serviceTracing(opts.name));
  answerTraceId(app);
  answerExpectContinue(app);
  lingerBeforeClose(app.server);
  const verify = tokenVerifier(opts.auth);
  const schema = buildSubgraphSchema({ typeDefs: opts.typeDefs, resolvers: mergeResolvers(opts.resolvers) });
  const limits = { ...limitsFromEnv(), ...opts.limits };
  const costs = costTableOf(opts.typeDefs);

  app.decorateRequest('identity', null as unknown as Identity);
  app.addHook('onRequest', async (req, reply) => {
    req.identity = { verified: false };
    if (!req.url.startsWith('/graphql')) return;
    const header = req.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
    if (!token) return reply.code(401).send(UNAUTHENTICATED);
    try {
      const claims = await verify(token);
      req.identity = {
        verified: true,
        ...(typeof claims.uid === 'string' ? { uid: claims.uid } : {}),
        ...(claims.fresh === true ? { fresh: true } : {}),
        ...(typeof claims.ip === 'string' ? { ip: claims.ip } : {}),
      };
    } catch (err) {
      req.log.warn({ err: (err as Error).message }, 'rejected token');
      return reply.code(401).send(UNAUTHENTICATED);
    }
  });

  const registry = opts.registry ?? serviceRegistry(opts.name);
  httpMetrics(app, registry);
  if (opts.pools) poolMetrics(registry, opts.pools);
  app.decorate('metricsRegistry', registry);
  // An internal service: the scraper reads /metrics on its own port (no public route reaches it).
  app.get('/metrics', async (_req, reply) => reply.type(registry.contentType).send(await registry.metrics()));
  app.get('/healthz', async () => ({ status: 'ok', service: opts.name }));
  app.get('/readyz', async (_req, reply) => {
    const { ok, checks } = await checkReadiness(opts);
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ready' : 'unavailable', service: opts.name, ...checks });
  });

  await app.register(mercurius, {
    schema,
    path: '/graphql',
    graphiql: false,
    graphql: { parseOptions: { maxTokens: limits.maxTokens } },
    context: async (request: FastifyRequest, reply: FastifyReply) => (await opts.context(request, reply)) as Record<string, unknown>,
    errorFormatter: (execution, context) => {
      const log = (context as { reply?: FastifyReply }).reply?.request.log ?? app.log;
      // mercurius wraps parse and validation failures in one error carrying the list.
      const flat = execution.errors.flatMap((e) => {
        const inner = (e.originalError as { errors?: unknown } | undefined)?.errors;
        return Array.isArray(inner) ? inner.map((x: GraphQLError) => badRequestFrom(x)) : [e];
      });
      const errors = flat.map((e) => formatError(e, log));
      // Always 200 with errors in the body: the gateway passes codes through to the client.
      return { statusCode: 200, response: { data: execution.data ?? null, errors } };
    },
  });
  // Plain HTTP routes (images, REST helpers) obey the same input rule for their path parameters and
  // query string: a NUL byte in an image key must be a 400, not a 500 from PostgreSQL.
  app.addHook('preHandler', async (req, reply) => {
    if (req.url.startsWith('/graphql')) return;
    const problem = inputProblem({ params: req.params, query: req.query });
    if (!problem) return;
    const err = inputError(problem);
    return reply.code(400).send({ errorCode: 'BAD_REQUEST', message: err.message, reason: err.extensions.reason });
  });
  // The parser recurses per bracket: a document nested deeper than any real one is refused unparsed.
  app.graphql.addHook('preParsing', async (_schema, source) => {
    if (sourceNesting(source) > MAX_SOURCE_NESTING) throw new AppError('BAD_REQUEST', tooNested().message, { reason: 'QUERY_TOO_DEEP' });
  });
  // Defence in depth: whoever reaches this subgraph, its documents obey the same input rule and
  // are priced against its own list sizes before any resolver runs.
  app.graphql.addHook('preExecution', async (hookSchema, document, context, variables) => {
    checkInput(variables ?? {}, document);
    const operationName = ((context as { reply?: FastifyReply }).reply?.request.body as { operationName?: unknown } | undefined)?.operationName;
    const { cost, depth } = operationCost({
      schema: hookSchema,
      document,
      variables,
      operationName: typeof operationName === 'string' ? operationName : undefined,
      table: costs,
      defaultListSize: limits.defaultListSize,
    });
    if (depth > limits.maxDepth)
      throw new AppError('BAD_REQUEST', `クエリの入れ子が深すぎます (depth ${depth} > max depth ${limits.maxDepth})。`, { reason: 'QUERY_TOO_DEEP' });
    if (cost > limits.maxCost)
      throw new AppError('BAD_REQUEST', `クエリが複雑すぎます (cost ${cost} > limit ${limits.maxCost})。`, { reason: 'QUERY_TOO_COSTLY' });
  });
  return app;
}

/** Merges resolver maps type by type (each concern keeps its own file). */
export function mergeResolvers(maps: ResolverMap | readonly ResolverMap[]): SubgraphSchemaResolvers {
  const list: readonly ResolverMap[] = isResolverMapList(maps) ? maps : [maps];
  const out: Record<string, Record<string, unknown>> = {};
  for (const map of list) {
    for (const [type, fields] of Object.entries(map)) {
      if (fields === undefined) continue;
      const target = (out[type] ??= {});
      for (const [field, resolver] of Object.entries(fields)) {
        if (field in target) throw new Error(`resolver ${type}.${field} is defined twice`);
        target[field] = resolver;
      }
    }
  }
  // The boundary to @apollo/subgraph: each field was checked against the schema by the generated types.
  return out as SubgraphSchemaResolvers;
}

function isResolverMapList(maps: ResolverMap | readonly ResolverMap[]): maps is readonly ResolverMap[] {
  return Array.isArray(maps);
}

function badRequestFrom(err: { message: string; locations?: readonly { line: number; column: number }[] }): GraphQLError {
  return new GraphQLError(err.message, { extensions: { code: 'BAD_REQUEST' } });
}

function codeOf(err: GraphQLError): ErrorCode | undefined {
  const original = err.originalError;
  if (original instanceof AppError) return original.code;
  const ext = err.extensions?.code ?? (original as GraphQLError | undefined)?.extensions?.code;
  return isErrorCode(ext) ? ext : undefined;
}

/** Keeps codes and messages of expected errors; hides everything else behind a 500 message. */
function formatError(err: GraphQLError, log: FastifyInstance['log']): GraphQLError {
  let code = codeOf(err);
  if (!code && !err.originalError) code = 'BAD_REQUEST'; // validation and parse errors
  if (!code && isDatabaseUnavailable(err.originalError)) {
    // The database is down or too slow: retryable, and the client never learns which or where.
    log.error({ err: err.originalError, path: err.path, dependency: 'postgres' }, 'database unavailable');
    return new GraphQLError(DEFAULT_MESSAGES.SERVICE_UNAVAILABLE, { path: err.path ?? undefined, extensions: { code: 'SERVICE_UNAVAILABLE' } });
  }
  if (!code) {
    log.error({ err: err.originalError, path: err.path }, 'resolver failed');
    return new GraphQLError(DEFAULT_MESSAGES.INTERNAL_SERVER_ERROR, { path: err.path ?? undefined, extensions: { code: 'INTERNAL_SERVER_ERROR' } });
  }
  log[ERROR_LOG_LEVEL[code]]({ code, message: loggedMessage(err.message), path: err.path, locations: err.locations }, 'graphql error');
  return new GraphQLError(err.message, {
    path: err.path ?? undefined,
    extensions: { ...err.extensions, code },
  });
}
