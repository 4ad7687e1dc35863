import { ShellPage } from '../pages/shell-page.js';
import { expect, test } from '../support/fixtures.js';

test('an unknown path gets the 404 page with status 404 and the region picker', { tag: ['@shell'] }, async ({ page }) => {
  const shell = new ShellPage(page);
  const res = await shell.open('/no/such/page/anywhere');
  expect(res.status()).toBe(404);
  await expect(page).toHaveTitle('Error 404');
  await expect(page.getByText('ページを表示できません。(404エラー)')).toBeVisible();
  await expect(page.locator('.sk-region-map')).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.locator('.sk-breadcrumbs')).toHaveCount(0);
});

test('a listing that does not exist is a 404, a malformed key a 400', { tag: ['@shell', '@detail'] }, async ({ page }) => {
  const shell = new ShellPage(page);
  expect((await shell.open('/bukken/detail/bk999999999')).status()).toBe(404);
  await expect(page).toHaveTitle('Error 404');
  expect((await shell.open('/bukken/detail/not.a.key')).status()).toBe(400);
  await expect(page.getByText('不正なリクエストのため、表示できません。')).toBeVisible();
});

test('a search whose code names no place is the 404 page; a malformed code a 400', { tag: ['@shell', '@search'] }, async ({ page }) => {
  const shell = new ShellPage(page);
  expect((await shell.open('/search/tokyo/city/99999')).status()).toBe(404);
  await expect(page).toHaveTitle('Error 404');
  expect((await shell.open('/search/atlantis/city/13101')).status()).toBe(404);
  expect((await shell.open('/search/results?prefecture=tokyo&station=abc')).status()).toBe(400);
  await expect(page.getByText('不正なリクエストのため、表示できません。')).toBeVisible();
});
