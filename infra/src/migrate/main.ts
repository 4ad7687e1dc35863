import { migrateAll } from './migrate.js';

migrateAll().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
