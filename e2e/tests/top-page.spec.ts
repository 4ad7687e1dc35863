import { TopPage } from '../pages/top-page.js';
import { expect, test } from '../support/fixtures.js';

test('the top page is server-rendered with status 200 and hydrates without warnings', { tag: ['@search', '@shell'] }, async ({ page, consoleProblems }) => {
  const top = new TopPage(page);
  const res = await top.open('/');
  expect(res.status()).toBe(200);
  // Server-rendered: the HTML already has the remote's content and the kit's chrome.
  const html = await res.text();
  expect(html).toContain('data-testid="top-page"');
  expect(html).toContain('sk-header');
  expect(html).toContain('window.__SUMIKA_APOLLO_STATE__');
  await expect(page).toHaveTitle('賃貸住宅・賃貸物件の検索サイト｜すみか');
  await expect(top.content).toBeVisible();
  // Hydrated: the region map reacts to clicks (client-side state).
  await top.regionMap.getByRole('button', { name: '関東' }).first().click();
  await expect(top.regionMap.getByRole('link', { name: '東京都' })).toBeVisible();
  expect(consoleProblems).toEqual([]);
});

test('a page asks for its scripts once it is parsed and styled, not beside its stylesheets (issue 15)', { tag: ['@search', '@shell'] }, async ({ page }) => {
  for (const path of ['/', '/search/tokyo/city/13101']) {
    await new TopPage(page).open(path);
    await page.waitForLoadState('load');
    const { parsed, styled, scripts } = await page.evaluate(() => {
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      return {
        parsed: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domContentLoadedEventEnd,
        styled: Math.max(...resources.filter((e) => new URL(e.name).pathname.endsWith('.css')).map((e) => e.responseEnd)),
        scripts: resources.filter((e) => new URL(e.name).pathname.endsWith('.js')).map((e) => ({ url: new URL(e.name).pathname, start: e.startTime })),
      };
    });
    // The entry scripts and the remote's entry: requested after the page was parsed and its stylesheets had
    // come (a frame later: it paints first), so they take nothing from what the first paint needs.
    const entries = scripts.filter((s) => /\/(main|react)\.[0-9a-f]+\.js$|\/remoteEntry\.js$/.test(s.url));
    expect(entries.map((s) => s.url.split('/').pop()!.split('.')[0])).toEqual(expect.arrayContaining(['remoteEntry', 'react', 'main']));
    for (const s of entries)
      expect({ url: s.url, afterParse: s.start >= parsed, afterStyles: s.start >= styled }).toEqual({ url: s.url, afterParse: true, afterStyles: true });
  }
  // And it hydrates: the region map reacts to clicks.
  const top = new TopPage(page);
  await top.open('/');
  await top.regionMap.getByRole('button', { name: '関東' }).first().click();
  await expect(top.regionMap.getByRole('link', { name: '東京都' })).toBeVisible();
});
