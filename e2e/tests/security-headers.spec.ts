import { SearchResultsPage } from '../pages/search-results-page.js';
import { ShellPage } from '../pages/shell-page.js';
import { expect, test } from '../support/fixtures.js';

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

// Decision 013: every page runs under a nonce-based CSP with 'strict-dynamic'; the remotes' entries
// and chunks (other origins) load through the scripts that carry the nonce.
test(
  'every remote hydrates and navigates under the CSP with no violation',
  { tag: ['@shell', '@search', '@detail', '@user', '@forms'] },
  async ({ page, consoleProblems }) => {
    const refused: string[] = [];
    page.on('console', (m) => {
      // A header the browser cannot read in full is a warning only (Permissions-Policy's unknown features).
      if (/Content Security Policy|Refused to|Permissions-Policy/i.test(m.text())) refused.push(m.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        (window.__cspViolations ??= []).push(`${e.violatedDirective} ${e.blockedURI}`);
      });
    });
    const shell = new ShellPage(page);

    const first = await shell.open('/tokyo');
    const headers = first.headers();
    expect(headers['content-security-policy']).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
    expect(headers['x-frame-options']).toBe('DENY');
    await expect(page.getByTestId('prefecture-page')).toBeVisible();

    // Full loads of the other remotes' pages (mf-search results, mf-detail with its images, mf-user, mf-forms).
    const results = new SearchResultsPage(page);
    await results.open('/search/tokyo/city/13101');
    const key = await results.cards.first().getAttribute('data-global-key');
    await shell.open(`/bukken/detail/${key}`);
    await expect(page.getByTestId('bukken-name')).toBeVisible();
    // Its pictures come from the page's own origin (the shell's /images proxy), so img-src 'self' lets them in.
    const pictures = page.getByTestId('bukken-detail').locator('img');
    const srcs = [...new Set(await pictures.evaluateAll((els) => els.map((e) => (e as HTMLImageElement).src)))];
    expect(srcs.length).toBeGreaterThan(0);
    for (const src of srcs) {
      expect(new URL(src).origin).toBe(new URL(page.url()).origin);
      expect((await page.request.get(src)).status()).toBe(200);
    }
    await expect.poll(() => pictures.first().evaluate((e) => (e as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await shell.open('/users_inquiry');
    await shell.open('/favorite');

    // A client-side navigation that loads another remote (mf-user → mf-search) after a full load.
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    await shell.header.getByRole('link', { name: 'すみか トップページ' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('top-page')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);

    expect(refused).toEqual([]);
    expect(await page.evaluate(() => window.__cspViolations ?? [])).toEqual([]);
    expect(consoleProblems).toEqual([]);

    // The collectors themselves work: an image from another origin is refused and reported.
    await page.evaluate(() => {
      const img = document.createElement('img');
      img.src = 'https://example.invalid/probe.png';
      document.body.append(img);
    });
    await expect.poll(() => page.evaluate(() => window.__cspViolations ?? [])).toEqual(['img-src https://example.invalid/probe.png']);
    await expect.poll(() => refused.length).toBe(1);
  },
);
