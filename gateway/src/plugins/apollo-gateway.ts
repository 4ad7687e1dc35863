import { readFileSync, watch, type FSWatcher } from 'node:fs';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloGateway, RemoteGraphQLDataSource, type GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import { fastifyApolloHandler } from '@as-integrations/fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { Agent, fetch as undiciFetch } from 'undici';
import { ERROR_LOG_LEVEL, isErrorCode, type Cache, type SubgraphName, type TokenSigner } from '@sumika/subgraph-kit';
import { CacheAdapter } from '../apq-cache.js';
import type { GatewayConfig } from '../config.js';
import { costLimitPlugin, depthRules } from '../limits.js';
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

/** Apollo's request-parsing codes that are the client's fault: SPEC §8 BAD_REQUEST. */
const CLIENT_ERROR_CODES = new Set(['GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_USER_INPUT', 'OPERATION_RESOLUTION_FAILURE']);

/** Signs a short-lived RS256 token for every subgraph request; subgraphs refuse requests without one. */
class SignedDataSource extends RemoteGraphQLDataSource<GatewayContext> {
  constructor(
    url: string,
    private readonly sign: TokenSigner,
    agent: Agent,
  ) {
    // undici with a keep-alive pool per gateway instead of the default make-fetch-happen.
    super({ url, fetcher: ((input: string, init: Record<string, unknown>) => undiciFetch(input, { ...init, dispatcher: agent } as never)) as never });
  }

  override async willSendRequest({ request, context }: GraphQLDataSourceProcessOptions<GatewayContext>): Promise<void> {
    const ctx = context as Partial<GatewayContext>;
    const headers = request.http?.headers;
    if (!headers) return;
    const claims = { ...(ctx.uid ? { uid: ctx.uid } : {}), ...(ctx.fresh ? { fresh: true } : {}), ...(ctx.ip ? { ip: ctx.ip } : {}) };
    headers.set('authorization', `Bearer ${await this.sign(claims)}`);
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
      buildService: ({ name, url }) => new SignedDataSource(config.subgraphUrls[name as SubgraphName] ?? url ?? '', opts.sign, agent),
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
              app.log[level]({ code, message: err.message, path: err.path, locations: err.locations }, 'graphql error');
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
      validationRules: depthRules(config.maxDepth),
      includeStacktraceInErrorResponses: false,
      formatError: (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
        const code = formatted.extensions?.code;
        if (typeof code === 'string' && CLIENT_ERROR_CODES.has(code)) {
          return { ...formatted, extensions: { ...formatted.extensions, code: 'BAD_REQUEST' } };
        }
        if (isErrorCode(code) || code === 'PERSISTED_QUERY_NOT_FOUND' || code === 'PERSISTED_QUERY_NOT_SUPPORTED') return formatted;
        app.log.error({ err: error instanceof GraphQLError ? error.originalError ?? error : error }, 'unexpected gateway error');
        return { message: 'サーバの内部エラーにより、表示できません。', ...(formatted.path ? { path: formatted.path } : {}), extensions: { code: 'INTERNAL_SERVER_ERROR' } };
      },
      // No fastifyApolloDrainPlugin: its drain calls fastify.close(), which from our onClose hook waits on itself
      // forever; fastify already closes connections (forceCloseConnections) before onClose runs.
      plugins: [costLimitPlugin<GatewayContext>(config.maxCost), cacheLayer.plugin as ApolloServerPlugin<GatewayContext>, observe],
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
    app.route({ method: ['GET', 'POST', 'OPTIONS'], url: '/graphql', handler });
    app.addHook('onClose', async () => {
      await server.stop();
      // destroy, not close: idle keep-alive sockets would otherwise hold shutdown.
      await agent.destroy();
    });
  },
  { name: 'apollo-gateway', dependencies: ['metrics'] },
);
