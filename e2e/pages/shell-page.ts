import { expect, type Locator, type Page, type Response } from '@playwright/test';
import { waitForHydration } from '../support/fixtures.js';

/** The chrome every page has (the kit's header, footer, dialogs) and the shell's error states. */
export class ShellPage {
  readonly header: Locator;
  readonly footer: Locator;
  readonly favoriteBadge: Locator;
  readonly searchBox: Locator;
  readonly remoteError: Locator;

  constructor(readonly page: Page) {
    this.header = page.locator('header.sk-header');
    this.footer = page.locator('footer.sk-footer');
    this.favoriteBadge = this.header.getByTestId('badge-favorite');
    this.searchBox = this.header.getByRole('searchbox', { name: 'フリーワード検索' });
    this.remoteError = page.getByTestId('remote-error');
  }

  async open(path: string, opts: { referer?: string } = {}): Promise<Response> {
    const res = await this.page.goto(path, opts.referer ? { referer: opts.referer } : {});
    if (!res) throw new Error(`no response for ${path}`);
    await waitForHydration(this.page);
    return res;
  }

  /** The favorites badge count; the badge is absent at 0. */
  async favoriteCount(): Promise<number> {
    return (await this.favoriteBadge.count()) ? Number(await this.favoriteBadge.innerText()) : 0;
  }

  async searchFreeWord(q: string): Promise<void> {
    await this.searchBox.fill(q);
    await this.searchBox.press('Enter');
    await this.page.waitForURL(/\/search\/words\?q=/);
  }

  async expectView(view: 'pc' | 'sp' | 'app'): Promise<void> {
    await expect(this.page.locator(`.sk-root[data-view="${view}"]`)).toBeVisible();
  }

  viewport(): Promise<string | null> {
    return this.page.locator('meta[name="viewport"]').getAttribute('content');
  }
}
