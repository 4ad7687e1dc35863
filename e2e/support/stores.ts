/**
 * Where the journeys keep their data. With DATABASE_URL / REDIS_URL set (as in CI) the site runs on
 * PostgreSQL and Redis like production: a fresh database of its own beside the given one
 * (`<name>_e2e`, UTF-8, dropped and created each run) and a Redis logical database of its own
 * (index 9, flushed). Without them, or with E2E_EMBEDDED=1, on the embedded default (PGlite in the
 * data dir, in-process caches).
 */
import pg from 'pg';
import { createClient } from 'redis';

export interface Stores {
  /** Environment for every service: DATABASE_URL / REDIS_URL, or nothing for the embedded default. */
  env: Record<string, string>;
  describe: string;
  /** Drops what setup created (teardown). */
  databaseName?: string;
  adminUrl?: string;
}

const E2E_REDIS_DB = 9;

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export async function prepareStores(source: NodeJS.ProcessEnv = process.env): Promise<Stores> {
  if (source.E2E_EMBEDDED === '1' || (!source.DATABASE_URL && !source.REDIS_URL))
    return { env: {}, describe: 'the embedded default (PGlite, in-process caches)' };
  const env: Record<string, string> = {};
  const parts: string[] = [];
  let databaseName: string | undefined;
  let adminUrl: string | undefined;
  if (source.DATABASE_URL) {
    const url = new URL(source.DATABASE_URL);
    databaseName = `${url.pathname.replace(/^\//, '') || 'postgres'}_e2e`;
    adminUrl = source.DATABASE_URL;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(databaseName)} WITH (FORCE)`);
      // Japanese free-word search needs a UTF-8 LC_CTYPE (docs/decisions/002).
      await admin.query(`CREATE DATABASE ${quoteIdent(databaseName)} TEMPLATE template0 ENCODING 'UTF8' LOCALE 'C.UTF-8'`);
    } finally {
      await admin.end();
    }
    url.pathname = `/${databaseName}`;
    env.DATABASE_URL = url.href;
    parts.push(`PostgreSQL database ${databaseName}`);
  }
  if (source.REDIS_URL) {
    const url = new URL(source.REDIS_URL);
    url.pathname = `/${E2E_REDIS_DB}`;
    const client = createClient({ url: url.href });
    await client.connect();
    try {
      await client.flushDb();
    } finally {
      await client.quit();
    }
    env.REDIS_URL = url.href;
    parts.push(`Redis database ${E2E_REDIS_DB}`);
  }
  return { env, describe: parts.join(' and '), databaseName, adminUrl };
}

export async function dropStores(stores: Pick<Stores, 'databaseName' | 'adminUrl'>): Promise<void> {
  if (!stores.databaseName || !stores.adminUrl) return;
  const admin = new pg.Client({ connectionString: stores.adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(stores.databaseName)} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
