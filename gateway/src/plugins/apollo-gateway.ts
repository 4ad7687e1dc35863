import { readFileSync, watch, type FSWatcher } from 'node:fs';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloGateway, RemoteGraphQLDataSource, type GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import { fastifyApolloDrainPlugin, fastifyApolloHandler } from '@as-integrations/fastify';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { Agent, fetch as undiciFetch } from 'undici';
import { ERROR_LOG_LEVEL, isErrorCode, type Cache, type SubgraphName, type TokenSigner } from '@sumika/subgraph-kit';
import { CacheAdapter } from '../apq-cache.js';
import type { GatewayConfig } from '../config.js';
import { limitRules } from '../limits.js';
import { responseCache, type ResponseCache } from '../response-cache.js';

export interface GatewayContext {
  /** The verified visitor id (arrives with the identity plugin). */
  uid?: string;
  cacheKey?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    supergraph: { loaded: () => boolean; subgraphUrls: () => Record<string, string>; responseCache: ResponseCache };
  }
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
    const uid = 'uid' in context ? (context as GatewayContext).uid : undefined;
    request.http?.headers.set('authorization', `Bearer ${await this.sign(uid ? { uid } : {})}`);
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
    const cacheLayer = responseCache(opts.cache, config.responseCacheTtl);
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
      async requestDidStart(ctx) {
        const started = performance.now();
        return {
          async didEncounterErrors({ errors }) {
            for (const err of errors) {
              const code = err.extensions?.code;
              const level = isErrorCode(code) ? ERROR_LOG_LEVEL[code] : 'error';
              app.log[level]({ code, message: err.message, path: err.path, locations: err.locations }, 'graphql error');
            }
          },
          async willSendResponse({ response }) {
            const failed = response.body.kind === 'single' && (response.body.singleResult.errors?.length ?? 0) > 0;
            app.metrics.operationDuration
              .labels(ctx.request.operationName ?? 'anonymous', failed ? 'error' : 'ok')
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
      validationRules: limitRules(config.maxDepth, config.maxCost),
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
      plugins: [fastifyApolloDrainPlugin(app), cacheLayer.plugin as ApolloServerPlugin<GatewayContext>, observe],
    });
    await server.start();
    loaded = true;

    app.decorate('supergraph', { loaded: () => loaded, subgraphUrls: () => urls, responseCache: cacheLayer });
    const handler = fastifyApolloHandler(server, { context: async (req) => ({ ...(req.visitorUid ? { uid: req.visitorUid } : {}) }) });
    app.route({ method: ['GET', 'POST', 'OPTIONS'], url: '/graphql', handler });
    app.addHook('onClose', async () => {
      await server.stop();
      // destroy, not close: idle keep-alive sockets would otherwise hold shutdown.
      await agent.destroy();
    });
  },
  { name: 'apollo-gateway', dependencies: ['metrics'] },
);

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the identity plugin (write-API issue); undefined until then. */
    visitorUid?: string;
  }
}
