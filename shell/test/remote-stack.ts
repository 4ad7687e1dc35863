/**
 * Shared by the whole-stack page tests: free ports, and remotes built for a test (production client
 * and server builds into a work directory) and served as the shell reaches them in production.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import webpack from 'webpack';
import { remoteConfigs } from '../build/remote-webpack.js';
import { serveRemote } from '../build/serve-remote.js';
import type { ServerFederation } from '../src/server/federation/server-federation.js';

export const shellDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export { freePort } from '@sumika/server-kit/testing';

/** A remote's directory beside the shell: mf-search, mf-detail… */
export const remoteDir = (name: string): string => path.resolve(shellDir, '..', name);

/** The remotes' production client and server builds, into `outDir/<name>` (one webpack run). */
export async function buildRemotes(names: readonly string[], outDir: string): Promise<void> {
  const configs: webpack.Configuration[] = [];
  for (const name of names) {
    const dir = remoteDir(name);
    const federation = (await import(path.join(dir, 'module-federation.config.js'))) as { default: { name: string; exposes: Record<string, string> } };
    configs.push(...remoteConfigs({ dir, federation: federation.default, mode: 'production', outDir: path.join(outDir, name) }));
  }
  await new Promise<void>((resolve, reject) => {
    webpack(configs, (err, stats) => {
      if (err) return reject(err);
      if (stats?.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })));
      resolve();
    });
  });
}

/** Serves a remote built by buildRemotes; answers its base URL. */
export async function serveBuiltRemote(name: string, outDir: string): Promise<{ server: Server; url: string }> {
  const server = await serveRemote({ dir: remoteDir(name), root: path.join(outDir, name), port: 0 });
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** An exposed module as loaded: its default page component and its other exports. */
export type LoadedModule = { default?: unknown } & Record<string, unknown>;

/** Passes every module the shell's federation loads through `change` (tests alter what a page module exports). */
export function alterLoadedModules(federation: ServerFederation, change: (mod: LoadedModule) => LoadedModule): void {
  const load = federation.load.bind(federation);
  federation.load = (async (remote, expose) => change(await load<LoadedModule>(remote, expose))) as ServerFederation['load'];
}
