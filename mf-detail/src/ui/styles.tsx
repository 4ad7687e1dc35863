// mf-detail's stylesheet, a CSS file: the browser build emits it content-hashed and loads it with the
// page's chunks (a client-side navigation waits for it); the shell links it in the SSR <head> from
// the remote's manifest, so a server-rendered page arrives styled.
import './detail.css';

/** Kept for the pages that render it: the stylesheet comes with this module's import, nothing to render. */
export function DetailStyles() {
  return null;
}
