import { RemoteStyles } from '@sumika/shell-kit';

// The text is fetched only after a client-side navigation from another remote's page: a page the
// server rendered has it in <head> already (the kit's RemoteStyles).
const loadSearchCss = () => import(/* webpackChunkName: "lazy-search-css" */ './search-css.js').then((m) => m.searchCss);

/** mf-search's styles; React hoists and deduplicates the <style> by href (SSR and browser). */
export function SearchStyles() {
  return <RemoteStyles href="mf-search" load={loadSearchCss} />;
}
