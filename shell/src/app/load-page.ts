import { shellPages } from '../pages/index.js';
import type { PageLoader } from './page-loader.js';
import type { PageState } from './state.js';

/**
 * Loads the module a page renders (its remote page or shell page), so rendering it never suspends
 * on the module: before the server renders, before the browser hydrates, and ahead of a client-side
 * navigation. A remote page whose module fails to load comes back marked failed (the error box).
 */
export async function loadPageModule(page: PageState, loader: PageLoader): Promise<PageState> {
  if (page.kind === 'remote' && !page.failed) {
    try {
      await loader.load(page.remote, page.expose);
    } catch {
      return { ...page, failed: 'load' };
    }
  } else if (page.kind === 'shell') {
    await shellPages.load(page.name);
  }
  return page;
}
