import { test as base, expect, type ConsoleMessage, type Page } from '@playwright/test';
import { readState } from './state.js';

export const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
/** The native app's web view (iOS): the app layout, no site chrome. */
export const APP_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 SumikaApp/iOS 3.4.0';
export const PC_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** Console messages that mean React could not hydrate the server's HTML. */
export const isHydrationProblem = (m: ConsoleMessage): boolean => /hydrat|did not match|server rendered HTML/i.test(m.text());

export async function waitForHydration(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
}

/** The site global setup started: its base URL for page.goto('/…'), and console problems collected per test. */
export const test = base.extend<{ consoleProblems: string[] }>({
  // Playwright reads fixture dependencies from the destructuring pattern: this one has none.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL ?? readState().baseURL);
  },
  consoleProblems: async ({ page }, use) => {
    const problems: string[] = [];
    page.on('console', (m) => {
      if (isHydrationProblem(m)) problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    await use(problems);
  },
});

export { expect };
