import { expect, test } from '../support/fixtures.js';

test('the map by keyboard: zoom in, choose a cell, open one of its listings', { tag: ['@search', '@detail'] }, async ({ page, consoleProblems }) => {
  await page.goto('/search/map');
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
  // Leaflet has replaced the SVG picture, over the site's own base layer.
  await expect(page.locator('.s-map[data-ready="true"] .leaflet-container')).toBeVisible();
  await expect(page.getByText('Natural Earth, japan-train-data')).toBeVisible();
  const cells = page.locator('.s-map__count');
  await expect(cells.first()).toBeVisible();

  // The map takes the keyboard: + zooms in, and the URL follows the view.
  const width = () => {
    const q = new URL(page.url()).searchParams;
    return Number(q.get('east')) - Number(q.get('west'));
  };
  await page.locator('.s-map__canvas').focus();
  await page.keyboard.press('+');
  await expect.poll(() => new URL(page.url()).searchParams.has('east')).toBe(true);
  const zoomedOnce = width();
  await page.keyboard.press('+');
  await expect.poll(width).toBeLessThan(zoomedOnce * 0.75);
  await page.waitForLoadState('networkidle');

  // Tab reaches the cells, each a button named by its nearest station and count; Enter chooses one.
  await page.keyboard.press('Tab');
  const focused = page.locator('.s-map__count:focus');
  await expect(focused).toHaveAttribute('role', 'button');
  const label = (await focused.getAttribute('aria-label')) ?? '';
  expect(label).toMatch(/^.+駅付近 [\d,]+件$|^このエリア [\d,]+件$/);
  await page.keyboard.press('Enter');
  await expect(focused).toHaveAttribute('aria-pressed', 'true');
  const side = page.getByRole('complementary').filter({ has: page.getByRole('heading', { name: 'エリアの物件' }) });
  await expect(side.getByText(label, { exact: true })).toBeVisible();
  // The same cell is pressed in the list beside the map.
  await expect(page.getByRole('navigation', { name: 'エリアの一覧' }).getByRole('button', { name: label })).toHaveAttribute('aria-pressed', 'true');

  // Its listings are links: focus the first and press Enter to open the detail page.
  const listing = side.getByRole('link').first();
  await expect(listing).toBeVisible();
  const name = await listing.textContent();
  await listing.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/bukken\/detail\/bk\d{9}$/);
  await expect(page.getByText(name ?? '', { exact: false }).first()).toBeVisible();
  expect(consoleProblems).toEqual([]);
});

test('without JavaScript the map page still shows the cells, as a picture and as a list', { tag: ['@search'] }, async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  const res = await page.goto('/search/map?south=35.62&west=139.62&north=35.76&east=139.82');
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('img', { name: '物件数の地図' })).toBeVisible();
  const buttons = page.getByRole('navigation', { name: 'エリアの一覧' }).getByRole('button');
  expect(await buttons.count()).toBeGreaterThan(3);
  await context.close();
});
