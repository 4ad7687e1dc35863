import { STATUS_CODES } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import {
  answerExpectContinue,
  answerTraceId,
  httpMetrics,
  lingerBeforeClose,
  metricsServer,
  serviceRegistry,
  serviceTracing,
  traceIdOptions,
  traceRequests,
} from '@sumika/server-kit';
import { exposesByRemote } from '../routes.js';
import type { ShellConfig } from './config.js';
import { RemoteDirectory } from './federation/remote-directory.js';
import { ServerFederation } from './federation/server-federation.js';
import { createShellSigner } from './gateway/token.js';
import clientAssets from './plugins/client-assets.js';
import compression from './plugins/compression.js';
import gatewayProxy from './plugins/gateway-proxy.js';
import health from './plugins/health.js';
import imagesProxy from './plugins/images-proxy.js';
import securityHeaders from './plugins/security-headers.js';
import sitemapXml from './plugins/sitemap-xml.js';
import specialImages from './plugins/special-images.js';
import ssr from './plugins/ssr.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shell server's Module Federation host (remote builds, freshness checks). */
    federation: ServerFederation;
    /** Serves /metrics apart from the public app: start.ts listens on METRICS_HOST:METRICS_PORT (127.0.0.1:9401). */
    metricsServer: FastifyInstance;
  }
}

export interface BuildOptions {
  config: ShellConfig;
  logger?: FastifyServerOptions['logger'];
}

/** A client error's body: the status only, never the request's text or an internal detail. */
function errorBody(status: number) {
  return { statusCode: status, error: STATUS_CODES[status] ?? 'Error', message: STATUS_CODES[status] ?? 'Error' };
}

function decodablePath(url: string): boolean {
  const q = url.indexOf('?');
  try {
    decodeURIComponent(q < 0 ? url : url.slice(0, q));
    return true;
  } catch {
    return false;
  }
}

/** Builds the shell server: plugins, then the page route. No listen. */
export async function build(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    logger: opts.logger ?? false,
    // Shutdown drops idle keep-alive connections at once; requests in flight finish.
    forceCloseConnections: 'idle',
    keepAliveTimeout: 65_000,
    // A request without Host reaches the page route, which answers the 400 page (Node's own 400 has no body).
    http: { requireHostHeader: false },
    // A path the router cannot decode ('/%zz') goes to the page route, which reads the original URL
    // and answers the 400 page with every hook run (fastify's own answer names the URL, without headers).
    rewriteUrl: (req) => (decodablePath(req.url ?? '/') ? (req.url ?? '/') : '/'),
    frameworkErrors: (err, req, reply) => {
      req.log.info({ code: err.code }, 'unroutable request');
      void (reply as FastifyReply).code(400).send(errorBody(400));
    },
    // The request id is the W3C trace id (the visitor's traceparent if well formed), sent on to the gateway.
    ...traceIdOptions,
  });
  // A server span per request when an exporter is configured (OTEL_EXPORTER_OTLP_ENDPOINT); nothing otherwise.
  traceRequests(app, await serviceTracing('shell'));
  // The response names it (x-request-id), for support to find the page's log lines in every service.
  answerTraceId(app);
  // Request rate, latency and errors by route, and the process defaults, on the shell's own registry.
  const registry = serviceRegistry('shell');
  httpMetrics(app, registry);
  app.decorate('metricsRegistry', registry);
  app.decorate('metricsServer', metricsServer(registry));
  app.addHook('onClose', async () => {
    await app.metricsServer.close();
  });
  answerExpectContinue(app);
  lingerBeforeClose(app.server);
  const signer = await createShellSigner({
    signingKeyJson: config.signingKeyJson,
    devKeyFile: config.devKeyFile,
    production: config.production,
    issuer: config.issuer,
    audience: config.gatewayUrl,
  });
  const directory = new RemoteDirectory({ remotesFile: config.remotesFile, env: config.remoteEnv, log: app.log });
  const federation = new ServerFederation({ directory, ttlMs: config.remoteCheckTtlMs, timeoutMs: config.remoteLoadTimeoutMs, log: app.log });
  app.decorate('federation', federation);

  // Logs name what failed; the client gets its status and nothing else.
  app.setErrorHandler((err: { statusCode?: number }, req, reply) => {
    const status = typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status >= 500) req.log.error({ err }, 'request failed');
    else req.log.info({ err }, 'bad request');
    return reply.code(status).send(errorBody(status));
  });
  app.setNotFoundHandler((_req, reply) => reply.code(404).send(errorBody(404)));

  // First: its onSend hook covers every reply registered after it (pages compress themselves, see render-page).
  await app.register(compression);
  await app.register(securityHeaders, {
    hsts: config.hsts,
    https: config.publicOrigin.startsWith('https:'),
    scriptOrigins: () => Object.values(directory.snapshot()).map((location) => new URL(location.client).origin),
    recaptcha: !!config.publicConfig.recaptchaSiteKey,
    mapTileOrigin: config.publicConfig.mapTileUrl ? new URL(config.publicConfig.mapTileUrl.replace(/\{[a-z]\}/g, '0')).origin : undefined,
  });
  await app.register(health, {
    signer,
    production: config.production,
    publicOrigin: config.publicOrigin,
    warming: async () => app.log.info(await federation.warm(exposesByRemote()), 'remote page modules loaded'),
  });
  await app.register(sitemapXml, { gatewayUrl: config.gatewayUrl, signer, publicOrigin: config.publicOrigin, timeoutMs: config.gatewayTimeoutMs });
  await app.register(clientAssets, { clientDir: config.clientDir });
  await app.register(gatewayProxy, { gatewayUrl: config.gatewayUrl, signer, timeoutMs: config.proxyTimeoutMs });
  await app.register(imagesProxy, { bukkenImagesUrl: config.bukkenImagesUrl, companyImagesUrl: config.companyImagesUrl, timeoutMs: config.imagesTimeoutMs });
  await app.register(specialImages);
  await app.register(ssr, { config, signer, federation, directory });
  return app;
}
