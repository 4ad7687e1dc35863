/**
 * Page tracking: one page_view per page kind and path in window.dataLayer (the analytics tag
 * reads it), counted per page kind. With the debug cookie equal to 1 (SPEC §9), PageTrackingDebug
 * shows the counts, so a tester sees each navigation fire once.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useClientContext, useIsExternalReferrer } from '../client-context/client-context-provider.js';
import { isDebugOn } from '../core/cookies.js';
import type { PageKind } from '../core/constants.js';
import { useOptionalLocation } from '../router/router.js';

export interface PageViewEvent {
  event: 'page_view';
  page_kind: PageKind;
  page_path: string;
  device: 'pc' | 'sp' | 'app';
  external_referrer: boolean;
}

let counts: Readonly<Record<string, number>> = {};
const listeners = new Set<() => void>();
const EMPTY: Readonly<Record<string, number>> = Object.freeze({});

/** Records a page view: pushes to dataLayer and counts it. Browser only. */
export function trackPageView(event: PageViewEvent): void {
  if (typeof window === 'undefined') return;
  const w = window as unknown as { dataLayer?: unknown[] };
  (w.dataLayer ??= []).push(event);
  counts = { ...counts, [event.page_kind]: (counts[event.page_kind] ?? 0) + 1 };
  listeners.forEach((l) => l());
}

/** Page views counted since the page loaded, by page kind. */
export const getPageTrackingCounts = (): Readonly<Record<string, number>> => counts;

export function resetPageTrackingCounts(): void {
  counts = {};
  listeners.forEach((l) => l());
}

const subscribe = (l: () => void): (() => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** Tracks the page once per navigation (page kind and path); call it in each page's layout. */
export function usePageTracking(pageKind: PageKind, path?: string, opts: { enabled?: boolean } = {}): void {
  const enabled = opts.enabled ?? true;
  const location = useOptionalLocation();
  const { isApp, isSpView } = useClientContext();
  const isExternalReferrer = useIsExternalReferrer();
  const pagePath = path ?? location?.pathname ?? null;
  const navigationKey = location?.key ?? null;
  useEffect(() => {
    if (!enabled) return;
    trackPageView({
      event: 'page_view',
      page_kind: pageKind,
      page_path: pagePath ?? window.location.pathname,
      device: isApp ? 'app' : isSpView ? 'sp' : 'pc',
      external_referrer: isExternalReferrer,
    });
    // One view per navigation: the key changes even when the path does not.
  }, [enabled, pageKind, pagePath, navigationKey, isApp, isSpView, isExternalReferrer]);
}

/** The counts, live. */
export function usePageTrackingCounts(): Readonly<Record<string, number>> {
  return useSyncExternalStore(subscribe, getPageTrackingCounts, () => EMPTY);
}

/** A small panel with the page-tracking counts, shown only when the debug cookie is 1. */
export function PageTrackingDebug() {
  const [debug, setDebug] = useState(false);
  const data = usePageTrackingCounts();
  useEffect(() => setDebug(isDebugOn()), []);
  if (!debug) return null;
  const entries = Object.entries(data);
  return (
    <aside className="sk-debug" aria-label="page tracking debug">
      <strong>page tracking</strong>
      {entries.length === 0 ? (
        <span> (none)</span>
      ) : (
        <ul>
          {entries.map(([kind, n]) => (
            <li key={kind}>
              {kind}: <b>{n}</b>
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
