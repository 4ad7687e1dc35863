import type { pageForPath } from './page-for-path.js';

/** The route table, as the function from a path to its page. */
export type PageResolver = typeof pageForPath;

let resolver: PageResolver | undefined;
let loading: Promise<PageResolver> | undefined;

/**
 * Loads the route table. In the browser it is a lazy chunk (~4 KB gzip with its matcher): the first
 * page arrives with its route from the server, so the table is fetched on the first sign of a
 * client-side navigation (a link hovered, focused or touched) or, at the latest, before the first
 * navigation changes the URL (the kit's navigation preparer).
 */
export function loadPageResolver(): Promise<PageResolver> {
  loading ??= import(/* webpackChunkName: "lazy-routes" */ './page-for-path.js').then(
    (m) => (resolver = m.pageForPath),
    (err: unknown) => {
      loading = undefined; // the next navigation tries again
      throw err;
    },
  );
  return loading;
}

/** The route table if it has loaded. */
export const loadedPageResolver = (): PageResolver | undefined => resolver;
