import type { Locator, Page } from '@playwright/test';
import { ShellPage } from './shell-page.js';

/** mf-search's top page inside the shell. */
export class TopPage extends ShellPage {
  readonly content: Locator;
  readonly regionMap: Locator;

  constructor(page: Page) {
    super(page);
    this.content = page.getByTestId('top-page');
    this.regionMap = page.locator('.sk-region-map');
  }
}
