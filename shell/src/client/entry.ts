// An async boundary: shared modules (React, the router, Apollo, the kit) are negotiated with the
// remotes by Module Federation before any of them is used.
import(/* webpackChunkName: "bootstrap" */ './bootstrap.js').catch((err: unknown) => {
  console.error('[shell] failed to start', err);
});
