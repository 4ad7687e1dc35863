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

test(
  'top → prefecture → line → two stations → narrow by rent and plan (the total changes before submitting) → sort by initial cost → page 2 → save the search',
  { tag: ['@search', '@user', '@shell'] },
  async ({ page, consoleProblems }) => {
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
    await expect.poll(() => buttonTotal(page)).toBeGreaterThan(0);
    const before = await buttonTotal(page);
    const form = page.getByTestId('filter-form');
    for (const code of chosen) await expect(form.locator(`input[type="checkbox"][name="station"][value="${code}"]`)).toBeChecked();
    // Narrow by rent, then by plan, each time to the option the panel says keeps the most listings
    // while dropping some (its counts are per option, for what is chosen so far).
    const narrow = async (name: string) => {
      const total = await buttonTotal(page);
      const options = await form
        .getByRole('combobox', { name })
        .locator('option')
        .evaluateAll((os) =>
          os.map((o) => ({ value: (o as HTMLOptionElement).value, n: Number(/（([\d,]+)件）/.exec(o.textContent ?? '')?.[1]?.replace(/,/g, '') ?? -1) })),
        );
      const pick = options.filter((o) => o.value && o.n > 0 && o.n < total).sort((a, b) => b.n - a.n)[0];
      expect([name, pick]).not.toEqual([name, undefined]);
      await form.getByRole('combobox', { name }).selectOption(pick!.value);
      // The total on the button follows the choice before anything is submitted.
      await expect.poll(() => buttonTotal(page)).toBe(pick!.n);
      return pick!.value;
    };
    const rent = await narrow('賃料の上限');
    const plan = await narrow('間取りの下限');
    expect(await buttonTotal(page)).toBeLessThan(before);
    expect(page.url()).not.toContain('chinryou_max');
    await form.getByRole('button', { name: /^この条件で検索/ }).click();
    await expect(page).toHaveURL(new RegExp(`chinryou_max=${rent}`));
    expect(page.url()).toContain(`plan_min=${encodeURIComponent(plan)}`);
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
  },
);

test('commute with two destinations: the results show the minutes to each', { tag: ['@search'] }, async ({ page, consoleProblems }) => {
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

test(
  'free word `shinjuku 1LDK`: romaji finds what the kanji finds, and a plan in the words narrows like the panel',
  { tag: ['@search', '@shell'] },
  async ({ page, consoleProblems }) => {
    const shell = new ShellPage(page);
    const results = new SearchResultsPage(page);
    const countFor = async (q: string) => {
      await shell.open(`/search/words?q=${encodeURIComponent(q)}`);
      await expect(results.count).toContainText(/該当物件[\d,]+件/);
      return Number(/該当物件([\d,]+)件/.exec(await results.count.innerText())?.[1]?.replace(/,/g, ''));
    };
    const kanji = await countFor('新宿');
    expect(kanji).toBeGreaterThan(0);
    expect(await countFor('shinjuku')).toBe(kanji);
    // Typed in the header, as a visitor does: both words AND-ed.
    await shell.open('/');
    await shell.searchFreeWord('shinjuku 1LDK');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('shinjuku 1LDK');
    await expect(results.count).toContainText(/該当物件[\d,]+件/);
    const narrowed = Number(/該当物件([\d,]+)件/.exec(await results.count.innerText())?.[1]?.replace(/,/g, ''));
    expect(narrowed).toBe(await countFor('新宿 1LDK'));
    expect(narrowed).toBeLessThanOrEqual(kanji);
    if (narrowed > 0) {
      for (const card of await results.cards.all()) await expect(card).toContainText('1LDK');
    }
    expect(consoleProblems).toEqual([]);
  },
);
