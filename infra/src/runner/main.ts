import path from 'node:path';
import { repoRoot } from '@sumika/server-kit';
import { saveLastGoodCopy } from '@sumika/storage-kit';
import { migrateAll } from '../migrate/migrate.js';
import { closeSeedStores, lastSeedRun, openSeedStores, seed } from '../seed/seed.js';
import { runnerConfigFromEnv } from './config.js';
import { selectedServices } from './services.js';
import { Supervisor } from './supervisor.js';

const log = (line: string): void => console.log(`[runner] ${line}`);

/**
 * `npm start`: migrate every subgraph, seed the store when it is empty, then run the services
 * (all, or `RUN_SERVICES`) under a supervisor: prefixed logs, a service that exits is restarted
 * with backoff, `<DATA_DIR>/run/services.json` names their pids, SIGINT/SIGTERM stops them all.
 */
async function main(): Promise<void> {
  const config = runnerConfigFromEnv();
  const services = selectedServices();
  await migrateAll(log);
  const stores = await openSeedStores();
  let seededNow = false;
  try {
    const last = await lastSeedRun(stores.search);
    if (last) {
      log(`data: ${last.listings} listings (seed ${last.seed})`);
    } else {
      const listings = config.seedListings;
      log(`empty store: seeding ${listings} listings (once; \`npm run seed\` to regenerate)`);
      let shown = 0;
      const result = await seed(stores, {
        listings,
        log,
        onProgress: (done, total) => {
          if (done - shown >= total / 10 || done === total) {
            shown = done;
            log(`seeding ${Math.round((done / total) * 100)}% (${done}/${total})`);
          }
        },
      });
      log(`seeded ${result.listings} listings in ${(result.ms / 1000).toFixed(1)} s`);
      seededNow = true;
    }
  } finally {
    // The embedded database allows one process at a time: release it before the services open it.
    await closeSeedStores(stores);
  }
  // A fresh seed is the first last-good copy of each embedded store (a store that will not open is restored from it).
  if (seededNow && stores.search.kind === 'pglite') {
    for (const store of [stores.search, stores.bukken, stores.company]) saveLastGoodCopy(store.location);
    log('seeded stores copied (<store>.last-good)');
  }

  if (services.length === 0) {
    log('no services to start yet');
    return;
  }
  const supervisor = new Supervisor({ services, cwd: repoRoot(), dataDir: config.dataDir, env: process.env, ports: config.ports });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      supervisor.stop(signal).then(
        (clean) => process.exit(clean ? 0 : 1),
        () => process.exit(1),
      );
    });
  }
  supervisor.start();
  const rel = path.relative(process.cwd(), supervisor.servicesFile);
  log(`pids in ${rel.startsWith('..') ? supervisor.servicesFile : rel}; runner pid ${process.pid}`);
}

main().catch((err: unknown) => {
  console.error(`[runner] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
