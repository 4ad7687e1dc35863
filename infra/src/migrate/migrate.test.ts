import { readdirSync } from 'node:fs';
import { SUBGRAPHS } from '@sumika/server-kit';
import { migrateToLatest } from '@sumika/storage-kit';
import { testBackends } from '@sumika/storage-kit/testing';
import { migrationsFolder } from './migrate.js';

describe.each(testBackends())('migrations on $name', (backend) => {
  it.each([...SUBGRAPHS])('%s applies from empty and is idempotent', async (subgraph) => {
    const database = await backend.open(subgraph);
    try {
      const files = readdirSync(migrationsFolder(subgraph))
        .filter((f) => f.endsWith('.sql'))
        .map((f) => f.replace(/\.sql$/, ''))
        .sort();
      expect(files.length).toBeGreaterThan(0);
      expect((await migrateToLatest(database, migrationsFolder(subgraph))).applied).toEqual(files);
      expect((await migrateToLatest(database, migrationsFolder(subgraph))).applied).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
