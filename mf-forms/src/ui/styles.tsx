import { RemoteStyles } from '@sumika/shell-kit';

// The text is fetched only after a client-side navigation from another remote's page: a page the
// server rendered has it in <head> already (the kit's RemoteStyles).
const loadFormsCss = () => import(/* webpackChunkName: "lazy-forms-css" */ './forms-css.js').then((m) => m.formsCss);

/** mf-forms's styles; React hoists and deduplicates the <style> by href (SSR and browser). */
export function FormsStyles() {
  return <RemoteStyles href="mf-forms" load={loadFormsCss} />;
}
