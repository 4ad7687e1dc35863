import path from 'node:path';
import concurrently from 'concurrently';
import { repoRoot } from '@sumika/subgraph-kit';
import { migrateAll } from '../migrate/migrate.js';
import { closeSeedStores, DEFAULT_LISTINGS, lastSeedRun, openSeedStores, seed } from '../seed/seed.js';
import { availableServices } from './services.js';

const log = (line: string): void => console.log(`[runner] ${line}`);

/**
 * `npm start`: migrate every subgraph, seed the store when it is empty, then run every
 * service that exists with prefixed logs; Ctrl-C stops them all.
 */
async function main(): Promise<void> {
  await migrateAll(log);
  const stores = await openSeedStores();
  try {
    const last = await lastSeedRun(stores.search);
    if (last) {
      log(`data: ${last.listings} listings (seed ${last.seed})`);
    } else {
      const listings = Number(process.env.SEED_LISTINGS ?? DEFAULT_LISTINGS);
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
    }
  } finally {
    // The embedded database allows one process at a time: release it before the services open it.
    await closeSeedStores(stores);
  }

  const services = availableServices();
  if (services.length === 0) {
    log('no services to start yet');
    return;
  }
  const tsx = path.join(repoRoot(), 'node_modules', '.bin', 'tsx');
  const { result } = concurrently(
    services.map((s) => ({
      name: s.name,
      command: `${tsx} ${s.entry}`,
      cwd: repoRoot(),
      prefixColor: s.color,
      env: { [s.portEnv]: process.env[s.portEnv] ?? String(s.port), LOG_FORMAT: process.env.LOG_FORMAT ?? 'pretty' },
    })),
    { prefix: '[{name}]', killOthersOn: ['failure'], handleInput: false },
  );
  for (const s of services) log(`${s.name} on http://localhost:${process.env[s.portEnv] ?? s.port}`);
  await result.catch(() => {
    process.exitCode = 1;
  });
}

main().catch((err: unknown) => {
  console.error(`[runner] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
