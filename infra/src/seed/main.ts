import { createHash } from 'node:crypto';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { closeSeedStores, DEFAULT_AS_OF, DEFAULT_LISTINGS, DEFAULT_SEED, lastSeedRun, openSeedStores, seed, seedChecksums } from './seed.js';

const HELP = `Usage: npm run seed -- [--listings N] [--seed S] [--as-of ISO-DATE] [--if-empty] [--checksum]

  --listings N   listings to generate (default ${DEFAULT_LISTINGS})
  --seed S       generator seed; the same seed gives the same data, byte for byte (default ${DEFAULT_SEED})
  --as-of DATE   the generator's "today" for arrival dates and ages (default ${DEFAULT_AS_OF})
  --if-empty     do nothing when the store already holds seeded data
  --checksum     print a checksum of every generated table afterwards

Writes to PostgreSQL when DATABASE_URL (or SEARCH_/BUKKEN_/COMPANY_DATABASE_URL) is set,
else to the embedded PGlite databases in .data/.`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      listings: { type: 'string' },
      seed: { type: 'string' },
      'as-of': { type: 'string' },
      'if-empty': { type: 'boolean', default: false },
      checksum: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const listings = values.listings === undefined ? DEFAULT_LISTINGS : Number(values.listings.replace(/_/g, ''));
  const seedValue = values.seed === undefined ? DEFAULT_SEED : Number(values.seed);
  const asOf = new Date(values['as-of'] ?? DEFAULT_AS_OF);
  if (!Number.isInteger(listings) || listings < 1) throw new Error(`--listings must be a positive integer, got ${values.listings}`);
  if (!Number.isInteger(seedValue)) throw new Error(`--seed must be an integer, got ${values.seed}`);
  if (Number.isNaN(asOf.getTime())) throw new Error(`--as-of must be a date, got ${values['as-of']}`);

  const stores = await openSeedStores();
  try {
    console.log(`seeding ${stores.search.kind} (${stores.search.location})`);
    if (values['if-empty']) {
      const last = await lastSeedRun(stores.search);
      if (last) {
        console.log(`already seeded: ${last.listings} listings from seed ${last.seed}; nothing to do`);
        return;
      }
    }
    const bar = new cliProgress.SingleBar(
      {
        format: 'listings {bar} {percentage}% | {value}/{total} | {rate}/s | elapsed {duration_formatted} | ETA {eta_formatted}',
        noTTYOutput: true,
        notTTYSchedule: 10_000,
        etaBuffer: 20,
      },
      cliProgress.Presets.shades_classic,
    );
    const t0 = performance.now();
    let started = false;
    const result = await seed(stores, {
      listings,
      seed: seedValue,
      asOf,
      log: (line) => {
        if (started) bar.stop();
        console.log(line);
      },
      onProgress: (done, total) => {
        if (!started) {
          bar.start(total, 0, { rate: 0 });
          started = true;
        }
        const rate = Math.round(done / ((performance.now() - t0) / 1000));
        bar.update(done, { rate });
      },
    });
    bar.stop();
    const rss = Math.round(process.memoryUsage().rss / 1024 / 1024);
    console.log(
      `seeded ${result.listings} listings in ${result.buildings} buildings, ${result.companies} companies in ${(result.ms / 1000).toFixed(1)} s (${Math.round(result.listings / (result.ms / 1000))} listings/s, rss ${rss} MB)`,
    );
    if (values.checksum) {
      const sums = await seedChecksums(stores);
      for (const [table, sum] of Object.entries(sums)) console.log(`  ${table.padEnd(28)} ${sum}`);
      console.log(`checksum ${createHash('sha256').update(JSON.stringify(sums)).digest('hex')}`);
    }
  } finally {
    await closeSeedStores(stores);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
