import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { AB_TEST_NAMES, useAbTest } from '../ab-test/ab-test-provider.js';
import { useClientContext } from '../client-context/client-context-provider.js';
import { PATHS } from '../core/constants.js';
import { lazyView } from '../core/lazy-view.js';
import { useOptionalLocation } from '../router/router.js';
import type { LeavePopupDialogProps, LeavePopupVariant } from './leave-popup-types.js';

/** The history.state field that marks the entries around the landing page. */
export const LEAVE_MARKER_KEY = 'sumikaLeave';
export type LeaveMarker = 'before' | 'after';

type HistoryLike = Pick<History, 'state' | 'replaceState' | 'pushState'>;

const markerOf = (state: unknown): LeaveMarker | undefined =>
  state && typeof state === 'object' ? ((state as Record<string, unknown>)[LEAVE_MARKER_KEY] as LeaveMarker | undefined) : undefined;

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

export type { LeavePopupVariant };

/**
 * The popup's markup: a lazy chunk, rendered only while open (never on the server or during
 * hydration). Not loaded when the marker is armed, which would be on every external visitor's first
 * view: the popstate that opens the popup starts it. A chunk that fails to load shows no popup
 * instead of throwing to the page's error boundary.
 */
const loadLeavePopupDialog = () => import(/* webpackChunkName: "lazy-leave-popup" */ './leave-popup-dialog.js');
const LazyLeavePopupDialog = lazyView<LeavePopupDialogProps>(() => loadLeavePopupDialog().then((m) => m.LeavePopupDialog), 'the leave popup');

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
      void loadLeavePopupDialog().catch(() => undefined);
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
  return (
    <Suspense fallback={null}>
      <LazyLeavePopupDialog variant={chosen} close={close} leave={leave} />
    </Suspense>
  );
}
