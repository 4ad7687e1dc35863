import { SearchResultsPage } from '../pages/search-results-page.js';
import { ShellPage } from '../pages/shell-page.js';
import { expect, IPHONE_UA, PC_UA, test } from '../support/fixtures.js';

/** A listing's key from the results page of a Tokyo ward. */
async function firstListing(results: SearchResultsPage): Promise<string> {
  const res = await results.open('/search/tokyo/city/13113');
  expect(res.status()).toBe(200);
  return (await results.cards.first().getAttribute('data-global-key')) ?? '';
}

test.describe('the listing and the pages around it (issue 17), PC', () => {
  test.use({ userAgent: PC_UA, viewport: { width: 1280, height: 900 } });

  test(
    'results → detail (history +1) → gallery by keyboard → map with the listing → favorite → building → store',
    { tag: ['@search', '@detail', '@shell'] },
    async ({ page, consoleProblems }) => {
      const results = new SearchResultsPage(page);
      const shell = new ShellPage(page);
      const key = await firstListing(results);
      const history = shell.header.getByTestId('badge-detail');
      const seen = (await history.count()) ? Number(await history.innerText()) : 0;

      await shell.open(`/bukken/detail/${key}`);
      await expect(page.locator('h1')).toHaveCount(1);
      // Recorded in the history: the next page's header counts it.
      await shell.open(`/bukken/detail/${key}`);
      await expect(history).toHaveText(String(seen + 1));

      // The gallery by keyboard: focus it, → shows the next picture.
      const gallery = page.getByTestId('gallery');
      const shown = gallery.getByTestId('gallery-stage').locator('img:not([hidden])');
      const first = await shown.getAttribute('alt');
      await expect(gallery.getByTestId('gallery-count')).toHaveText(/^1 \/ \d+$/);
      await gallery.focus();
      await page.keyboard.press('ArrowRight');
      await expect(shown).not.toHaveAttribute('alt', first ?? '');
      await expect(gallery.getByTestId('gallery-count')).toHaveText(/^2 \/ \d+$/);

      // The map shows the listing (the picture's marker, or Leaflet's once loaded) and its stations.
      const map = page.getByTestId('map-section');
      await map.scrollIntoViewIfNeeded();
      await expect(map.locator('[data-marker="place"]').first()).toBeAttached();
      await expect(map.getByTestId('map-stations')).toBeVisible();

      // Favorite: the header badge counts it.
      const favorites = await shell.favoriteCount();
      await page.getByTestId('bukken-detail').getByTestId('favorite-button').first().click();
      await expect(shell.favoriteBadge).toHaveText(String(favorites + 1));

      // Its building, then the store that lets it.
      await page.locator('a[href^="/building/"]').first().click();
      await expect(page.getByTestId('building-page')).toBeVisible();
      await expect(page.getByTestId('vacancy-table')).toBeVisible();
      await page.getByTestId('building-companies').locator('a[href^="/bukken/company/"]').first().click();
      await expect(page.getByTestId('company-page')).toBeVisible();
      await expect(page.getByTestId('company-listings')).toBeVisible();
      await expect(page.locator('h1')).toHaveCount(1);
      expect(consoleProblems).toEqual([]);
    },
  );
});

test.describe('the listing on a phone (issue 17)', () => {
  test.use({ userAgent: IPHONE_UA, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('the sticky bar stays in view while scrolling, covers nothing, and opens the inquiry', { tag: ['@search', '@detail', '@forms'] }, async ({ page }) => {
    const results = new SearchResultsPage(page);
    const key = await firstListing(results);
    await new ShellPage(page).open(`/bukken/detail/${key}`);
    const bar = page.getByTestId('mobile-action-bar');
    await expect(bar).toBeInViewport();
    await page.mouse.wheel(0, 3000);
    await expect(bar).toBeInViewport();
    // At the very end the page's last content (the site's footer) sits above the bar, not under it.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const footer = (await page.locator('footer.sk-footer').boundingBox())!;
    const barBox = (await bar.boundingBox())!;
    expect(footer.y + footer.height).toBeLessThanOrEqual(barBox.y + 1);
    await bar.getByRole('link', { name: 'お問い合わせ（無料）' }).click();
    await expect(page).toHaveURL(new RegExp(`/apply/create\\?keys=${key}`));
  });
});
