// The standalone page of a remote (`npm run dev -w <remote>`): an async boundary, then the app.
import(/* webpackChunkName: "standalone-app" */ './standalone-app.js').catch((err: unknown) => console.error('[standalone] failed to start', err));
