import type { Page } from '@playwright/test';
import { SearchResultsPage } from '../pages/search-results-page.js';
import { ShellPage } from '../pages/shell-page.js';
import { expect, test } from '../support/fixtures.js';

/** The total the condition panel's button shows: 'この条件で検索（1,234件）' → 1234. */
async function buttonTotal(page: Page): Promise<number> {
  const text = (
    await page
      .getByTestId('filter-form')
      .getByRole('button', { name: /^この条件で検索（/ })
      .innerText()
  ).trim();
  return Number(/（([\d,]+)件）/.exec(text)?.[1]?.replace(/,/g, '') ?? NaN);
}

test('top → prefecture → line → two stations → narrow by rent and plan (the total changes before submitting) → sort by initial cost → page 2 → save the search', async ({
  page,
  consoleProblems,
}) => {
  const shell = new ShellPage(page);
  await shell.open('/');
  await page.getByRole('region', { name: 'エリアから探す' }).getByRole('button', { name: /関東/ }).click();
  await page.getByRole('link', { name: '東京都', exact: true }).click();
  await expect(page.getByTestId('prefecture-page')).toBeVisible();
  // The line with the most listings (each link is followed by its count).
  const lines = page.getByRole('heading', { name: '沿線から探す' }).locator('xpath=..').getByRole('listitem');
  const counts = await lines.evaluateAll((items) => items.map((li) => Number(/\(([\d,]+)\)/.exec(li.textContent ?? '')?.[1]?.replace(/,/g, '') ?? 0)));
  await lines
    .nth(counts.indexOf(Math.max(...counts)))
    .getByRole('link')
    .click();
  // The line's stations: tick the first two that have listings.
  const list = page.getByTestId('station-list');
  await expect(list).toBeVisible();
  const boxes = list.getByRole('checkbox', { disabled: false });
  expect(await boxes.count()).toBeGreaterThan(2);
  const chosen = [await boxes.nth(0).getAttribute('value'), await boxes.nth(1).getAttribute('value')];
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await list.locator('xpath=ancestor::form[1]').getByRole('button', { name: 'この条件で検索する' }).click();
  await expect(page).toHaveURL(new RegExp(`station=${chosen[0]}.*station=${chosen[1]}`));

  const results = new SearchResultsPage(page);
  await expect(results.cards.first()).toBeVisible();
  // The panel's counts come after hydration; the two stations are ticked in its area.
  const before = await expect
    .poll(() => buttonTotal(page))
    .not.toBeNaN()
    .then(() => buttonTotal(page));
  const form = page.getByTestId('filter-form');
  for (const code of chosen) await expect(form.locator(`input[name="station"][value="${code}"]`)).toBeChecked();
  await form.getByRole('combobox', { name: '賃料の上限' }).selectOption('100000');
  await form.getByRole('combobox', { name: '間取りの下限' }).selectOption('1LDK');
  // The total on the button follows the choice before anything is submitted.
  await expect.poll(() => buttonTotal(page)).toBeLessThan(before);
  const url = page.url();
  expect(url).not.toContain('chinryou_max');
  await form.getByRole('button', { name: /^この条件で検索/ }).click();
  await expect(page).toHaveURL(/chinryou_max=100000/);
  expect(page.url()).toContain('plan_min=1LDK');
  for (const code of chosen) expect(page.url()).toContain(`station=${code}`);

  await page.getByTestId('sort-select').selectOption('initial_cost_asc');
  await expect(page).toHaveURL(/sort=initial_cost_asc/);
  await expect(results.cards.first()).toBeVisible();
  const pager = page.getByTestId('pager');
  if (await pager.count()) {
    await pager.getByRole('link', { name: '2', exact: true }).click();
    await expect(page).toHaveURL(/page=2/);
    expect(page.url()).toContain('sort=initial_cost_asc');
  }
  await page.getByRole('button', { name: /この条件を保存/ }).click();
  await expect(shell.header.getByTestId('badge-search')).toBeVisible();
  expect(consoleProblems).toEqual([]);
});

test('commute with two destinations: the results show the minutes to each', async ({ page, consoleProblems }) => {
  const results = new SearchResultsPage(page);
  const shell = new ShellPage(page);
  await shell.open('/search/nmin_stations/tokyo');
  for (const [i, word] of [
    [1, 'shinjuku'],
    [2, 'しぶや'],
  ] as const) {
    const slot = page.getByTestId(`commute-slot-${i}`);
    // A station by its romaji or kana: the matches come as the visitor types.
    await slot.getByRole('searchbox', { name: /駅名/ }).fill(word);
    const match = page.getByTestId(`s${i}-matches`).getByRole('radio').first();
    await expect(match).toBeVisible();
    await match.check();
    await slot.getByRole('combobox', { name: '所要時間' }).selectOption('60');
  }
  await page.getByTestId('commute-form').getByRole('button', { name: 'この条件で検索する' }).click();
  await expect(page).toHaveURL(/commute=\d+_60.*commute=\d+_60/);
  await expect(results.cards.first()).toBeVisible();
  const times = page.getByTestId('commute-times').first();
  await expect(times).toContainText('新宿');
  await expect(times).toContainText('渋谷');
  await expect(times).toContainText(/\d+分/);
  expect(consoleProblems).toEqual([]);
});

test('free word `shinjuku 1LDK` finds 1LDK listings near 新宿', async ({ page, consoleProblems }) => {
  const shell = new ShellPage(page);
  await shell.open('/');
  await shell.searchFreeWord('shinjuku 1LDK');
  const results = new SearchResultsPage(page);
  await expect(results.cards.first()).toBeVisible();
  await expect(results.cards.first()).toContainText('1LDK');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('shinjuku 1LDK');
  expect(consoleProblems).toEqual([]);
});
