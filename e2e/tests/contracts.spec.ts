import type { Page } from '@playwright/test';
import { expect, PC_UA, test, waitForHydration } from '../support/fixtures.js';
import { listingKeyFrom } from '../support/site.js';

/**
 * The contract between the shell and each remote (issue 18): every page module a remote exposes
 * (<remote>/module-federation.config.js, routed by shell/src/routes.ts) loads in the shell
 * server-rendered (the HTML has the remote's content before any JavaScript) and hydrates (React owns
 * the markup, no console error or hydration warning); one interaction per remote proves its handlers
 * run. Run by a remote's team before a release: `npm run e2e -- --grep @detail`.
 * Paths that need data (a listing, its building and store, a topic) are found on the site's own pages.
 */

type RemoteName = 'mf_search' | 'mf_detail' | 'mf_user' | 'mf_forms';

/** A path for each exposed module: a string, or found on the site (deployment-independent). */
type PathOf = string | ((baseURL: string) => Promise<string>);

const RESULTS = '/search/tokyo/city/13113';

async function firstHref(baseURL: string, path: string, prefix: string): Promise<string> {
  const html = await (await fetch(new URL(path, baseURL))).text();
  const m = new RegExp(`href="(${prefix.replace(/[/]/g, '\\/')}[^"#?]+)`).exec(html);
  if (!m?.[1]) throw new Error(`no link to ${prefix} on ${path}`);
  return m[1];
}

const detailPath = async (baseURL: string) => `/bukken/detail/${await listingKeyFrom(baseURL, RESULTS)}`;

const CONTRACTS: Record<RemoteName, { tag: string; pages: Record<string, PathOf> }> = {
  mf_search: {
    tag: '@search',
    pages: {
      TopPage: '/',
      PrefecturePage: '/tokyo',
      SearchPage: '/search',
      SearchOptionPage: '/search/option',
      SearchResultsPage: RESULTS,
      AreaSelectPage: '/search/cities/tokyo',
      CommutePage: '/search/nmin_stations/tokyo',
      TopicPage: (base) => firstHref(base, '/', '/topic/'),
      MapPage: '/search/map',
      CampusPage: '/campus',
      SitemapPage: '/specific/sitemap',
      ArchivePage: '/archive/cities_lines/tokyo',
      LivabilityPage: '/livability',
    },
  },
  mf_detail: {
    tag: '@detail',
    pages: {
      BuildingPage: async (base) => firstHref(base, await detailPath(base), '/building/'),
      CompanyPage: async (base) => firstHref(base, await detailPath(base), '/bukken/company/'),
      // Last: the interaction uses its gallery.
      BukkenDetailPage: detailPath,
    },
  },
  mf_user: {
    tag: '@user',
    pages: {
      FavoritePage: '/favorite',
      CompareBukkensPage: '/favorite/compare_bukkens',
      DetailHistoryPage: '/detail_history',
      StockSearchPage: '/stock_search',
      IncompletePage: '/incomplete',
      StopAllMailMagazinePage: '/stop_all_mail_magazine',
    },
  },
  mf_forms: {
    tag: '@forms',
    pages: {
      UsersInquiryPage: '/users_inquiry',
      InboundInquiriesPage: '/inbound_inquiries',
      ApplyPage: '/apply',
      CashbackPage: '/cashback',
      CompletePage: '/violate/complete',
      ViolatePage: '/violate',
    },
  },
};

/** One interaction per remote, on the last page it loaded: its event handlers are attached. */
const INTERACTIONS: Record<RemoteName, (page: Page) => Promise<void>> = {
  mf_search: async (page) => {
    await page.goto('/');
    await waitForHydration(page);
    const map = page.getByTestId('top-page');
    await map.getByRole('button', { name: '関東' }).first().click();
    await expect(map.getByRole('link', { name: '東京都' }).first()).toBeVisible();
  },
  mf_detail: async (page) => {
    const count = page.getByTestId('gallery-count');
    await page.getByTestId('gallery').focus();
    await page.keyboard.press('ArrowRight');
    await expect(count).toHaveText(/^2 \/ \d+$/);
  },
  mf_user: async (page) => {
    await page.getByRole('button', { name: '配信を停止する' }).click();
    await expect(page.getByTestId('mail-stopped').or(page.getByText('エラーのため停止できませんでした'))).toBeVisible();
  },
  mf_forms: async (page) => {
    await page.getByTestId('violate-page').getByTestId('submit').click();
    await expect(page.getByTestId('field-error').first()).toBeVisible();
  },
};

test.describe('remote contracts: every exposed page in the shell, server-rendered and hydrated', () => {
  test.use({ userAgent: PC_UA, viewport: { width: 1280, height: 900 } });

  for (const [remote, { tag, pages }] of Object.entries(CONTRACTS) as [RemoteName, (typeof CONTRACTS)[RemoteName]][]) {
    test(`${remote}: ${Object.keys(pages).length} exposed pages`, { tag: [tag, '@shell'] }, async ({ page, baseURL, consoleProblems }) => {
      for (const [expose, pathOf] of Object.entries(pages)) {
        const path = typeof pathOf === 'string' ? pathOf : await pathOf(baseURL!);
        await test.step(`${expose} at ${path}`, async () => {
          const res = await page.goto(path);
          expect(res?.status(), `${expose} status`).toBe(200);
          // Server-rendered: the remote's wrapper already holds its page (not empty, not the error box).
          const html = (await res?.text()) ?? '';
          expect(html, `${expose} server HTML`).toMatch(new RegExp(`data-remote="${remote}"[^>]*>\\s*<(?!/div>)`));
          expect(html).not.toContain('data-testid="remote-error"');
          // Hydrated: the shell marks it, and React owns the remote's markup.
          await waitForHydration(page);
          const owned = await page
            .locator(`[data-remote="${remote}"] > *`)
            .first()
            .evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactFiber')));
          expect(owned, `${expose} hydrated by React`).toBe(true);
          expect(consoleProblems, `${expose} console`).toEqual([]);
        });
      }
      await test.step('an interaction', () => INTERACTIONS[remote](page));
      expect(consoleProblems).toEqual([]);
    });
  }
});
