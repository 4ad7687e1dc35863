import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloGateway } from '@apollo/gateway';
import { fastifyApolloHandler } from '@as-integrations/fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Agent } from 'undici';
import type { Cache, CostTable, SubgraphName, TokenSigner } from '@sumika/server-kit';
import { CacheAdapter } from '../apq-cache.js';
import type { GatewayConfig } from '../config.js';
import { contextFor, type GatewayContext, type GraphQLResponseLike } from '../federation/context.js';
import { formatGatewayError } from '../federation/errors.js';
import { observePlugin } from '../federation/observe.js';
import { loadPersistedDocuments, PersistedDocumentsCache, refuseUnknownDocument } from '../federation/persisted-documents.js';
import { refuseMalformedPersistedQuery } from '../federation/persisted-queries.js';
import { instanceUrls, SubgraphInstances } from '../federation/instances.js';
import { SignedDataSource } from '../federation/signed-data-source.js';
import { routingUrls, watchedSupergraph } from '../federation/supergraph-source.js';
import { inputRulesPlugin } from '../input-rules.js';
import { costTableOfSupergraph, limitsPlugin, refuseDeeplyNestedDocument } from '../limits.js';
import { isPrivateGraph, privateFieldsOf, responseCache, type ResponseCache } from '../response-cache.js';

// POST/GET /graphql: Apollo Server over @apollo/gateway, wired from the parts in ../federation/
// (context, signed data source, errors, observation, persisted-query check, supergraph source).

export type { GatewayContext, GraphQLResponseLike };

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

export interface ApolloGatewayOptions {
  config: GatewayConfig;
  cache: Cache;
  sign: TokenSigner;
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

    // The build's documents: the only ones run in `persisted` mode; in `any` mode known without registration.
    const documents = loadPersistedDocuments(config.persistedDocumentsFile);
    const persisted = config.documents === 'persisted';
    app.log.info({ documents: config.documents, manifest: documents.size }, 'persisted documents loaded');

    const agent = new Agent({ keepAliveTimeout: 30_000, keepAliveMaxTimeout: 120_000, connections: 128 });
    // Each subgraph's instances and their health, kept across supergraph reloads (a data source is made per load).
    const instances = new Map<string, SubgraphInstances>();
    const instancesOf = (name: string, url: string): SubgraphInstances => {
      const key = `${name} ${url}`;
      let found = instances.get(key);
      if (!found) {
        found = new SubgraphInstances(name, instanceUrls(url), agent, app.log);
        instances.set(key, found);
      }
      return found;
    };
    const gateway = new ApolloGateway({
      // The supergraph file is watched: a new composition is served without a restart.
      supergraphSdl: watchedSupergraph(
        config.supergraphFile,
        app.log,
        (sdl, reloaded) => {
          urls = effectiveUrls(sdl);
          privateFields = privateFieldsOf(sdl);
          costTable = costTableOfSupergraph(sdl);
          if (reloaded) void cacheLayer.invalidate();
        },
        { ...(config.supergraphRedisUrl ? { redisUrl: config.supergraphRedisUrl } : {}) },
      ),
      buildService: ({ name, url }) => {
        const target = config.subgraphUrls[name as SubgraphName] ?? url ?? '';
        return new SignedDataSource({
          name,
          url: target,
          instances: instancesOf(name, target),
          sign: opts.sign,
          agent,
          timeoutMs: config.subgraphTimeouts[name as SubgraphName] ?? config.subgraphTimeoutMs,
          retryAfterTimeoutMs: config.retryAfterTimeoutMs,
          breakAfter: config.subgraphBreakAfter,
          breakMs: config.subgraphBreakMs,
          visitorFree: !isPrivateGraph(name),
          log: app.log,
          fetchDuration: app.metrics.subgraphFetchDuration,
        });
      },
      logger: app.log,
    });

    const server = new ApolloServer<GatewayContext>({
      gateway,
      // `persisted` mode: introspection is not a manifest document, and is off in Apollo as well.
      introspection: !config.production && !persisted,
      csrfPrevention: true,
      persistedQueries: { cache: new PersistedDocumentsCache(documents, persisted ? undefined : new CacheAdapter(opts.cache, 'apq:')), ttl: 86_400 },
      // Bounds the parser's (and so validation's) work on a hostile document.
      parseOptions: { maxTokens: config.maxTokens },
      includeStacktraceInErrorResponses: false,
      // One shutdown path: fastify's close (the kit's listen) stops Apollo from our onClose hook.
      stopOnTerminationSignals: false,
      formatError: formatGatewayError(app.log),
      // No fastifyApolloDrainPlugin: its drain calls fastify.close(), which from our onClose hook waits on itself
      // forever; fastify stops accepting and lets in-flight requests finish (forceCloseConnections: 'idle').
      plugins: [
        inputRulesPlugin<GatewayContext>(),
        limitsPlugin<GatewayContext>({ maxCost: config.maxCost, maxDepth: config.maxDepth, maxTokens: config.maxTokens }, () => costTable),
        cacheLayer.plugin as ApolloServerPlugin<GatewayContext>,
        observePlugin(app),
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
    app.route({
      method: ['GET', 'POST', 'OPTIONS'],
      url: '/graphql',
      preHandler: [refuseDeeplyNestedDocument, refuseMalformedPersistedQuery, ...(persisted ? [refuseUnknownDocument(documents)] : [])],
      handler,
    });
    app.addHook('onClose', async () => {
      await server.stop();
      for (const set of instances.values()) set.stop();
      // destroy, not close: idle keep-alive sockets would otherwise hold shutdown.
      await agent.destroy();
    });
  },
  { name: 'apollo-gateway', dependencies: ['metrics'] },
);
