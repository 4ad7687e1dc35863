import { RemoteStyles } from '@sumika/shell-kit';

// The text is fetched only after a client-side navigation from another remote's page: a page the
// server rendered has it in <head> already (the kit's RemoteStyles).
const loadUserCss = () => import(/* webpackChunkName: "lazy-user-css" */ './user-css.js').then((m) => m.userCss);

/** mf-user's styles; React hoists and deduplicates the <style> by href (SSR and browser). */
export function UserStyles() {
  return <RemoteStyles href="mf-user" load={loadUserCss} />;
}
