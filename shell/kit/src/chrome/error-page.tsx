import { errorPageMessage, errorPageStatus } from '../core/errors.js';
import { KitLink } from '../router/kit-link.js';
import { AlertIcon } from './icons.js';
import { RegionMapPicker, type RegionSummary } from './region-map-picker.js';

export interface ErrorPageProps {
  /** 404, 400 and 503 have their own page; anything else is 500; none is 404 (SPEC §2.2). */
  status?: number | null;
  /** The 404 page's region picker; read through Apollo when left out. */
  regions?: readonly RegionSummary[];
}

/** SPEC §2.2 error page body (use errorPageMeta for its head; no breadcrumbs). */
export function ErrorPage({ status, regions }: ErrorPageProps) {
  const s = errorPageStatus(status);
  return (
    <section className="sk-error-page" data-status={s}>
      <div className="sk-error-page__head">
        <AlertIcon size={40} />
        <h1 className="sk-error-page__title">{`Error ${s}`}</h1>
        <p className="sk-error-page__message">{errorPageMessage(s)}</p>
        {s === 404 && <p className="sk-error-page__detail">お探しのページは削除されたか、アドレスが変更された可能性があります。</p>}
        {s === 500 && <p className="sk-error-page__detail">しばらく時間をおいてから、再度アクセスしてください。</p>}
        <KitLink to="/" className="sk-button sk-button--secondary">
          トップページへ戻る
        </KitLink>
      </div>
      {s === 404 && (
        <div className="sk-error-page__search">
          <h2 className="sk-error-page__subtitle">賃貸物件を探す</h2>
          <RegionMapPicker regions={regions} />
        </div>
      )}
    </section>
  );
}
