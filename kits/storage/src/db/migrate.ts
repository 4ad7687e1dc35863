import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely';
import type { Database } from './database.js';

const DOWN_MARKER = /^--\s*migrate:down\s*$/m;

/**
 * Reads `NNNN_name.sql` files; the part after a `-- migrate:down` line is the rollback.
 * Plain SQL keeps migrations readable by anyone and identical on PostgreSQL and PGlite.
 */
export class SqlFileMigrationProvider implements MigrationProvider {
  constructor(private readonly folder: string) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await readdir(this.folder)).filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f)).sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      const text = await readFile(path.join(this.folder, file), 'utf8');
      const [up = '', down] = text.split(DOWN_MARKER);
      migrations[file.replace(/\.sql$/, '')] = {
        up: async (db: Kysely<unknown>) => {
          await sql.raw(up).execute(db);
        },
        ...(down ? { down: async (db: Kysely<unknown>) => void (await sql.raw(down).execute(db)) } : {}),
      };
    }
    return migrations;
  }
}

export interface MigrateOutcome {
  applied: string[];
}

/** Applies every pending migration of one subgraph (Kysely's Migrator: locked, transactional, ordered). */
export async function migrateToLatest<DB>(database: Database<DB>, folder: string): Promise<MigrateOutcome> {
  const migrator = new Migrator({
    db: database.db as unknown as Kysely<unknown>,
    provider: new SqlFileMigrationProvider(folder),
    migrationTableSchema: database.schema,
  });
  const { error, results } = await migrator.migrateToLatest();
  return finish(error, results);
}

function finish(error: unknown, results: MigrationResultSet['results']): MigrateOutcome {
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const what = failed ? ` in ${failed.migrationName}` : '';
    throw new Error(`migration failed${what}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return { applied: (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName) };
}
