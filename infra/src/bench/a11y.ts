/**
 * `npm run bench:a11y`: Lighthouse's accessibility audit (issue 16's quality bar: 100 on the top, a
 * picker, a results page, the option page and the map page; issue 17's: ≥ 95 on the detail page) on
 * the pages of each search and listing type, with the mobile and the desktop presets. Starts the site as
 * `npm start` does on free ports with its own embedded store (the same as bench:web, `.data/bench-web`),
 * or audits `--url` of a running site; stops what it started. Prints one score per page and form factor
 * with the failing audits (id and the first failing element), then a last line
 * `lighthouse-a11y min=<n> mobile=<page>:<n>,… desktop=…`. Scores are not timings: one run each.
 *
 *   npm run bench:a11y
 *   npm run bench:a11y -- --url http://127.0.0.1:3000
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Config, type Flags, type Result } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { repoRoot } from '@sumika/server-kit';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '@sumika/server-kit/chromium';
import { discoverVisitor, siteOrUrl } from './site.js';

const { values } = parseArgs({ options: { url: { type: 'string' } } });
const RESULTS = '/search/tokyo/city/13101';
const dataDir = path.join(repoRoot(), '.data', 'bench-web');

interface Failure {
  id: string;
  title: string;
  node: string;
}

function failures(lhr: Result): Failure[] {
  const refs = lhr.categories.accessibility?.auditRefs ?? [];
  return refs
    .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => {
      const audit = lhr.audits[ref.id]!;
      const items = (audit.details as { items?: { node?: { snippet?: string } }[] } | undefined)?.items ?? [];
      return { id: ref.id, title: audit.title, node: items[0]?.node?.snippet ?? '' };
    });
}

async function main(): Promise<void> {
  const site = await siteOrUrl(values.url, { dataDir, log: (l) => console.log(l) });
  const { base } = site;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    const { detailPath } = await discoverVisitor(base, RESULTS);
    const pages: [string, string][] = [
      ['top', '/'],
      ['prefecture', '/tokyo'],
      ['picker', '/search/cities/tokyo'],
      ['results', RESULTS],
      ['words', '/search/words?q=shinjuku%201LDK'],
      ['option', '/search/option'],
      ['map', '/search/map?prefecture=tokyo&city=13101'],
      ['commute', '/search/nmin_stations/tokyo'],
      ['detail', detailPath],
    ];
    chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless', ...CHROMIUM_FLAGS], logLevel: 'silent' });
    const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['accessibility'], disableFullPageScreenshot: true };
    const scores: Record<string, string[]> = { mobile: [], desktop: [] };
    let min = 100;
    for (const [formFactor, config] of [
      ['mobile', undefined],
      ['desktop', desktopConfig as Config],
    ] as const) {
      for (const [page, p] of pages) {
        const result = await lighthouse(`${base}${p}`, flags, config);
        const lhr = result?.lhr;
        if (!lhr || lhr.runtimeError) throw new Error(`Lighthouse on ${p}: ${lhr?.runtimeError?.message ?? 'no result'}`);
        const score = Math.round((lhr.categories.accessibility?.score ?? 0) * 100);
        min = Math.min(min, score);
        scores[formFactor]!.push(`${page}:${score}`);
        console.log(`${formFactor.padEnd(8)} ${page.padEnd(11)} ${String(score).padStart(3)}  ${p}`);
        for (const f of failures(lhr)) console.log(`    ${f.id}: ${f.title}${f.node ? ` — ${f.node.slice(0, 140)}` : ''}`);
      }
    }
    console.log(`lighthouse-a11y min=${min} mobile=${scores.mobile!.join(',')} desktop=${scores.desktop!.join(',')}`);
  } finally {
    await chrome?.kill();
    await site.stop();
  }
}

main().catch((err: unknown) => {
  console.error(`[bench:a11y] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
