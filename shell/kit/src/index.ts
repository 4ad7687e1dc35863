/**
 * @sumika/shell-kit: the site chrome and cross-remote state, shared as a Module Federation
 * singleton so header badges, toasts and dialogs are one instance site-wide.
 */

// Constants, messages, errors (SPEC §5, §8, §9)
export * from './core/constants.js';
export { MESSAGES, type MessageKey } from './core/messages.js';
export {
  ERROR_CODES,
  ERROR_LOG_LEVEL,
  ERROR_STATUS,
  RETRY_AFTER_SECONDS,
  errorCodeOf,
  errorExtensionsOf,
  errorPageMessage,
  errorPageStatus,
  isErrorCode,
  type ErrorCode,
  type ErrorPageStatus,
} from './core/errors.js';

// Formatting
export { formatDate, formatManYen, formatNumber, formatYen, japanDateParts } from './core/format.js';

// Cookies (SPEC §3 client keys)
export {
  AB_TEST_COOKIE_MAX_AGE,
  AB_TEST_COOKIE_SUFFIX,
  DEBUG_COOKIE,
  DEBUG_COOKIE_ON,
  FAVORITE_DIALOG_RESTRICTION_COOKIE,
  FAVORITE_DIALOG_RESTRICTION_MAX_AGE,
  RECOMMEND_TYPE_COOKIE,
  UID_COOKIE,
  abTestCookieName,
  cookieIsSecure,
  deleteCookie,
  isDebugOn,
  isFavoriteDialogRestricted,
  parseCookieHeader,
  readAbTestCookies,
  readCookie,
  serializeCookie,
  writeAbTestCookie,
  writeCookie,
  writeFavoriteDialogRestriction,
  type CookieListItem,
  type WriteCookieOptions,
} from './core/cookies.js';

// Links (SPEC §7.3)
export {
  appPlatformOf,
  appStoreLink,
  loginLink,
  trafficSourceOf,
  type AppPlatform,
  type AppStoreLinkOptions,
  type LoginLinkOptions,
  type TrafficSource,
} from './core/links.js';

// Native app bridge
export { notify, postToNativeApp, type NativeBridgeMessage } from './core/native-bridge.js';

// Client context
export {
  APP_USER_AGENT_TOKENS,
  CLIENT_CONTEXT_GLOBAL,
  DEFAULT_CLIENT_CONTEXT,
  clientContextFromBrowser,
  clientContextFromRequest,
  clientContextScript,
  isExternalReferrer,
  type ClientContext,
  type ClientRequestInfo,
} from './client-context/client-context.js';
export { ClientContextProvider, useClientContext, useIsExternalReferrer, useNotify } from './client-context/client-context-provider.js';

// GraphQL
export {
  APOLLO_STATE_GLOBAL,
  KIT_DEFAULT_OPTIONS,
  KIT_TYPE_POLICIES,
  apolloStateFromBrowser,
  apolloStateScript,
  createApolloClient,
  createKitCache,
  extractApolloState,
  releaseServerData,
  type CreateApolloClientOptions,
} from './graphql/apollo-client.js';
export { ServerDataReleased } from './graphql/server-data.js';
// The favorite mutations, FAVORITE_KEYS, AB_TESTS and SET_AB_TESTS load when first needed (their
// providers import them): their result types are in ./__generated__/operations.ts.
export { REQUIRED_USER_DATA, REQUIRED_USER_FIELDS, type LastSearchCondition, type StockCounts } from './graphql/operations/required-user-data.js';
export type { AbTestAssignment } from './graphql/operations/ab-tests.js';
export { REGIONS, type PrefectureSummary, type RegionSummary } from './graphql/operations/regions.js';
export { BUKKEN_TOTAL_COUNT } from './graphql/operations/bukken-total-count.js';
export { useOptionalApolloClient } from './graphql/use-optional-client.js';

// Toasts
export { ToastProvider, useToast, useOptionalToast, type ToastApi } from './toast/toast-provider.js';
export {
  ToastScheduler,
  dismissTimeline,
  toastReducer,
  toastTimeline,
  type ShowToastOptions,
  type Toast,
  type ToastAction,
  type ToastItem,
  type ToastPhase,
} from './toast/toast-timeline.js';

// Favorites
export {
  FavoritesProvider,
  useFavorites,
  type AddFavoritesOptions,
  type FavoriteResult,
  type FavoritesApi,
  type FavoritesProviderProps,
} from './favorites/favorites-provider.js';
export {
  favoriteDialogReducer,
  initialFavoriteDialogState,
  type FavoriteDialogConfig,
  type FavoriteDialogEvent,
  type FavoriteDialogKind,
  type FavoriteDialogState,
  type FavoriteEffect,
} from './favorites/favorite-dialog-reducer.js';
// The dialog is a lazy chunk the provider loads when it opens: its props type only here.
export type { FavoriteDialogProps } from './favorites/favorite-dialog.js';
export { FavoriteButton, type FavoriteButtonProps } from './favorites/favorite-button.js';

// Stock counts
export {
  StockCountsProvider,
  ZERO_STOCK_COUNTS,
  sameStockCounts,
  useOptionalStockCounts,
  useStockCounts,
  type StockCountsApi,
  type StockCountsProviderProps,
  type StockKind,
} from './stock-counts/stock-counts-provider.js';

// A/B tests and tracking
export {
  AB_TEST_NAMES,
  AbTestProvider,
  useAbTest,
  useAbTests,
  type AbTestApi,
  type AbTestProviderProps,
  type AbTestValues,
} from './ab-test/ab-test-provider.js';
export {
  PageTrackingDebug,
  getPageTrackingCounts,
  resetPageTrackingCounts,
  trackPageView,
  usePageTracking,
  usePageTrackingCounts,
  type PageViewEvent,
} from './tracking/page-tracking.js';

// The router (wouter underneath; remotes use these, never the package)
export { KitLink, type KitLinkProps } from './router/kit-link.js';
export {
  BrowserRouter,
  MemoryRouter,
  StaticRouter,
  createMemoryHistory,
  prepareNavigation,
  setNavigationPreparer,
  splitUrl,
  useInRouter,
  useLocation,
  useNavigate,
  useOptionalLocation,
  type MemoryHistory,
  type Navigate,
  type NavigateOptions,
  type NavigationPreparer,
  type NavigationReason,
  type RouterLocation,
} from './router/router.js';

// Chrome
// LayoutHeading is for the shell's server (`@sumika/shell-kit/chrome/layout`): not exported here, out of the first view's bytes.
export { Layout, type HeaderVariant, type HeadingView, type LayoutHeadingData, type LayoutProps } from './chrome/layout.js';
export { PcHeader, type PcHeaderProps } from './chrome/pc-header.js';
export { SpHeader, type SpHeaderProps } from './chrome/sp-header.js';
export { FollowingHeader } from './chrome/following-header.js';
// The form pages' headers are the layout's (headerVariant), a lazy chunk: not exported, so the first view does not carry them.
export type { NoMenuHeaderProps } from './chrome/no-menu-header.js';
export { PageTopLink } from './chrome/page-top-link.js';
export { PC_FOOTER_LINKS, PcFooter, SP_FOOTER_LINKS, SpFooter, type FooterLink } from './chrome/footers.js';
export { TestBanner } from './chrome/test-banner.js';
export { APP_BANNER_PAGE_KINDS, AppInstallBanner, shouldShowAppInstallBanner, type AppInstallBannerProps } from './chrome/app-install-banner.js';
export {
  LEAVE_MARKER_KEY,
  LeavePopup,
  armLeaveMarker,
  isLeaveMarker,
  shouldArmLeavePopup,
  type LeavePopupProps,
  type LeavePopupVariant,
} from './chrome/leave-popup.js';
export { PreviousSearchBalloon, balloonRows, type PreviousSearchBalloonProps } from './chrome/previous-search-balloon.js';
export {
  DIRECT_PREFECTURE_CODES,
  RegionMapPicker,
  mapLabelOf,
  regionMapReducer,
  type RegionMapAction,
  type RegionMapPickerProps,
  type RegionMapState,
} from './chrome/region-map-picker.js';
export { jsonForScript } from './core/script-json.js';
export { Breadcrumbs, breadcrumbJsonLd, type BreadcrumbItem, type BreadcrumbsProps } from './chrome/breadcrumbs.js';
export {
  Meta,
  ROBOTS_INDEX,
  ROBOTS_NOINDEX,
  documentTitle,
  errorPageMeta,
  metaTags,
  metaToHtml,
  viewportContent,
  type HeadTag,
  type PageBaseData,
  type PageMeta,
} from './chrome/meta.js';
export { ErrorBox, type ErrorBoxProps } from './chrome/error-box.js';
export { ErrorPage, type ErrorPageProps } from './chrome/error-page.js';
export { Logo } from './chrome/logo.js';
export { FreeWordForm } from './chrome/free-word-form.js';
export { STOCK_LINKS, StockLinks } from './chrome/stock-links.js';
export { useScrollPast } from './chrome/use-scroll-past.js';

// Providers together. The stylesheet is `@sumika/shell-kit/styles` (server-side only: the shell inlines
// it into each page's <head>, so browsers do not also download it as a string in the kit's JS).
export { ShellKitProvider, type ShellKitProviderProps } from './shell-kit-provider.js';

// The contract between the shell and the pages a remote exposes (types only).
export type { AnyPageQuery, Breadcrumb, PageQueries, PageQueriesInput, PageQuery, PublicConfig, RemotePageMeta, RemotePageProps } from './contract.js';
