import { SearchResultsPage } from '../pages/search-results-page.js';
import { ShellPage } from '../pages/shell-page.js';
import { expect, test } from '../support/fixtures.js';

test(
  'header links navigate between remotes in the browser, page meta following',
  { tag: ['@shell', '@search', '@user', '@detail', '@forms'] },
  async ({ page, consoleProblems }) => {
    const shell = new ShellPage(page);
    await shell.open('/tokyo');
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    // The kit's header links are router links: mf-user's page is loaded by the browser, no page load.
    await shell.header.getByRole('link', { name: /閲覧履歴/ }).click();
    await expect(page).toHaveURL(/\/detail_history$/);
    await expect(page.getByTestId('detail-history-page')).toBeVisible();
    await expect(page).toHaveTitle(/閲覧履歴/);
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    // And back to another remote's page.
    await page.goBack();
    await expect(page.getByTestId('prefecture-page')).toBeVisible();
    expect(consoleProblems).toEqual([]);
  },
);

test('the pager loads the next page in the browser and starts it at the top', { tag: ['@search', '@shell'] }, async ({ page, consoleProblems }) => {
  const results = new SearchResultsPage(page);
  await results.open('/search/tokyo/city/13101');
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
  const first = await results.cards.first().getAttribute('data-global-key');
  const next = page.getByTestId('pager').getByRole('link', { name: '2', exact: true });
  await next.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await next.click();
  await expect(page).toHaveURL(/\?page=2$/);
  await expect(page).toHaveTitle(/（2ページ目）/);
  await expect(results.cards.first()).not.toHaveAttribute('data-global-key', first ?? '');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  expect(consoleProblems).toEqual([]);
});

test(
  'a listing card opens its detail page (another remote) in the browser, and the history badge counts it',
  { tag: ['@search', '@detail', '@shell'] },
  async ({ page, consoleProblems }) => {
    const results = new SearchResultsPage(page);
    await results.open('/search/tokyo/city/13101');
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    const historyBadge = results.header.getByTestId('badge-detail');
    const before = (await historyBadge.count()) ? Number(await historyBadge.innerText()) : 0;
    const card = results.cards.nth(1);
    const key = await card.getAttribute('data-global-key');
    // Rooms are rows of their building's block (issue 16): the name is the building's heading.
    const name = (await card.locator('xpath=ancestor::li[@data-testid="building-card"][1]').locator('.s-building__name a').innerText()).trim();
    await card.getByRole('link', { name: '詳細を見る' }).click();
    await expect(page).toHaveURL(new RegExp(`/bukken/detail/${key}$`));
    await expect(page.getByTestId('bukken-name')).toContainText(name);
    await expect(page).toHaveTitle(new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    await expect(historyBadge).toHaveText(String(before + 1));
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    await page.goBack();
    await expect(results.cards.nth(1)).toHaveAttribute('data-global-key', key ?? '');
    expect(consoleProblems).toEqual([]);
  },
);
