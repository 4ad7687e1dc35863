import { readFileSync, watch, type FSWatcher } from 'node:fs';
import type { SupergraphSdlHook } from '@apollo/gateway';
import type { FastifyBaseLogger } from 'fastify';

/** Each subgraph's routing URL as composed into the supergraph (the join__Graph enum's values). */
export function routingUrls(sdl: string): Record<string, string> {
  // join__Graph enum values carry each subgraph's name and URL.
  const out: Record<string, string> = {};
  for (const m of sdl.matchAll(/@join__graph\(name: "([^"]+)", url: "([^"]+)"\)/g)) out[m[1] as string] = m[2] as string;
  return out;
}

/**
 * The supergraph from its file, watched: a new composition is served without a restart.
 * `onSupergraph` runs on the first read and on every change (before Apollo swaps plans).
 */
export function watchedSupergraph(file: string, log: FastifyBaseLogger, onSupergraph: (sdl: string, reloaded: boolean) => void): SupergraphSdlHook {
  return async ({ update }) => {
    const read = (): string => readFileSync(file, 'utf8');
    const sdl = read();
    onSupergraph(sdl, false);
    let last = sdl;
    let watcher: FSWatcher | undefined;
    try {
      watcher = watch(file, () => {
        try {
          const next = read();
          if (next && next !== last) {
            update(next);
            last = next;
            onSupergraph(next, true);
            log.info('supergraph reloaded');
          }
        } catch (err) {
          log.error({ err }, 'supergraph reload failed; keeping the current one');
        }
      });
    } catch {
      log.warn('cannot watch the supergraph file; reload by restart');
    }
    return { supergraphSdl: sdl, cleanup: async () => watcher?.close() };
  };
}
