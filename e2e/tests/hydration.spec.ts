import { SearchResultsPage } from '../pages/search-results-page.js';
import { expect, test } from '../support/fixtures.js';

/** Lighthouse's phone (its mobile preset's user agent). */
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36';

test.describe('hydration split into parts (issue 15, total blocking time)', () => {
  test(
    'a results page hydrates building by building, and a press on the last building right away still counts',
    { tag: ['@search', '@shell'] },
    async ({ browser, baseURL, request }) => {
      // The server's HTML: one Suspense boundary (<!--$-->…<!--/$-->) around each building block, so
      // React hydrates them as separate tasks instead of 30 buildings in one long one.
      const html = await (await request.get('/search/tokyo/city/13101')).text();
      const buildings = html.match(/data-testid="building-card"/g)?.length ?? 0;
      expect(buildings).toBeGreaterThan(5);
      const boundaries = html.match(/<!--\$--><li class="s-building"/g)?.length ?? 0;
      expect(boundaries).toBe(buildings);

      // On a phone's CPU, press the last building's favorite as soon as the root has hydrated: its part
      // may still be server HTML only; React hydrates it first and the press is not lost.
      const context = await browser.newContext({ baseURL, userAgent: PHONE_UA, viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const results = new SearchResultsPage(page);
      expect((await results.open('/search/tokyo/city/13101')).status()).toBe(200);
      const last = (await results.cards.count()) - 1;
      const before = await results.favoriteCount();
      await results.addFavorite(last);
      await expect(results.favoriteButton(last)).toHaveAttribute('aria-pressed', 'true');
      await expect(results.favoriteBadge).toHaveText(String(before + 1));
      await context.close();
    },
  );
});
