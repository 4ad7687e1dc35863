import { RemoteStyles } from '@sumika/shell-kit';

// The text is fetched only after a client-side navigation from another remote's page: a page the
// server rendered has it in <head> already (the kit's RemoteStyles).
const loadDetailCss = () => import(/* webpackChunkName: "lazy-detail-css" */ './detail-css.js').then((m) => m.detailCss);

/** mf-detail's styles; React hoists and deduplicates the <style> by href (SSR and browser). */
export function DetailStyles() {
  return <RemoteStyles href="mf-detail" load={loadDetailCss} />;
}
