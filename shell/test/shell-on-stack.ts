/**
 * The shell server in front of the real gateway and subgraphs (integration/src/stack.ts), its
 * remotes unreachable (shell pages, errors and the /graphql proxy need none): shared by the
 * whole-stack tests that render no remote page.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { createLocalJWKSet, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';
import type { TestBackend } from '@sumika/storage-kit/testing';
import { startStack, type Stack } from '@sumika/integration/stack';
import { build } from '../src/server/app.js';
import { configFromEnv } from '../src/server/config.js';
import { freePort } from './remote-stack.js';

export interface ShellOnStack {
  stack: Stack;
  shell: FastifyInstance;
  close(): Promise<void>;
}

export async function shellOnStack(
  backend: TestBackend,
  opts: {
    listings: number;
    /** The shell's environment beyond the gateway, data directory and (closed) remotes. */
    env?: Record<string, string>;
    logger?: NonNullable<Parameters<typeof startStack>[1]>['logger'];
    shellLogger?: FastifyServerOptions['logger'];
  },
): Promise<ShellOnStack> {
  /** The shell's public keys, read from the shell once it is built (the gateway asks lazily). */
  let shellJwks: JSONWebKeySet = { keys: [] };
  const shellKeys: JWTVerifyGetKey = (header, token) => createLocalJWKSet(shellJwks)(header, token);
  const port = await freePort();
  const gatewayUrl = `http://127.0.0.1:${port}/graphql`;
  const stack = await startStack(backend, {
    listings: opts.listings,
    shellKeys,
    config: { shellAudiences: [gatewayUrl] },
    ...(opts.logger ? { logger: opts.logger } : {}),
  });
  let dataDir: string | undefined;
  let shell: FastifyInstance | undefined;
  const close = async () => {
    await shell?.close();
    await stack.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await stack.gateway.listen({ port, host: '127.0.0.1' });
    dataDir = await mkdtemp(path.join(tmpdir(), 'shell-on-stack-'));
    const closed = 'http://127.0.0.1:9';
    shell = await build({
      config: configFromEnv({
        GATEWAY_URL: gatewayUrl,
        DATA_DIR: dataDir,
        MF_SEARCH_URL: closed,
        MF_DETAIL_URL: closed,
        MF_USER_URL: closed,
        MF_FORMS_URL: closed,
        REMOTE_LOAD_TIMEOUT_MS: '1000',
        ...opts.env,
      }),
      ...(opts.shellLogger ? { logger: opts.shellLogger } : {}),
    });
    shellJwks = (await shell.inject({ url: '/.well-known/jwks.json' })).json();
    return { stack, shell, close };
  } catch (err) {
    await close();
    throw err;
  }
}
