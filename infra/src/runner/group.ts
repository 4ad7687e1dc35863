/**
 * Several services in one Node process (decision 020): the runner starts this on the embedded default
 * for the five subgraphs (each with its own PGlite) and for the four remotes' static servers, instead of
 * one process each. `GROUP_SERVICES` names the members; each is its own entry, unchanged — the same
 * module `node <entry>` would run, on its own port (`<NAME>_PORT`, set by the runner), with its own
 * fastify app, store and cache — imported one after the other, so each is listening before the next
 * starts and its logger is named after it (`LOG_NAME`: the runner prefixes its lines with it).
 *
 * One process, one fate: SIGTERM closes every member (kits/server shutdown.js waits for all of them),
 * and a crash or an exit of one ends the process, which the runner restarts as a whole.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '@sumika/server-kit/root';
import { SERVICES, type Service } from './services.js';

/**
 * A subgraph's entry as a template literal: esbuild bundles every file the pattern can match
 * (`subgraphs/<name>/src/server.ts`) into the runner's bundle; under tsx the same path loads from the
 * sources. A remote's static server (`mf-<name>/serve.js`) is JavaScript already and is never bundled
 * (compile.ts bundleOf): it is imported from the checkout as `node mf-<name>/serve.js` would run it.
 */
function load(service: Service): Promise<unknown> {
  const subgraph = /^subgraphs\/([a-z]+)\/src\/server\.ts$/.exec(service.entry)?.[1];
  if (subgraph) return import(`../../../subgraphs/${subgraph}/src/server.ts`);
  if (/^mf-[a-z]+\/serve\.js$/.test(service.entry)) return import(pathToFileURL(path.join(repoRoot(), service.entry)).href);
  throw new Error(`${service.name}: ${service.entry} cannot run in a group`);
}

async function main(): Promise<void> {
  const names = (process.env.GROUP_SERVICES ?? '').split(',').filter(Boolean);
  const members = names.map((name) => {
    const service = SERVICES.find((s) => s.name === name);
    if (!service) throw new Error(`GROUP_SERVICES: unknown service ${name}`);
    return service;
  });
  if (members.length === 0) throw new Error('GROUP_SERVICES names no service');
  for (const service of members) {
    process.env.LOG_NAME = service.name;
    await load(service);
  }
  delete process.env.LOG_NAME;
}

main().catch((err: unknown) => {
  console.error(`[group] ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exit(1);
});
