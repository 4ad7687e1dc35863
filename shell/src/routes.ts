/**
 * The route table of SPEC §2.1, in one place: every path → the remote and exposed page (or a shell
 * page), its page kind, and the controller/action/page codes used for analytics.
 * Patterns are '/static/:param' paths (regexparam); more specific patterns win (see matchRoute).
 */
import { parse } from 'regexparam';
// The kit's constants module, not its index: e2e's fuzz suite type-checks this file without JSX.
import type { PageKind } from '@sumika/shell-kit/core/constants.js';

export type RemoteName = 'mf_search' | 'mf_detail' | 'mf_user' | 'mf_forms';
export const REMOTE_NAMES: readonly RemoteName[] = ['mf_search', 'mf_detail', 'mf_user', 'mf_forms'];

export type ShellPageName =
  'help' | 'beginner' | 'business' | 'flow' | 'terms' | 'privacy' | 'laterPayment' | 'checklist' | 'award' | 'samples' | 'samplesFeatures';

/** How a path parameter must look; anything else is a bad request (400). */
export type ParamRule = 'int' | 'slug' | 'key';

const PARAM_RULES: Record<ParamRule, RegExp> = {
  int: /^[0-9]{1,12}$/,
  // prefecture paths, special names, building types, initials: lowercase words
  slug: /^[a-z0-9][a-z0-9_-]{0,63}$/,
  // globalKeys, company and building keys
  key: /^[A-Za-z0-9_-]{1,64}$/,
};

export type HeaderVariant = 'default' | 'inquiry' | 'noMenu';

export interface RouteDef {
  id: string;
  path: string;
  target: { remote: RemoteName; expose: string } | { shell: ShellPageName };
  pageKind: PageKind;
  controller: string;
  action: string;
  pageCode: string;
  params?: Record<string, ParamRule>;
  headerVariant?: HeaderVariant;
  /** SPEC §8: 'a second mapping treats BAD_REQUEST as 404' (listing and building pages). */
  badRequestAs404?: boolean;
  /** Pages behind the visitor's cookie are not for search engines. */
  noindex?: boolean;
  /** Status for a parameter that breaks its rule: 400, or 404 for the catch-all prefecture path. */
  badParamStatus?: 400 | 404;
}

type Codes = Pick<RouteDef, 'controller' | 'action' | 'pageCode'>;
const codes = (controller: string, action: string, pageCode: string): Codes => ({ controller, action, pageCode });

const search = (expose: string) => ({ remote: 'mf_search' as const, expose });
const detail = (expose: string) => ({ remote: 'mf_detail' as const, expose });
const user = (expose: string) => ({ remote: 'mf_user' as const, expose });
const forms = (expose: string) => ({ remote: 'mf_forms' as const, expose });
const shell = (page: ShellPageName) => ({ shell: page });

/** Expands `base` plus optional suffixes, e.g. variants('/a', ['', '/topic/:t']) → ['/a', '/a/topic/:t']. */
function variants(base: string, suffixes: string[]): string[] {
  return suffixes.map((s) => `${base}${s}`);
}

function many(paths: string[], def: Omit<RouteDef, 'path' | 'id'> & { id: string }): RouteDef[] {
  return paths.map((path, i) => ({ ...def, id: i === 0 ? def.id : `${def.id}#${i}`, path }));
}

export const ROUTES: readonly RouteDef[] = [
  // ---- top and user area ----------------------------------------------------------------------
  { id: 'top', path: '/', target: search('./TopPage'), pageKind: 'top', ...codes('top', 'index', 'top') },
  { id: 'favorite', path: '/favorite', target: user('./FavoritePage'), pageKind: 'favorite', noindex: true, ...codes('favorite', 'index', 'favorite') },
  {
    id: 'favorite.compare',
    path: '/favorite/compare_bukkens',
    target: user('./CompareBukkensPage'),
    pageKind: 'others',
    noindex: true,
    ...codes('favorite', 'compare_bukkens', 'favorite_compare'),
  },
  {
    id: 'detail_history',
    path: '/detail_history',
    target: user('./DetailHistoryPage'),
    pageKind: 'detail_history',
    noindex: true,
    ...codes('detail_history', 'index', 'detail_history'),
  },
  {
    id: 'stock_search',
    path: '/stock_search',
    target: user('./StockSearchPage'),
    pageKind: 'stock_search',
    noindex: true,
    ...codes('stock_search', 'index', 'stock_search'),
  },
  {
    id: 'incomplete',
    path: '/incomplete',
    target: user('./IncompletePage'),
    pageKind: 'incomplete',
    noindex: true,
    ...codes('incomplete', 'index', 'incomplete'),
  },
  {
    id: 'stop_all_mail_magazine',
    path: '/stop_all_mail_magazine',
    target: user('./StopAllMailMagazinePage'),
    pageKind: 'others',
    noindex: true,
    ...codes('mail_magazine', 'stop_all', 'stop_all_mail_magazine'),
  },
  {
    id: 'apply',
    path: '/apply',
    target: forms('./ApplyPage'),
    pageKind: 'create',
    noindex: true,
    headerVariant: 'inquiry',
    ...codes('apply', 'index', 'apply'),
  },
  {
    id: 'apply.create',
    path: '/apply/create',
    target: forms('./ApplyPage'),
    pageKind: 'create',
    noindex: true,
    headerVariant: 'inquiry',
    ...codes('apply', 'create', 'apply_create'),
  },
  { id: 'cashback', path: '/cashback', target: forms('./CashbackPage'), pageKind: 'cashback', ...codes('cashback', 'index', 'cashback') },
  {
    id: 'cashback.20200731',
    path: '/cashback/20200731',
    target: forms('./CashbackPage'),
    pageKind: 'cashback',
    ...codes('cashback', 'old_20200731', 'cashback_20200731'),
  },

  // ---- static and legal pages (shell) -----------------------------------------------------------
  { id: 'statics.help', path: '/statics/help', target: shell('help'), pageKind: 'others', ...codes('statics', 'help', 'statics_help') },
  { id: 'statics.beginner', path: '/statics/beginner', target: shell('beginner'), pageKind: 'others', ...codes('statics', 'beginner', 'statics_beginner') },
  { id: 'statics.business', path: '/statics/business', target: shell('business'), pageKind: 'others', ...codes('statics', 'business', 'statics_business') },
  { id: 'statics.flow', path: '/statics/flow', target: shell('flow'), pageKind: 'others', ...codes('statics', 'flow', 'statics_flow') },
  { id: 'specific.terms', path: '/specific/terms', target: shell('terms'), pageKind: 'others', ...codes('specific', 'terms', 'specific_terms') },
  { id: 'specific.privacy', path: '/specific/privacy', target: shell('privacy'), pageKind: 'others', ...codes('specific', 'privacy', 'specific_privacy') },
  {
    id: 'specific.later_payment',
    path: '/specific/later_payment',
    target: shell('laterPayment'),
    pageKind: 'others',
    ...codes('specific', 'later_payment', 'specific_later_payment'),
  },
  { id: 'checklist', path: '/checklist', target: shell('checklist'), pageKind: 'others', ...codes('checklist', 'index', 'checklist') },
  { id: 'award', path: '/award', target: shell('award'), pageKind: 'others', ...codes('award', 'index', 'award') },
  { id: 'samples', path: '/samples', target: shell('samples'), pageKind: 'others', ...codes('samples', 'index', 'samples') },
  {
    id: 'samples.features',
    path: '/samples/features',
    target: shell('samplesFeatures'),
    pageKind: 'others',
    ...codes('samples', 'features', 'samples_features'),
  },
  ...many(
    [
      '/specific/sitemap',
      '/specific/sitemap/:prefecturePath',
      '/specific/sitemap/:prefecturePath/:cityCode',
      '/specific/sitemap/:prefecturePath/:cityCode/:townCode',
      '/specific/sitemap/:prefecturePath/:cityCode/:townCode/:page',
    ],
    {
      id: 'specific.sitemap',
      target: search('./SitemapPage'),
      pageKind: 'others',
      params: { prefecturePath: 'slug', cityCode: 'int', townCode: 'int', page: 'int' },
      ...codes('specific', 'sitemap', 'specific_sitemap'),
    },
  ),

  // ---- forms -------------------------------------------------------------------------------------
  { id: 'violate', path: '/violate', target: forms('./ViolatePage'), pageKind: 'others', headerVariant: 'inquiry', ...codes('violate', 'index', 'violate') },
  {
    id: 'violate.complete',
    path: '/violate/complete',
    target: forms('./CompletePage'),
    pageKind: 'others',
    headerVariant: 'inquiry',
    noindex: true,
    ...codes('violate', 'complete', 'violate_complete'),
  },
  {
    id: 'users_inquiry',
    path: '/users_inquiry',
    target: forms('./UsersInquiryPage'),
    pageKind: 'others',
    headerVariant: 'inquiry',
    ...codes('users_inquiry', 'index', 'users_inquiry'),
  },
  {
    id: 'users_inquiry.new',
    path: '/users_inquiry/new',
    target: forms('./UsersInquiryPage'),
    pageKind: 'others',
    headerVariant: 'inquiry',
    ...codes('users_inquiry', 'new', 'users_inquiry_new'),
  },
  {
    id: 'users_inquiry.completed',
    path: '/users_inquiry/completed',
    target: forms('./CompletePage'),
    pageKind: 'others',
    headerVariant: 'inquiry',
    noindex: true,
    ...codes('users_inquiry', 'completed', 'users_inquiry_completed'),
  },
  {
    id: 'inbound_inquiries',
    path: '/inbound_inquiries',
    target: forms('./InboundInquiriesPage'),
    pageKind: 'others',
    headerVariant: 'noMenu',
    ...codes('inbound_inquiries', 'index', 'inbound_inquiries'),
  },
  {
    id: 'inbound_inquiries.completed',
    path: '/inbound_inquiries/completed',
    target: forms('./CompletePage'),
    pageKind: 'others',
    headerVariant: 'noMenu',
    noindex: true,
    ...codes('inbound_inquiries', 'completed', 'inbound_inquiries_completed'),
  },

  // ---- listing, building and company pages --------------------------------------------------------
  {
    id: 'bukken.detail',
    path: '/bukken/detail/:id',
    target: detail('./BukkenDetailPage'),
    pageKind: 'detail',
    params: { id: 'key' },
    badRequestAs404: true,
    ...codes('bukken', 'detail', 'bukken_detail'),
  },
  {
    id: 'bukken.archive_detail',
    path: '/bukken/archive_detail/:id',
    target: detail('./BukkenDetailPage'),
    pageKind: 'archive_detail',
    params: { id: 'key' },
    badRequestAs404: true,
    ...codes('bukken', 'archive_detail', 'bukken_archive_detail'),
  },
  {
    id: 'building',
    path: '/building/:id',
    target: detail('./BuildingPage'),
    pageKind: 'others',
    params: { id: 'key' },
    badRequestAs404: true,
    ...codes('building', 'show', 'building'),
  },
  ...many(['/bukken/company/:companyKey', '/bukken/company/:companyKey/page/:page'], {
    id: 'bukken.company',
    target: detail('./CompanyPage'),
    pageKind: 'list',
    params: { companyKey: 'key', page: 'int' },
    badRequestAs404: true,
    ...codes('bukken', 'company', 'bukken_company'),
  }),
  {
    id: 'topic',
    path: '/topic/:specialName',
    target: search('./TopicPage'),
    pageKind: 'topic',
    params: { specialName: 'slug' },
    badRequestAs404: true,
    ...codes('topic', 'show', 'topic'),
  },
  {
    id: 'prefecture',
    path: '/:prefecturePath',
    target: search('./PrefecturePage'),
    pageKind: 'prefecture',
    params: { prefecturePath: 'slug' },
    badParamStatus: 404,
    badRequestAs404: true,
    ...codes('prefecture', 'show', 'prefecture'),
  },

  // ---- search ------------------------------------------------------------------------------------
  { id: 'search', path: '/search', target: search('./SearchPage'), pageKind: 'others', ...codes('search', 'index', 'search') },
  { id: 'search.search', path: '/search/search', target: search('./SearchPage'), pageKind: 'others', ...codes('search', 'search', 'search_search') },
  { id: 'search.option', path: '/search/option', target: search('./SearchOptionPage'), pageKind: 'others', ...codes('search', 'option', 'search_option') },
  { id: 'search.map', path: '/search/map', target: search('./MapPage'), pageKind: 'list', ...codes('search', 'map', 'search_map') },
  { id: 'search.results', path: '/search/results', target: search('./SearchResultsPage'), pageKind: 'list', ...codes('search', 'results', 'search_results') },
  { id: 'search.words', path: '/search/words', target: search('./SearchResultsPage'), pageKind: 'list', ...codes('search', 'words', 'search_words') },
  ...many(variants('/search/cities/:prefecturePath', ['', '/topic/:specialName']), {
    id: 'search.cities',
    target: search('./AreaSelectPage'),
    pageKind: 'others',
    params: { prefecturePath: 'slug', specialName: 'slug' },
    ...codes('search', 'cities', 'search_cities'),
  }),
  ...many(variants('/search/cities_lines/:prefecturePath', ['', '/topic/:specialName', '/:buildingType', '/topic/:specialName/:buildingType']), {
    id: 'search.cities_lines',
    target: search('./AreaSelectPage'),
    pageKind: 'others',
    params: { prefecturePath: 'slug', specialName: 'slug', buildingType: 'slug' },
    ...codes('search', 'cities_lines', 'search_cities_lines'),
  }),
  ...many(['/search/cities_lines_chinryou_souba', '/search/cities_lines_chinryou_souba/:prefecturePath'], {
    id: 'search.cities_lines_chinryou_souba',
    target: search('./AreaSelectPage'),
    pageKind: 'others',
    params: { prefecturePath: 'slug' },
    ...codes('search', 'cities_lines_chinryou_souba', 'search_chinryou_souba'),
  }),
  ...many(variants('/search/line_stations/:prefecturePath/:lineCode', ['', '/topic/:specialName', '/:buildingType', '/topic/:specialName/:buildingType']), {
    id: 'search.line_stations',
    target: search('./AreaSelectPage'),
    pageKind: 'others',
    params: { prefecturePath: 'slug', lineCode: 'int', specialName: 'slug', buildingType: 'slug' },
    ...codes('search', 'line_stations', 'search_line_stations'),
  }),
  {
    id: 'search.stations',
    path: '/search/stations/:prefecturePath',
    target: search('./AreaSelectPage'),
    pageKind: 'others',
    params: { prefecturePath: 'slug' },
    ...codes('search', 'stations', 'search_stations'),
  },
  ...many(variants('/search/lines/:prefecturePath', ['', '/topic/:specialName']), {
    id: 'search.lines',
    target: search('./AreaSelectPage'),
    pageKind: 'others',
    params: { prefecturePath: 'slug', specialName: 'slug' },
    ...codes('search', 'lines', 'search_lines'),
  }),
  {
    id: 'search.nmin_stations',
    path: '/search/nmin_stations/:prefecturePath',
    target: search('./CommutePage'),
    pageKind: 'others',
    params: { prefecturePath: 'slug' },
    ...codes('search', 'nmin_stations', 'search_nmin_stations'),
  },
  ...many(variants('/search/:prefecturePath/city/:cityCode', ['', '/topic/:specialName']), {
    id: 'search.city',
    target: search('./SearchResultsPage'),
    pageKind: 'list',
    params: { prefecturePath: 'slug', cityCode: 'int', specialName: 'slug' },
    ...codes('search', 'city', 'search_city'),
  }),
  {
    id: 'search.station',
    path: '/search/:prefecturePath/line/:lineCode/station/:stationCode',
    target: search('./SearchResultsPage'),
    pageKind: 'list',
    params: { prefecturePath: 'slug', lineCode: 'int', stationCode: 'int' },
    ...codes('search', 'station', 'search_station'),
  },
  ...many(variants('/search/:prefecturePath/city/:cityCode/town', ['', '/topic/:specialName', '/terms/:terms']), {
    id: 'search.towns',
    target: search('./AreaSelectPage'),
    pageKind: 'others',
    params: { prefecturePath: 'slug', cityCode: 'int', specialName: 'slug', terms: 'slug' },
    ...codes('search', 'towns', 'search_towns'),
  }),
  {
    id: 'search.town',
    path: '/search/:prefecturePath/city/:cityCode/town/:townCode',
    target: search('./SearchResultsPage'),
    pageKind: 'list',
    params: { prefecturePath: 'slug', cityCode: 'int', townCode: 'int' },
    ...codes('search', 'town', 'search_town'),
  },

  // ---- campus ------------------------------------------------------------------------------------
  ...many(['/campus', '/campus/:prefecturePath', '/campus/:prefecturePath/:initial'], {
    id: 'campus',
    target: search('./CampusPage'),
    pageKind: 'others',
    params: { prefecturePath: 'slug', initial: 'slug' },
    ...codes('campus', 'index', 'campus'),
  }),
  ...many(['/search/campus/:campusId', '/search/campus/:campusId/page/:page'], {
    id: 'search.campus',
    target: search('./SearchResultsPage'),
    pageKind: 'list',
    params: { campusId: 'int', page: 'int' },
    ...codes('search', 'campus', 'search_campus'),
  }),

  // ---- archive -----------------------------------------------------------------------------------
  {
    id: 'archive.cities_lines',
    path: '/archive/cities_lines/:prefecturePath',
    target: search('./ArchivePage'),
    pageKind: 'others',
    params: { prefecturePath: 'slug' },
    ...codes('archive', 'cities_lines', 'archive_cities_lines'),
  },
  {
    id: 'archive.city',
    path: '/archive/city/:prefecturePath/:cityCode',
    target: search('./ArchivePage'),
    pageKind: 'list',
    params: { prefecturePath: 'slug', cityCode: 'int' },
    ...codes('archive', 'city', 'archive_city'),
  },
  {
    id: 'archive.line_stations',
    path: '/archive/line_stations/:prefecturePath/:lineCode',
    target: search('./ArchivePage'),
    pageKind: 'others',
    params: { prefecturePath: 'slug', lineCode: 'int' },
    ...codes('archive', 'line_stations', 'archive_line_stations'),
  },
  {
    id: 'archive.station',
    path: '/archive/station/:prefecturePath/:lineCode/:stationCode',
    target: search('./ArchivePage'),
    pageKind: 'list',
    params: { prefecturePath: 'slug', lineCode: 'int', stationCode: 'int' },
    ...codes('archive', 'station', 'archive_station'),
  },
  ...many(['/archive_list/:prefecturePath/city/:cityCode', '/archive_list/:prefecturePath/city/:cityCode/page/:page'], {
    id: 'archive_list.city',
    target: search('./ArchivePage'),
    pageKind: 'list',
    params: { prefecturePath: 'slug', cityCode: 'int', page: 'int' },
    ...codes('archive_list', 'city', 'archive_list_city'),
  }),
  ...many(['/archive_list/:prefecturePath/station/:stationCode', '/archive_list/:prefecturePath/station/:stationCode/page/:page'], {
    id: 'archive_list.station',
    target: search('./ArchivePage'),
    pageKind: 'list',
    params: { prefecturePath: 'slug', stationCode: 'int', page: 'int' },
    ...codes('archive_list', 'station', 'archive_list_station'),
  }),

  // ---- livability --------------------------------------------------------------------------------
  ...many(
    [
      '/livability',
      '/livability/:prefecturePath',
      '/livability/:prefecturePath/city/:cityCode',
      '/livability/:prefecturePath/city/:cityCode/reviews',
      '/livability/:prefecturePath/station/:stationCode',
      '/livability/rent_price/:area/station/:stationCode',
    ],
    {
      id: 'livability',
      target: search('./LivabilityPage'),
      pageKind: 'others',
      params: { prefecturePath: 'slug', cityCode: 'int', stationCode: 'int', area: 'slug' },
      ...codes('livability', 'show', 'livability'),
    },
  ),
];

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string>;
  /** The first parameter that breaks its rule (→ 400), if any. */
  badParam?: string;
}

/**
 * A pattern's rank, as react-router ranks routes: one per segment, 10 more per static segment and 3
 * per parameter. Patterns only match paths of their own length, so among the candidates the one
 * with more static segments wins; equal ranks keep the table's order.
 */
const rankOf = (path: string): number => {
  const segments = path.split('/');
  return segments.reduce((score, segment) => score + (segment.startsWith(':') ? 3 : segment === '' ? 1 : 10), segments.length);
};

const compiled = ROUTES.map((route, order) => ({ route, ...parse(route.path), rank: rankOf(route.path), order })).sort(
  (a, b) => b.rank - a.rank || a.order - b.order,
);

const decodeParam = (value: string): string => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/** The route for a pathname (most specific pattern, case-insensitive), with its parameters checked; undefined → 404. */
export function matchRoute(pathname: string): RouteMatch | undefined {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const { route, pattern, keys } of compiled) {
    const found = pattern.exec(normalised);
    if (!found) continue;
    const params: Record<string, string> = {};
    let badParam: string | undefined;
    keys.forEach((name, i) => {
      const raw = found[i + 1];
      if (raw === undefined) return;
      const value = decodeParam(raw);
      params[name] = value;
      const rule = route.params?.[name];
      if (rule && !PARAM_RULES[rule].test(value) && !badParam) badParam = name;
    });
    return badParam ? { route, params, badParam } : { route, params };
  }
  return undefined;
}

/** Every remote a route table entry names (what the shell must know how to load). */
export function exposesByRemote(): Record<RemoteName, string[]> {
  const out: Record<RemoteName, string[]> = { mf_search: [], mf_detail: [], mf_user: [], mf_forms: [] };
  for (const r of ROUTES) {
    if ('remote' in r.target && !out[r.target.remote].includes(r.target.expose)) out[r.target.remote].push(r.target.expose);
  }
  return out;
}
