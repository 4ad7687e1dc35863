import { ShellPage } from '../pages/shell-page.js';
import { expect, test } from '../support/fixtures.js';

test('header links navigate between remotes in the browser, page meta following', async ({ page, consoleProblems }) => {
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
});
