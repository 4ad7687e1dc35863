import { readdirSync } from 'node:fs';
import { migrateToLatest, SUBGRAPHS } from '@sumika/subgraph-kit';
import { testBackends } from '@sumika/subgraph-kit/testing';
import { migrationsFolder } from './migrate.js';

describe.each(testBackends())('migrations on $name', (backend) => {
  it.each([...SUBGRAPHS])('%s applies from empty and is idempotent', async (subgraph) => {
    const database = await backend.open(subgraph);
    try {
      const files = readdirSync(migrationsFolder(subgraph)).filter((f) => f.endsWith('.sql')).map((f) => f.replace(/\.sql$/, '')).sort();
      expect(files.length).toBeGreaterThan(0);
      expect((await migrateToLatest(database, migrationsFolder(subgraph))).applied).toEqual(files);
      expect((await migrateToLatest(database, migrationsFolder(subgraph))).applied).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
