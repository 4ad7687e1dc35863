/**
 * What a journey may know about the site beyond its pages (issue 18). Against a deployment
 * (E2E_BASE_URL, E2E_GATEWAY_URL) only the URLs; against the local stack global setup started, also its
 * stores, so a journey can make the change a real feed would (a rent cut, a new listing) and read a
 * subgraph's outbox. Journeys that need the stores skip elsewhere (`localStores() === null`).
 */
import pg from 'pg';
import { createClient } from 'redis';
import { readState } from './state.js';

export const isDeployment = (): boolean => process.env.E2E_DEPLOYMENT === '1';

export interface LocalStores {
  /**
   * One statement on the e2e PostgreSQL database (every subgraph's schema is in it), with the
   * subgraph's schema first on the search path as its own connections have it (its triggers name
   * their tables unqualified).
   */
  query<R extends pg.QueryResultRow>(text: string, values?: unknown[], schema?: string): Promise<R[]>;
  /**
   * Drops what caches a listing's answers for a minute in Redis after a listing changed under them:
   * the search subgraph's results and the gateway's response cache, as a feed import would.
   */
  dropCachedResults(): Promise<void>;
  /**
   * False when the stack runs on PostgreSQL without Redis: its caches are then inside each service and
   * `dropCachedResults` cannot reach them (a rent changed under them shows after their minute only).
   */
  readonly cachesDroppable: boolean;
}

/** The local stack's stores, or null against a deployment or on the embedded default (PGlite lives inside each service). */
export function localStores(): LocalStores | null {
  if (isDeployment()) return null;
  const state = readState();
  if (!state.database) return null;
  const url = new URL(state.database.adminUrl);
  url.pathname = `/${state.database.name}`;
  const redisUrl = state.redisUrl;
  return {
    cachesDroppable: Boolean(redisUrl),
    async query(text, values = [], schema = 'public') {
      const client = new pg.Client({ connectionString: url.href });
      await client.connect();
      try {
        await client.query(`SELECT set_config('search_path', $1, false)`, [`${schema}, public`]);
        return (await client.query(text, values)).rows;
      } finally {
        await client.end();
      }
    },
    async dropCachedResults() {
      if (!redisUrl) return;
      const redis = createClient({ url: redisUrl });
      await redis.connect();
      try {
        for (const pattern of ['*listing-search:*', '*gateway:rc:*'])
          for await (const keys of redis.scanIterator({ MATCH: pattern, COUNT: 1000 })) {
            const list = ([] as string[]).concat(keys);
            if (list.length) await redis.del(list);
          }
      } finally {
        await redis.quit();
      }
    },
  };
}

/** Polls `check` until it is true (the alert scan runs every 2 s in the local stack). */
export async function eventually(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}

/**
 * A listing key from a results page's server-rendered HTML, as any visitor finds it (no fixed seed keys).
 * `index` picks the n-th card.
 */
export async function listingKeyFrom(baseURL: string, path: string, index = 0): Promise<string> {
  const html = await (await fetch(new URL(path, baseURL))).text();
  const keys = [...html.matchAll(/data-testid="bukken-card"[^>]*data-global-key="([^"]+)"|data-global-key="([^"]+)"[^>]*data-testid="bukken-card"/g)].map(
    (m) => m[1] ?? m[2],
  );
  const key = keys[index];
  if (!key) throw new Error(`no listing card #${index} on ${path}`);
  return key;
}
