import type { Locator, Page } from '@playwright/test';
import { ShellPage } from './shell-page.js';

/** mf-search's results page inside the shell. */
export class SearchResultsPage extends ShellPage {
  readonly cards: Locator;
  readonly count: Locator;

  constructor(page: Page) {
    super(page);
    this.cards = page.getByTestId('bukken-card');
    this.count = page.getByTestId('result-count');
  }

  favoriteButton(index = 0): Locator {
    return this.cards.nth(index).getByTestId('favorite-button');
  }

  async addFavorite(index = 0): Promise<string> {
    const card = this.cards.nth(index);
    const key = (await card.getAttribute('data-global-key')) ?? '';
    await this.favoriteButton(index).click();
    return key;
  }
}
