import { useClientContext } from '../client-context/client-context-provider.js';
import { BRAND } from '../core/constants.js';
import { appPlatformOf, appStoreLink } from '../core/links.js';
import { CloseIcon, HouseMark } from './icons.js';

/** The app-install banner's markup (its own chunk: only the visitors who get the banner load it). */
export function AppInstallBannerView({ onDismiss: dismiss }: { onDismiss: () => void }) {
  const ctx = useClientContext();
  const href = appStoreLink({ platform: appPlatformOf(ctx), pid: 'sp_app_banner', refCode: ctx.refCode });
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
