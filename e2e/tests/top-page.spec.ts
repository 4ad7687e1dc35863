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
