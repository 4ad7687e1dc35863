import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { cachingLoader } from '../../app/page-loader.js';
import type { RemoteName } from '../../routes.js';
import type { ShellConfig } from '../config.js';
import { ClientEntries } from '../federation/client-entries.js';
import type { RemoteDirectory } from '../federation/remote-directory.js';
import type { ServerFederation } from '../federation/server-federation.js';
import type { ShellSigner } from '../gateway/token.js';
import { renderPage } from '../render/render-page.js';
import { scriptNonce } from './security-headers.js';

/** Every other GET is a page: server-rendered with the remotes' current server builds. */
export default fp(
  async function ssr(app: FastifyInstance, opts: { config: ShellConfig; signer: ShellSigner; federation: ServerFederation; directory: RemoteDirectory }) {
    const clientEntries = new ClientEntries({ directory: opts.directory, ttlMs: opts.config.remoteCheckTtlMs });
    const logged = new Map<RemoteName, string>();
    const onRemoteError = (remote: RemoteName, error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      if (logged.get(remote) === message) return;
      logged.set(remote, message);
      app.log.error({ remote, err: message }, 'remote page failed to render');
    };
    app.get('/*', async (req, reply) => {
      // Per request: the federation checks for a new build (TTL) and caches modules per build.
      const perRequest = cachingLoader((remote, expose) => opts.federation.load(remote, expose));
      await renderPage(req, reply, {
        config: opts.config,
        signer: opts.signer,
        loader: perRequest,
        clientEntries,
        assets: () => app.clientAssets(),
        onRemoteError,
        nonce: scriptNonce(reply),
      });
    });
  },
  { name: 'ssr', dependencies: ['client-assets', 'security-headers'] },
);
