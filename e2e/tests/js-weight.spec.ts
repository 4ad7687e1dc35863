import { gzipSync } from 'node:zlib';
import { TopPage } from '../pages/top-page.js';
import { expect, test } from '../support/fixtures.js';

// SPEC target: the top page's initial JS ≤ 170 KB gzip including React. Measured as the browser loads
// it (every script the page fetched, gzip -9). The build is above target today (188 KB; decision 010),
// so this guards against regressions and records the figure in the report.
const REGRESSION_LIMIT_KB = 195;

test('the top page loads a bounded amount of JavaScript', async ({ page }, testInfo) => {
  const scripts: { url: string; bytes: number }[] = [];
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    try {
      scripts.push({ url: new URL(res.url()).pathname, bytes: gzipSync(await res.body(), { level: 9 }).length });
    } catch {
      // a redirect or a failed body: not script we ran
    }
  });
  await new TopPage(page).open('/');
  await page.waitForLoadState('networkidle');
  const totalKb = scripts.reduce((sum, s) => sum + s.bytes, 0) / 1024;
  testInfo.annotations.push({ type: 'top-page-js', description: `${totalKb.toFixed(1)} KB gzip in ${scripts.length} scripts (target 170 KB)` });
  console.log(`[e2e] top page JS: ${totalKb.toFixed(1)} KB gzip in ${scripts.length} scripts (target 170 KB)`);
  expect(totalKb).toBeLessThan(REGRESSION_LIMIT_KB);
});
