import { saveLastGoodCopy } from '@sumika/storage-kit';
import { migrateAll } from '../migrate/migrate.js';
import { closeSeedStores, DEFAULT_LISTINGS, lastSeedRun, openSeedStores, seed } from '../seed/seed.js';
import { runnerConfigFromEnv } from './config.js';

const log = (line: string): void => console.log(`[runner] ${line}`);

/**
 * `npm start`'s first step, in a process of its own (the runner starts it and waits): migrate every
 * subgraph, seed the store when it is empty. The embedded stores it opens (PGlite: several hundred MB
 * of WebAssembly memory) go with the process instead of staying in the runner's heap.
 */
async function prepare(): Promise<void> {
  const config = runnerConfigFromEnv();
  await migrateAll(log);
  const stores = await openSeedStores();
  let seededNow = false;
  try {
    const last = await lastSeedRun(stores.search);
    if (last) {
      log(`data: ${last.listings} listings (seed ${last.seed})`);
    } else {
      const listings = config.seedListings ?? DEFAULT_LISTINGS;
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
}

prepare().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(`[runner] ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
