import { useEffect, useState } from 'react';
import { useClientContext, useIsExternalReferrer } from '../client-context/client-context-provider.js';
import type { ClientContext } from '../client-context/client-context.js';
import { BRAND, type PageKind } from '../core/constants.js';
import { appPlatformOf, appStoreLink } from '../core/links.js';
import { useOptionalLocation } from '../router/router.js';
import { CloseIcon, HouseMark } from './icons.js';

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
  const href = appStoreLink({ platform: appPlatformOf(ctx), pid: 'sp_app_banner', refCode: ctx.refCode });
  const dismiss = () => {
    setDismissed(true);
    try {
      sessionStorage.setItem(DISMISS_KEY, '1');
    } catch {
      // ignore
    }
  };
  return (
    <aside className="sk-app-banner" aria-label="公式アプリのご案内">
      <button type="button" className="sk-app-banner__close" aria-label="閉じる" onClick={dismiss}>
        <CloseIcon size={16} />
      </button>
      <HouseMark size={40} />
      <div className="sk-app-banner__text">
        <strong>{BRAND.name} 公式アプリ</strong>
        <span>新着物件の通知をアプリで受け取れます</span>
      </div>
      <a className="sk-button sk-button--primary sk-button--small" href={href} target="_blank" rel="noopener noreferrer">
        無料で使う
      </a>
    </aside>
  );
}
