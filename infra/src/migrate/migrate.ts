import path from 'node:path';
import { repoRoot, SUBGRAPHS, type SubgraphName } from '@sumika/server-kit';
import { migrateToLatest, openDatabase, type Database } from '@sumika/storage-kit';

export function migrationsFolder(subgraph: SubgraphName): string {
  return path.join(repoRoot(), 'subgraphs', subgraph, 'migrations');
}

/** Opens a subgraph's database and brings its schema to the latest migration. */
export async function openMigrated<DB>(
  subgraph: SubgraphName,
  opts: { url?: string | null; pgliteDir?: string; schema?: string } = {},
): Promise<{ database: Database<DB>; applied: string[] }> {
  // Migrations and seeds run long statements (index builds, COPY): no statement timeout.
  const database = await openDatabase<DB>({ subgraph, statementTimeoutMs: 0, ...opts });
  try {
    const { applied } = await migrateToLatest(database as Database<unknown>, migrationsFolder(subgraph));
    return { database, applied };
  } catch (err) {
    await database.close();
    throw err;
  }
}

export async function migrateAll(log: (line: string) => void = console.log): Promise<void> {
  for (const subgraph of SUBGRAPHS) {
    const { database, applied } = await openMigrated(subgraph);
    log(`${subgraph}: ${database.kind} ${database.location} schema ${database.schema}: ${applied.length ? `applied ${applied.join(', ')}` : 'up to date'}`);
    await database.close();
  }
}
