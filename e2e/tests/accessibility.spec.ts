import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { ShellPage } from '../pages/shell-page.js';
import { SearchResultsPage } from '../pages/search-results-page.js';
import { expect, IPHONE_UA, PC_UA, test } from '../support/fixtures.js';
import { readState } from '../support/state.js';

/**
 * Issue 16 quality bar: axe-core finds no serious or critical WCAG 2.2 AA violation on each page type, at
 * PC (1280 px) and phone (375 px) width, and every page has exactly one h1. docs/accessibility.md.
 */

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** axe's violations of impact serious or critical, each with the first few offending nodes. */
async function seriousViolations(page: Page): Promise<Violation[]> {
  // Content the browser skips until it nears the screen (content-visibility: auto, the results' buildings)
  // has no painted background for axe's contrast check to read (axe-core#2768): it is checked rendered.
  await page.evaluate(() => {
    for (const el of document.querySelectorAll<HTMLElement>('body *'))
      if (getComputedStyle(el).contentVisibility === 'auto') el.style.contentVisibility = 'visible';
  });
  await page.addScriptTag({ path: AXE_PATH });
  return page.evaluate(async (tags) => {
    type AxeResult = {
      violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }[];
    };
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<AxeResult> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 200)}`),
      }));
  }, WCAG_TAGS);
}

/** The pages of the quality bar (issues 16 and 17); the detail page's key comes from the results page. */
const PAGES: { name: string; path: string | ((page: Page) => Promise<string>) }[] = [
  { name: 'top', path: '/' },
  { name: 'prefecture', path: '/tokyo' },
  { name: 'city picker', path: '/search/cities/tokyo' },
  { name: 'results', path: '/search/tokyo/city/13113' },
  { name: 'option', path: '/search/option' },
  { name: 'map', path: '/search/map' },
  {
    name: 'detail',
    path: async (page) => {
      const results = new SearchResultsPage(page);
      await results.open('/search/tokyo/city/13113');
      return `/bukken/detail/${await results.cards.first().getAttribute('data-global-key')}`;
    },
  },
  { name: 'building', path: async (page) => linkFromDetail(page, '/building/') },
  { name: 'company', path: async (page) => linkFromDetail(page, '/bukken/company/') },
  { name: 'favorites', path: '/favorite' },
  { name: 'compare', path: '/favorite/compare_bukkens' },
  { name: 'history', path: '/detail_history' },
  { name: 'saved searches', path: '/stock_search' },
  { name: 'incomplete inquiries', path: '/incomplete' },
  { name: 'apply', path: '/apply' },
  { name: 'cashback', path: '/cashback' },
  { name: 'violation form', path: '/violate' },
  { name: 'inbound inquiry form', path: '/inbound_inquiries' },
  { name: 'help', path: '/statics/help' },
];

/** The team whose remote renders a page of the list (issue 18's tags). */
function teamOf(name: string): string {
  if (['detail', 'building', 'company'].includes(name)) return '@detail';
  if (['favorites', 'compare', 'history', 'saved searches', 'incomplete inquiries'].includes(name)) return '@user';
  if (['apply', 'cashback', 'violation form', 'inbound inquiry form'].includes(name)) return '@forms';
  return name === 'help' ? '@shell' : '@search';
}

/** The first link of a listing's detail page into `prefix` (its building, its store). */
async function linkFromDetail(page: Page, prefix: string): Promise<string> {
  const results = new SearchResultsPage(page);
  await results.open('/search/tokyo/city/13113');
  await page.goto(`/bukken/detail/${await results.cards.first().getAttribute('data-global-key')}`);
  const href = await page.locator(`a[href^="${prefix}"]`).first().getAttribute('href');
  if (!href) throw new Error(`no ${prefix} link on the detail page`);
  return href.split('#')[0]!;
}

/**
 * A cold stack on a loaded machine can answer its first page 503 (the page deadline passed while the
 * services warmed up): that is not what these checks are about, so they start once a page answers 200.
 */
async function statusOf(url: string): Promise<number> {
  try {
    return (await fetch(url)).status;
  } catch {
    return 0;
  }
}

test.beforeAll(async () => {
  const base = process.env.E2E_BASE_URL ?? readState().baseURL;
  const deadline = Date.now() + 60_000;
  for (const path of ['/', '/tokyo']) {
    while ((await statusOf(base + path)) !== 200 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 1000));
  }
});

const VIEWS = [
  { view: 'pc', width: 1280, use: { userAgent: PC_UA, viewport: { width: 1280, height: 900 } } },
  { view: 'sp', width: 375, use: { userAgent: IPHONE_UA, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } },
] as const;

for (const { view, width, use } of VIEWS) {
  test.describe(`accessibility at ${width} px (${view})`, () => {
    test.use(use);
    for (const { name, path } of PAGES) {
      test(`${name}: one h1 and no serious or critical axe violation`, { tag: [...new Set([teamOf(name), '@shell'])] }, async ({ page }, testInfo) => {
        const shell = new ShellPage(page);
        const target = typeof path === 'string' ? path : await path(page);
        const res = await shell.open(target);
        expect(res.status()).toBe(200);
        await shell.expectView(view);
        // Every page at PC and phone width in the run's artifacts (issue 17), to look at, pass or fail.
        await testInfo.attach(`${name}-${width}px`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
        await expect(page.locator('h1')).toHaveCount(1);
        await expect(page.locator('h1')).not.toHaveText('');
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  });
}

test.describe('previous-search balloon (PC)', () => {
  test.use({ userAgent: PC_UA, viewport: { width: 1280, height: 900 } });
  test('sits in the page flow without covering the picker, is reached by Tab and closes with Escape', { tag: ['@search', '@shell'] }, async ({ page }) => {
    const shell = new ShellPage(page);
    // A search makes the visitor's last search condition; a visit from a search engine shows it.
    await new SearchResultsPage(page).open('/search/tokyo/city/13113');
    await shell.open('/tokyo', { referer: 'https://www.google.com/' });
    const balloon = page.getByRole('complementary', { name: '前回の検索条件' });
    await expect(balloon).toBeVisible();
    // Nothing of the page is under it: the first municipality checkbox is what is at its own centre.
    const box = (await balloon.boundingBox())!;
    const checkbox = page.getByTestId('city-list').getByRole('checkbox').first();
    const cb = (await checkbox.boundingBox())!;
    expect(cb.y).toBeGreaterThanOrEqual(box.y + box.height);
    expect(
      await checkbox.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === el;
      }),
    ).toBe(true);
    await expect(page.locator('h1')).toHaveCount(1);
    const h1 = (await page.locator('h1').boundingBox())!;
    expect(h1.y).toBeGreaterThanOrEqual(box.y + box.height);
    // Keyboard: Tab from the top of the page reaches its search link.
    await page.locator('body').focus();
    let reached = false;
    for (let i = 0; i < 40 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await balloon.evaluate((el) => el.contains(document.activeElement));
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Escape');
    await expect(balloon).toHaveCount(0);
  });
});
