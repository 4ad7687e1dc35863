import { Suspense, use, type ReactNode } from 'react';
import { useQuery } from '@apollo/client/react';
import { useClientContext } from '../client-context/client-context-provider.js';
import type { PageKind } from '../core/constants.js';
import { BUKKEN_TOTAL_COUNT } from '../graphql/operations/bukken-total-count.js';
import { useOptionalApolloClient } from '../graphql/use-optional-client.js';
import { useOptionalLocation } from '../router/router.js';
import { PageTrackingDebug, usePageTracking } from '../tracking/page-tracking.js';
import { lazyView } from '../core/lazy-view.js';
import { AppInstallBanner } from './app-install-banner.js';
import { Breadcrumbs, type BreadcrumbItem } from './breadcrumbs.js';
import { FollowingHeader } from './following-header.js';
import { PcFooter, SpFooter } from './footers.js';
import { LeavePopup } from './leave-popup.js';
import { Meta, type PageMeta } from './meta.js';
import { PageTopLink } from './page-top-link.js';
import { PcHeader } from './pc-header.js';
import { PreviousSearchBalloon } from './previous-search-balloon.js';
import { SpHeader } from './sp-header.js';
import { TestBanner } from './test-banner.js';

// The form pages' own headers are a lazy chunk (decision 023): the server renders them in place for
// those pages and the browser hydrates them when the chunk has come; no other page loads them.
const loadFormHeaders = () => import(/* webpackChunkName: "lazy-form-headers" */ './form-headers.js');
const LazyInquiryFormHeader = lazyView(() => loadFormHeaders().then((m) => m.InquiryFormHeader), 'the form header');
const LazyNoMenuHeader = lazyView(() => loadFormHeaders().then((m) => m.NoMenuHeader), 'the form header');

export type HeaderVariant = 'default' | 'inquiry' | 'noMenu';

/** What the breadcrumbs and the PC page heading show. */
export interface LayoutHeadingData {
  breadcrumbs?: readonly BreadcrumbItem[];
  pageTitle?: string | null;
  pageSubTitle?: string | null;
}

export interface LayoutProps {
  /** SPEC §2.1 page kind: tracking, the app banner's routes, login links. */
  pageKind: PageKind;
  breadcrumbs?: readonly BreadcrumbItem[];
  headerVariant?: HeaderVariant;
  /** PC page heading (SPEC §2.2: desktop shows page title and subtitle). */
  pageTitle?: string | null;
  pageSubTitle?: string | null;
  /**
   * Reads the breadcrumbs and heading when they render, instead of the three props above; may answer
   * a promise (the shell's server render learns the page's meta after the layout has rendered), or
   * null: the place is marked and the shell's server puts the heading there, rendered after the page
   * (its one synchronous render cannot wait; shell/src/server/render/complete-render.ts).
   */
  readHeading?: (view: HeadingView, origin: string | null) => LayoutHeadingData | Promise<LayoutHeadingData> | null;
  /** The PC header's total listing count; read through Apollo when left out. */
  totalCount?: number | null;
  /** Head tags; React 19 hoists them into <head>. */
  meta?: PageMeta;
  /** Default: the router's path. */
  pathname?: string;
  /** Absolute origin for the breadcrumb JSON-LD (default: the client context's). */
  origin?: string | null;
  /** Prefills the free-word box. */
  defaultQuery?: string;
  /** Counts a page view per navigation (default true); turn off when the page tracks itself. */
  track?: boolean;
  children?: ReactNode;
}

/** The site chrome around a page: PC (1100 px), mobile or app, chosen from the client context. */
export function Layout({
  pageKind,
  breadcrumbs = [],
  headerVariant = 'default',
  pageTitle,
  pageSubTitle,
  readHeading,
  totalCount,
  meta,
  pathname,
  origin,
  defaultQuery,
  track = true,
  children,
}: LayoutProps) {
  const ctx = useClientContext();
  const location = useOptionalLocation();
  const path = pathname ?? location?.pathname;
  const crumbsOrigin = origin ?? ctx.origin ?? null;
  usePageTracking(pageKind, path, { enabled: track });

  const head = meta ? <Meta meta={meta} /> : null;
  const heading = (view: HeadingView) => <LayoutHeading data={{ breadcrumbs, pageTitle, pageSubTitle }} read={readHeading} origin={crumbsOrigin} view={view} />;

  if (ctx.isApp) {
    return (
      // The app is a phone view without the site chrome: remotes' mobile styles (.sk-root--sp) apply.
      <div className="sk-root sk-root--sp sk-root--app" data-view="app">
        {head}
        <TestBanner />
        <main className="sk-main sk-main--app">
          {heading('app')}
          {children}
        </main>
        <PageTrackingDebug />
      </div>
    );
  }

  const special =
    headerVariant === 'inquiry' || headerVariant === 'noMenu' ? (
      <Suspense fallback={null}>{headerVariant === 'inquiry' ? <LazyInquiryFormHeader /> : <LazyNoMenuHeader />}</Suspense>
    ) : null;

  if (ctx.isSpView) {
    return (
      <div className="sk-root sk-root--sp" data-view="sp">
        {head}
        <TestBanner />
        {headerVariant === 'default' && <AppInstallBanner pageKind={pageKind} pathname={path} />}
        {special ?? <SpHeader defaultQuery={defaultQuery} />}
        <main className="sk-main sk-main--sp">
          {heading('sp')}
          {children}
        </main>
        <SpFooter />
        <PageTopLink />
        <LeavePopup pathname={path} />
        <PageTrackingDebug />
      </div>
    );
  }

  return (
    <div className="sk-root sk-root--pc" data-view="pc">
      {head}
      <TestBanner />
      {special ?? <PcHeaderWithTotal totalCount={totalCount} defaultQuery={defaultQuery} />}
      {headerVariant === 'default' && <FollowingHeader />}
      <main className="sk-main sk-main--pc sk-container">
        {headerVariant === 'default' && <PreviousSearchBalloon />}
        {heading('pc')}
        {children}
      </main>
      <PcFooter />
      <PageTopLink />
      <LeavePopup pathname={path} />
      <PageTrackingDebug />
    </div>
  );
}

/**
 * pc: breadcrumbs and the visible page heading; sp: breadcrumbs and the heading for assistive technology
 * only (the phone design shows no title bar, SPEC §2.2); app: the heading alone, likewise hidden.
 */
export type HeadingView = 'pc' | 'sp' | 'app';

/** The breadcrumbs and the page's one h1, from the props or read when rendering. */
export function LayoutHeading({
  data,
  read,
  origin,
  view,
}: {
  data: LayoutHeadingData;
  read?: LayoutProps['readHeading'];
  origin: string | null;
  view: HeadingView;
}) {
  const value = read ? read(view, origin) : data;
  // The heading's place, as the shell's server finds it (complete-render.ts, placeHeading).
  if (value === null) return <template />;
  const { breadcrumbs = [], pageTitle, pageSubTitle } = value instanceof Promise ? use(value) : value;
  return (
    <>
      {view !== 'app' && breadcrumbs.length ? <Breadcrumbs items={breadcrumbs} origin={origin} /> : null}
      {pageTitle && (
        <div className={view === 'pc' ? 'sk-page-heading' : 'sk-visually-hidden'}>
          <h1 className="sk-page-heading__title">{pageTitle}</h1>
          {view === 'pc' && pageSubTitle && <p className="sk-page-heading__sub">{pageSubTitle}</p>}
        </div>
      )}
    </>
  );
}

function PcHeaderWithTotal({ totalCount, defaultQuery }: { totalCount?: number | null; defaultQuery?: string }) {
  const client = useOptionalApolloClient();
  if (totalCount !== undefined || !client) return <PcHeader totalCount={totalCount} defaultQuery={defaultQuery} />;
  return <PcHeaderTotalQuery defaultQuery={defaultQuery} />;
}

function PcHeaderTotalQuery({ defaultQuery }: { defaultQuery?: string }) {
  const { data } = useQuery(BUKKEN_TOTAL_COUNT);
  return <PcHeader totalCount={data?.searchBukkensCount.count ?? null} defaultQuery={defaultQuery} />;
}
