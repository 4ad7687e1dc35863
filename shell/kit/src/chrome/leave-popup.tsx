import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { AB_TEST_NAMES, useAbTest } from '../ab-test/ab-test-provider.js';
import { useClientContext } from '../client-context/client-context-provider.js';
import { BRAND, EXTERNAL_LINKS, PATHS, cashbackAmount } from '../core/constants.js';
import { formatNumber } from '../core/format.js';
import { appPlatformOf, appStoreLink } from '../core/links.js';
import { MESSAGES } from '../core/messages.js';
import { useOptionalLocation } from '../router/router.js';
import { CloseIcon, HouseMark, MessageIcon } from './icons.js';

/** The history.state field that marks the entries around the landing page. */
export const LEAVE_MARKER_KEY = 'sumikaLeave';
export type LeaveMarker = 'before' | 'after';

type HistoryLike = Pick<History, 'state' | 'replaceState' | 'pushState'>;

const markerOf = (state: unknown): LeaveMarker | undefined => (state && typeof state === 'object' ? ((state as Record<string, unknown>)[LEAVE_MARKER_KEY] as LeaveMarker | undefined) : undefined);

/**
 * SPEC §4: marks the current entry 'before' and pushes a copy marked 'after', so the visitor's
 * first back lands on 'before' (the popup opens) instead of leaving. The router's own state
 * (key, index) is kept on both. Does nothing when already armed (a reload). Returns whether it armed.
 */
export function armLeaveMarker(history: HistoryLike): boolean {
  const state = (history.state ?? {}) as Record<string, unknown>;
  if (markerOf(state)) return false;
  history.replaceState({ ...state, [LEAVE_MARKER_KEY]: 'before' }, '');
  history.pushState({ ...state, [LEAVE_MARKER_KEY]: 'after' }, '');
  return true;
}

/** Whether a popstate's state is the marked entry before the landing page. */
export const isLeaveMarker = (state: unknown): boolean => markerOf(state) === 'before';

/** SPEC §2.2: externally referred visitors, anywhere but /apply; never inside the app. */
export const shouldArmLeavePopup = (ctx: { isExternalReferrer: boolean; isApp: boolean }, pathname: string): boolean =>
  ctx.isExternalReferrer && !ctx.isApp && !(pathname === PATHS.apply || pathname.startsWith(`${PATHS.apply}/`));

export type LeavePopupVariant = 'app' | 'line';

export interface LeavePopupProps {
  /** Default: the leave_popup A/B variant (app when unknown). */
  variant?: LeavePopupVariant;
  /** Default: the router's path, else location.pathname. */
  pathname?: string;
}

/**
 * SPEC §2.2/§4 leave-page popup 'お知らせ': back on the landing page opens it instead of leaving.
 * Close goes forward again (re-arming the marker); 'leave this page' goes back for real.
 */
export function LeavePopup({ variant, pathname }: LeavePopupProps) {
  const ctx = useClientContext();
  const location = useOptionalLocation();
  const ab = useAbTest(AB_TEST_NAMES.leavePopup);
  const chosen: LeavePopupVariant = variant ?? (ab === 'line' ? 'line' : 'app');
  const [open, setOpen] = useState(false);
  const armed = useRef(false);
  const titleId = useId();
  const path = pathname ?? location?.pathname ?? null;

  useEffect(() => {
    if (armed.current) return;
    const current = path ?? window.location.pathname;
    if (!shouldArmLeavePopup(ctx, current)) return;
    armed.current = true;
    armLeaveMarker(window.history);
  }, [ctx, path]);

  useEffect(() => {
    const onPop = (e: PopStateEvent) => {
      if (!armed.current || !isLeaveMarker(e.state)) return;
      if (!shouldArmLeavePopup(ctx, window.location.pathname)) return;
      setOpen(true);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [ctx]);

  const close = useCallback(() => {
    setOpen(false);
    // Forward to the 'after' entry: the marker is armed again.
    window.history.forward();
  }, []);
  const leave = useCallback(() => {
    setOpen(false);
    armed.current = false;
    window.history.back();
  }, []);

  if (!open) return null;
  const amount = formatNumber(cashbackAmount(new Date()));
  return (
    <div className="sk-modal" role="presentation" onClick={(e) => e.target === e.currentTarget && close()}>
      <div className="sk-dialog sk-leave" role="dialog" aria-modal="true" aria-labelledby={titleId} data-variant={chosen}>
        <button type="button" className="sk-dialog__close" aria-label="閉じる" onClick={close}>
          <CloseIcon size={18} />
        </button>
        <p id={titleId} className="sk-leave__title">
          {MESSAGES.leavePopupTitle}
        </p>
        {chosen === 'app' ? (
          <>
            <div className="sk-leave__visual" aria-hidden="true">
              <HouseMark size={56} />
              <div className="sk-leave__campaign">
                <span>お引越しでお祝い金</span>
                <strong>最大{amount}円</strong>
                <span>キャッシュバック</span>
              </div>
            </div>
            <p className="sk-leave__text">{BRAND.name}公式アプリなら、新着物件の通知やお気に入りの管理がもっと便利に。</p>
            <a className="sk-button sk-button--primary sk-button--block" href={appStoreLink({ platform: appPlatformOf(ctx), pid: 'leave_popup', refCode: ctx.refCode })} target="_blank" rel="noopener noreferrer">
              アプリをダウンロード（無料）
            </a>
          </>
        ) : (
          <>
            <div className="sk-leave__visual sk-leave__visual--line" aria-hidden="true">
              <MessageIcon size={48} />
              <div className="sk-leave__campaign">
                <span>LINE公式アカウント</span>
                <strong>友だち募集中</strong>
              </div>
            </div>
            <p className="sk-leave__text">友だち追加で、新着物件やキャンペーン情報をLINEでお届けします。</p>
            <a className="sk-button sk-button--line sk-button--block" href={EXTERNAL_LINKS.messagingFriendAdd} target="_blank" rel="noopener noreferrer">
              友だち追加する
            </a>
          </>
        )}
        <button type="button" className="sk-button sk-button--text sk-button--block" onClick={leave}>
          このページから離れる
        </button>
      </div>
    </div>
  );
}
