/** @jest-environment node */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { exposesByRemote, matchRoute, ROUTES } from './routes.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const REMOTE_DIRS = { mf_search: 'mf-search', mf_detail: 'mf-detail', mf_user: 'mf-user', mf_forms: 'mf-forms' } as const;

describe('route table (SPEC §2.1)', () => {
  it.each([
    ['/', 'top', 'top'],
    ['/favorite', 'favorite', 'favorite'],
    ['/favorite/compare_bukkens', 'favorite.compare', 'others'],
    ['/detail_history', 'detail_history', 'detail_history'],
    ['/stock_search', 'stock_search', 'stock_search'],
    ['/incomplete', 'incomplete', 'incomplete'],
    ['/apply/create', 'apply.create', 'create'],
    ['/cashback', 'cashback', 'cashback'],
    ['/cashback/20200731', 'cashback.20200731', 'cashback'],
    ['/statics/help', 'statics.help', 'others'],
    ['/specific/later_payment', 'specific.later_payment', 'others'],
    ['/specific/sitemap/tokyo/13113/131130001/2', 'specific.sitemap#4', 'others'],
    ['/violate/complete', 'violate.complete', 'others'],
    ['/users_inquiry/new', 'users_inquiry.new', 'others'],
    ['/inbound_inquiries/completed', 'inbound_inquiries.completed', 'others'],
    ['/bukken/detail/bk000000001', 'bukken.detail', 'detail'],
    ['/bukken/archive_detail/bk000000001', 'bukken.archive_detail', 'archive_detail'],
    ['/building/bld00000001', 'building', 'others'],
    ['/bukken/company/st000001/page/2', 'bukken.company#1', 'list'],
    ['/topic/pet', 'topic', 'topic'],
    ['/tokyo', 'prefecture', 'prefecture'],
    ['/search/words', 'search.words', 'list'],
    ['/search/cities/tokyo/topic/pet', 'search.cities#1', 'others'],
    ['/search/cities_lines/tokyo/topic/pet/mansion', 'search.cities_lines#3', 'others'],
    ['/search/line_stations/tokyo/11302', 'search.line_stations', 'others'],
    ['/search/tokyo/city/13113/topic/pet', 'search.city#1', 'list'],
    ['/search/tokyo/line/11302/station/1130205', 'search.station', 'list'],
    ['/search/tokyo/city/13113/town/terms/x', 'search.towns#2', 'others'],
    ['/search/tokyo/city/13113/town/131130001', 'search.town', 'list'],
    ['/campus/tokyo/a', 'campus#2', 'others'],
    ['/search/campus/12/page/3', 'search.campus#1', 'list'],
    ['/archive_list/tokyo/station/1130205/page/2', 'archive_list.station#1', 'list'],
    ['/livability/rent_price/1k/station/1130205', 'livability#5', 'others'],
  ])('%s → %s (%s)', (pathname, id, pageKind) => {
    const m = matchRoute(pathname);
    expect(m?.route.id).toBe(id);
    expect(m?.route.pageKind).toBe(pageKind);
    expect(m?.badParam).toBeUndefined();
  });

  it('has no route for unknown paths (404), and flags malformed parameters (400)', () => {
    expect(matchRoute('/no/such/page/here')).toBeUndefined();
    expect(matchRoute('/bukken/detail/a.b')?.badParam).toBe('id');
    expect(matchRoute('/search/tokyo/city/abc')?.badParam).toBe('cityCode');
    // The catch-all prefecture path: a malformed one is a page that does not exist.
    const weird = matchRoute('/Foo.html');
    expect(weird?.route.id).toBe('prefecture');
    expect(weird?.route.badParamStatus).toBe(404);
  });

  it('matches case-insensitively, with or without a trailing slash, and decodes parameters', () => {
    expect(matchRoute('/Favorite/')?.route.id).toBe('favorite');
    expect(matchRoute('/statics/help///')?.route.id).toBe('statics.help');
    expect(matchRoute('/bukken/detail/bk%30001')?.params).toEqual({ id: 'bk0001' });
    expect(matchRoute('/bukken/detail/%E3%81%82')?.badParam).toBe('id');
    expect(matchRoute('/bukken/detail/%E3%81')?.badParam).toBe('id');
  });

  it('prefers the pattern with more fixed segments whatever the table order', () => {
    expect(matchRoute('/search/map')?.route.id).toBe('search.map');
    expect(matchRoute('/search/tokyo')?.route.id).not.toBe('search.map');
    expect(matchRoute('/apply')?.route.id).toBe('apply');
  });

  it('gives every route unique codes and an id', () => {
    expect(new Set(ROUTES.map((r) => r.id)).size).toBe(ROUTES.length);
    for (const r of ROUTES) expect(r.controller && r.action && r.pageCode).toBeTruthy();
  });

  it.each(Object.entries(REMOTE_DIRS))('names only pages %s exposes', (remote, dir) => {
    const config = readFileSync(path.join(root, dir, 'module-federation.config.js'), 'utf8');
    for (const expose of exposesByRemote()[remote as keyof typeof REMOTE_DIRS]) expect(config).toContain(`'${expose}'`);
  });
});
