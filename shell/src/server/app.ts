import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { ShellConfig } from './config.js';
import { RemoteDirectory } from './federation/remote-directory.js';
import { ServerFederation } from './federation/server-federation.js';
import { createShellSigner } from './gateway/token.js';
import clientAssets from './plugins/client-assets.js';
import gatewayProxy from './plugins/gateway-proxy.js';
import health from './plugins/health.js';
import imagesProxy from './plugins/images-proxy.js';
import specialImages from './plugins/special-images.js';
import ssr from './plugins/ssr.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shell server's Module Federation host (remote builds, freshness checks). */
    federation: ServerFederation;
  }
}

export interface BuildOptions {
  config: ShellConfig;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the shell server: plugins, then the page route. No listen. */
export async function build(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({ logger: opts.logger ?? false, forceCloseConnections: true, keepAliveTimeout: 65_000 });
  const signer = await createShellSigner({
    signingKeyJson: config.signingKeyJson,
    devKeyFile: config.devKeyFile,
    production: config.production,
    issuer: config.issuer,
    audience: config.gatewayUrl,
  });
  const directory = new RemoteDirectory({ remotesFile: config.remotesFile, env: config.remoteEnv });
  const federation = new ServerFederation({ directory, ttlMs: config.remoteCheckTtlMs, timeoutMs: config.remoteLoadTimeoutMs, log: app.log });
  app.decorate('federation', federation);
  await app.register(health, { signer, production: config.production });
  await app.register(clientAssets, { clientDir: config.clientDir });
  await app.register(gatewayProxy, { gatewayUrl: config.gatewayUrl, signer });
  await app.register(imagesProxy, { bukkenImagesUrl: config.bukkenImagesUrl, companyImagesUrl: config.companyImagesUrl });
  await app.register(specialImages);
  await app.register(ssr, { config, signer, federation, directory });
  return app;
}
