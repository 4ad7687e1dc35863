import { Suspense, useEffect, useState } from 'react';
import { useClientContext, useIsExternalReferrer } from '../client-context/client-context-provider.js';
import type { ClientContext } from '../client-context/client-context.js';
import type { PageKind } from '../core/constants.js';
import { lazyView } from '../core/lazy-view.js';
import { useOptionalLocation } from '../router/router.js';

// The banner's markup is a lazy chunk: the server renders it in place for the visitors who get it (phones
// from another site, a few page kinds), the browser hydrates it once the chunk has come; no other visitor
// loads it (the first view's JS budget, issue 5).
const loadView = () => import(/* webpackChunkName: "lazy-app-banner" */ './app-install-banner-view.js');
const LazyView = lazyView(() => loadView().then((m) => m.AppInstallBannerView), 'the app banner');

/** SPEC §2.2: the page kinds whose mobile pages carry the app-install banner (plus campus search by path). */
export const APP_BANNER_PAGE_KINDS: readonly PageKind[] = ['topic', 'prefecture', 'stock_search', 'favorite', 'detail_history'];
const APP_BANNER_PATHS = /^\/(topic|campus|search\/campus)(\/|$)|^\/(favorite|detail_history|stock_search)\/?$/;

/** Mobile web (not the app), externally referred, on topic, campus search, prefecture, stock search, favorite or history pages. */
export function shouldShowAppInstallBanner(
  ctx: Pick<ClientContext, 'isSpView' | 'isApp' | 'isExternalReferrer'>,
  where: { pageKind?: PageKind; pathname?: string },
): boolean {
  if (!ctx.isSpView || ctx.isApp || !ctx.isExternalReferrer) return false;
  return (
    (where.pageKind !== undefined && APP_BANNER_PAGE_KINDS.includes(where.pageKind)) || (where.pathname !== undefined && APP_BANNER_PATHS.test(where.pathname))
  );
}

const DISMISS_KEY = 'sk_app_banner_dismissed';

export interface AppInstallBannerProps {
  pageKind?: PageKind;
  /** Default: the router's path. */
  pathname?: string;
}

/** SPEC §2.2 mobile app-install banner at the top; dismissing it hides it for the browser session. */
export function AppInstallBanner({ pageKind, pathname }: AppInstallBannerProps) {
  const ctx = useClientContext();
  const isExternalReferrer = useIsExternalReferrer();
  const location = useOptionalLocation();
  const path = pathname ?? location?.pathname;
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    try {
      if (sessionStorage.getItem(DISMISS_KEY) === '1') setDismissed(true);
    } catch {
      // storage can be blocked; the banner then shows until closed
    }
  }, []);
  if (dismissed || !shouldShowAppInstallBanner({ ...ctx, isExternalReferrer }, { pageKind, pathname: path })) return null;
  const dismiss = () => {
    setDismissed(true);
    try {
      sessionStorage.setItem(DISMISS_KEY, '1');
    } catch {
      // ignore
    }
  };
  return (
    <Suspense fallback={null}>
      <LazyView onDismiss={dismiss} />
    </Suspense>
  );
}
