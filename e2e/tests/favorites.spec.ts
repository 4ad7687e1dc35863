import { SearchResultsPage } from '../pages/search-results-page.js';
import { ShellPage } from '../pages/shell-page.js';
import { expect, test } from '../support/fixtures.js';

test(
  'a favorite added in mf-search updates the kit header badge and shows in mf-user',
  { tag: ['@search', '@user', '@shell'] },
  async ({ page, consoleProblems }) => {
    const results = new SearchResultsPage(page);
    const res = await results.open('/search/tokyo/city/13113');
    expect(res.status()).toBe(200);
    await expect(results.cards.first()).toBeVisible();
    const before = await results.favoriteCount();

    const key = await results.addFavorite(0);
    await expect(results.favoriteBadge).toHaveText(String(before + 1));
    await expect(results.favoriteButton(0)).toHaveAttribute('aria-pressed', 'true');

    // Another remote (mf-user) sees the same visitor's favorite, and the badge is server-rendered.
    const favorites = new ShellPage(page);
    await favorites.open('/favorite');
    await expect(page.locator(`[data-testid="stock-row"][data-global-key="${key}"]`)).toBeVisible();
    await expect(favorites.favoriteBadge).toHaveText(String(before + 1));
    expect(consoleProblems).toEqual([]);
  },
);
