import { readFileSync, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import type { SupergraphSdlHook } from '@apollo/gateway';
import { followLatest, SUPERGRAPH_REDIS } from '@sumika/server-kit';
import type { FastifyBaseLogger } from 'fastify';
import { parse } from 'graphql';

/** Each subgraph's routing URL as composed into the supergraph (the join__Graph enum's values). */
export function routingUrls(sdl: string): Record<string, string> {
  // join__Graph enum values carry each subgraph's name and URL.
  const out: Record<string, string> = {};
  for (const m of sdl.matchAll(/@join__graph\(name: "([^"]+)", url: "([^"]+)"\)/g)) out[m[1] as string] = m[2] as string;
  return out;
}

/** How long the file must be quiet before it is read again (one publish is several file events). */
export const RELOAD_SETTLE_MS = 50;

/**
 * The supergraph from its file, watched: a new composition is served without a restart
 * (`npm run schema:publish` writes one). The file's directory is watched rather than the file: a
 * publish renames a complete new file over the old one (atomic, as a Kubernetes ConfigMap volume swaps
 * its files too), which would end a watch on the old file. A file that does not parse (a half-written
 * copy by another tool) or that Apollo refuses is logged and the current supergraph kept; requests in
 * flight finish on the plan they started with. With `redisUrl` the gateway also follows the
 * supergraph published through Redis (SUPERGRAPH_REDIS: every instance of a scaled-out gateway, on any
 * machine, takes it; one that was away takes the latest when it reconnects). `onSupergraph` runs on the
 * first read and on every change (before Apollo swaps plans).
 */
export function watchedSupergraph(
  file: string,
  log: FastifyBaseLogger,
  onSupergraph: (sdl: string, reloaded: boolean) => void,
  opts: { redisUrl?: string } = {},
): SupergraphSdlHook {
  return async ({ update }) => {
    const read = (): string => readFileSync(file, 'utf8');
    const sdl = read();
    onSupergraph(sdl, false);
    let last = sdl;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reload = () => {
      let next: string;
      try {
        next = read();
      } catch {
        return; // between a rename's two steps: the next event reads it
      }
      take(next);
    };
    const take = (next: string) => {
      if (!next || next === last) return;
      try {
        parse(next);
      } catch (err) {
        log.error({ err }, 'supergraph file does not parse; keeping the current one');
        return;
      }
      try {
        update(next);
        last = next;
        onSupergraph(next, true);
        log.info('supergraph reloaded');
      } catch (err) {
        log.error({ err }, 'supergraph reload failed; keeping the current one');
      }
    };
    let watcher: FSWatcher | undefined;
    try {
      const name = path.basename(file);
      watcher = watch(path.dirname(file), (_event, changed) => {
        // Kubernetes swaps a ConfigMap's files through its `..data` link.
        if (changed !== null && changed !== name && changed !== '..data') return;
        clearTimeout(timer);
        timer = setTimeout(reload, RELOAD_SETTLE_MS);
      });
    } catch {
      log.warn('cannot watch the supergraph file; reload by restart');
    }
    const channel = opts.redisUrl ? followLatest(opts.redisUrl, SUPERGRAPH_REDIS, take, log) : undefined;
    return {
      supergraphSdl: sdl,
      cleanup: async () => {
        clearTimeout(timer);
        watcher?.close();
        await channel?.close();
      },
    };
  };
}
