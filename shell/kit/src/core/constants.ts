/** Business constants of SPEC §9 that the site chrome uses; each is defined here, or in @sumika/spec when a server shares it. */

// Shared with the subgraphs, so owned by @sumika/spec (no runtime dependencies, safe in the browser).
export { CASHBACK_CAMPAIGN, CASHBACK_DEFAULT_AMOUNT, FAVORITE_LIMIT, cashbackAmount } from '@sumika/spec';

/** SPEC §9 environment names. */
export const ENVIRONMENTS = ['localhost', 'develop', 'staging', 'test', 'production'] as const;
export type Env = (typeof ENVIRONMENTS)[number];
export const isEnv = (v: unknown): v is Env => typeof v === 'string' && (ENVIRONMENTS as readonly string[]).includes(v);

/** SPEC §4/§9: the desktop success dialogs close themselves after 2.5 s. */
export const FAVORITE_DIALOG_AUTO_CLOSE_MS = 2500;

/** SPEC §9: the following header slides in after 78 px of scroll. */
export const FOLLOWING_HEADER_THRESHOLD_PX = 78;
/** SPEC §9: the page-top link appears above 100 px of scroll, 500 ms later. */
export const PAGE_TOP_THRESHOLD_PX = 100;
export const PAGE_TOP_DELAY_MS = 500;
/** Scroll handlers run at most this often (SPEC §4: the page-top link is throttled). */
export const SCROLL_THROTTLE_MS = 100;

/** SPEC §4/§9 toast timing. */
export const TOAST_DEFAULT_CLOSE_MS = 2000;
export const TOAST_ENTER_DELAY_MS = 100;
export const TOAST_COLLAPSE_DELAY_MS = 300;
export const TOAST_REMOVE_DELAY_MS = 600;

/** SPEC §2.2: PC pages have a fixed 1100 px viewport. */
export const PC_PAGE_WIDTH_PX = 1100;

/** SPEC §9: last-updated dates are yyyy/MM/dd, in Japan time. */
export const DATE_FORMAT = 'yyyy/MM/dd';
export const JAPAN_TIME_ZONE = 'Asia/Tokyo';

/** SPEC §2.1 page kinds used for tracking and for the login link's register_from. */
export const PAGE_KINDS = [
  'top',
  'cashback',
  'topic',
  'prefecture',
  'detail',
  'archive_detail',
  'create',
  'incomplete',
  'favorite',
  'detail_history',
  'stock_search',
  'list',
  'others',
] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

/** Site-wide paths the chrome links to (SPEC §2.1). */
export const PATHS = {
  top: '/',
  favorite: '/favorite',
  detailHistory: '/detail_history',
  stockSearch: '/stock_search',
  freeWordSearch: '/search/words',
  violate: '/violate',
  usersInquiry: '/users_inquiry',
  inboundInquiries: '/inbound_inquiries',
  terms: '/specific/terms',
  privacy: '/specific/privacy',
  sitemap: '/specific/sitemap',
  help: '/statics/help',
  beginner: '/statics/beginner',
  business: '/statics/business',
  checklist: '/checklist',
  cashback: '/cashback',
  apply: '/apply',
} as const;

/** Outside links of the chrome. Placeholders until the operator's real addresses are known. */
export const EXTERNAL_LINKS = {
  companyOverview: 'https://corp.sumika.example/company/',
  privacyMark: 'https://privacymark.jp/',
  /** The official messaging-service account's friend-add link (SPEC §2.2 leave-popup variant). */
  messagingFriendAdd: 'https://line.me/R/ti/p/@sumika',
  /** The messaging service's login/registration entry (SPEC §7.3); the kit adds register_from. */
  messagingLogin: '/auth/line',
  appStoreIos: 'https://apps.apple.com/jp/app/id0000000000',
  appStoreAndroid: 'https://play.google.com/store/apps/details?id=jp.sumika.app',
} as const;

/** The brand as the chrome shows it. */
export const BRAND = { name: 'すみか', tagline: '賃貸物件検索' } as const;
