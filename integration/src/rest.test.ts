import type { LightMyRequestResponse } from 'fastify';
import { testBackends } from '@sumika/storage-kit/testing';
import { startStack, type Stack } from './stack.js';

const setCookies = (res: LightMyRequestResponse): string[] => {
  const h = res.headers['set-cookie'];
  return h === undefined ? [] : Array.isArray(h) ? h : [String(h)];
};

describe.each(testBackends())('REST paths /api/v4_1 on $name', (backend) => {
  let stack: Stack;
  let keys: string[];
  let cookie: string;

  /** A request as the same visitor (the `_uid` cookie from the first answer). */
  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown): Promise<LightMyRequestResponse> => {
    const res = await stack.gateway.inject({
      method,
      url: `/api/v4_1/${url}`,
      headers: { ...(cookie ? { cookie } : {}), ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });
    const uid = setCookies(res).find((c) => c.startsWith('_uid='));
    if (uid && !cookie) cookie = uid.split(';')[0] as string;
    return res;
  };

  beforeAll(async () => {
    stack = await startStack(backend, { listings: 400 });
    const { rows } = await stack.stores.bukken.pool.query<{ global_key: string }>(
      'SELECT global_key FROM bukken WHERE archived_at IS NULL ORDER BY id LIMIT 5',
    );
    keys = rows.map((r) => r.global_key);
    cookie = '';
  });
  afterAll(async () => {
    await stack.close();
  });

  it('GET regions answers regions.regions[] with prefectures, and sets the visitor cookie', async () => {
    const res = await call('GET', 'regions');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.regions.regions.length).toBeGreaterThanOrEqual(8);
    expect(body.regions.regions[0]).toEqual({ code: expect.any(String), name: expect.any(String), prefectures: expect.any(Array) });
    const all = body.regions.regions.flatMap((r: { prefectures: { code: number; name: string; path: string }[] }) => r.prefectures);
    expect(all.find((p: { path: string }) => p.path === 'tokyo')).toEqual({ code: 13, name: '東京都', path: 'tokyo' });
    expect(cookie).toMatch(/^_uid=/);
    const eleven = (await call('GET', 'regions?grouping=ELEVEN')).json();
    expect(eleven.regions.regions.length).toBe(11);
    expect((await call('GET', 'regions?grouping=NOPE')).statusCode).toBe(400);
  });

  it('favorites: add, list, conflict, delete, with SPEC §8 errors', async () => {
    const add = await call('POST', 'favorites', { globalKeys: [keys[0], keys[1]] });
    expect(add.json()).toEqual({ addFavorites: { addGlobalKeys: [keys[0], keys[1]], deleteGlobalKeys: [], saved: true } });
    const list = (await call('GET', 'favorites')).json();
    expect(list.count).toBe(2);
    expect(list.favorites.map((f: { globalKey: string }) => f.globalKey).sort()).toEqual([keys[0], keys[1]].sort());
    expect(list.favorites[0].bukken).toMatchObject({
      globalKey: expect.any(String),
      chinryou: expect.any(Number),
      imageGroup: { gaikanUrl: expect.any(String) },
    });
    // A JSON body Apollo cannot coerce (an object for a key): its BAD_USER_INPUT is a 400, never a 500.
    const uncoercible = await call('POST', 'favorites', { globalKeys: [{ key: keys[0] }] });
    expect([uncoercible.statusCode, uncoercible.json().errorCode]).toEqual([400, 'BAD_REQUEST']);
    const conflict = await call('POST', 'favorites', { globalKeys: [keys[0]] });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().errorCode).toBe('CONFLICT');
    const empty = await call('POST', 'favorites', { globalKeys: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errorCode).toBe('BAD_REQUEST');
    const del = await call('DELETE', 'favorites', { globalKeys: [keys[0]] });
    expect(del.json()).toEqual({ deleteFavorites: { deleteGlobalKeys: [keys[0]], saved: true } });
    expect((await call('GET', 'favorites')).json().count).toBe(1);
    // Writes need a JSON body: a cross-site form post cannot make one without a preflight.
    const form = await stack.gateway.inject({
      method: 'POST',
      url: '/api/v4_1/favorites',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'globalKeys=bk000000001',
    });
    expect(form.statusCode).toBe(400);
    expect(form.json()).toEqual({ errorCode: 'BAD_REQUEST', message: '不正なリクエストのため、表示できません。' });
    const broken = await stack.gateway.inject({
      method: 'POST',
      url: '/api/v4_1/favorites',
      headers: { cookie, 'content-type': 'application/json' },
      payload: '{"globalKeys": [',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().errorCode).toBe('BAD_REQUEST');
  });

  it('search conditions, last search condition and texts round-trip', async () => {
    const created = (
      await call('POST', 'search_condition', { prefecturePath: 'tokyo', cityCodes: [13113], searchCondition: { chinryou: { max: 100000 } } })
    ).json();
    expect(created.createSearchCondition).toMatchObject({ saved: true, rest: 19 });
    const saved = (await call('GET', 'search_condition')).json();
    expect(saved.count).toBe(1);
    expect(saved.searchConditions[0].searchPath).toMatch(/^\/search\/tokyo/);
    expect(saved.searchConditions[0].searchText).toContain('渋谷区');
    const texts = (await call('GET', 'search_condition_texts?prefecturePath=tokyo&cityCodes=13113&cityCodes=13104')).json();
    expect(texts.searchConditionTexts.searchText).toContain('渋谷区');
    expect(texts.searchConditionTexts.searchText).toContain('新宿区');
    expect((await call('DELETE', 'search_condition', { deleteIndex: 0 })).json().deleteSearchCondition.status).toBe(true);
    expect((await call('GET', 'search_condition')).json().count).toBe(0);
    const last = (await call('POST', 'last_search_condition', { prefecturePath: 'osaka', searchCondition: { walkMin: 10 } })).json();
    expect(last.setLastSearchCondition.prefectureName).toBe('大阪府');
    expect((await call('GET', 'last_search_condition')).json().lastSearchCondition.searchPath).toBe(last.setLastSearchCondition.searchPath);
  });

  it('search reads: parameter, station suggestions, total count, map info and map listings, recommendations', async () => {
    const param = (await call('GET', 'search_parameter?prefecturePath=tokyo&cityCodes=13113&cityCodes=')).json();
    expect(param.searchParameter).toMatchObject({ prefecturePath: 'tokyo', cityCodes: [13113] });
    const suggest = (await call('GET', `station_suggests?keyword=${encodeURIComponent('しぶや')}`)).json();
    expect(suggest.stationSuggests.map((s: { name: string }) => s.name)).toContain('渋谷');
    const total = (await call('GET', 'bukkens_total_count?prefecturePath=tokyo')).json();
    const { rows } = await stack.stores.search.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM listing WHERE prefecture_code = 13 AND NOT archived');
    expect(total.bukkenTotal.count).toBe(rows[0]?.n);
    const filtered = (
      await call('GET', `bukkens_total_count?prefecturePath=tokyo&searchCondition=${encodeURIComponent(JSON.stringify({ chinryou: { max: 80000 } }))}`)
    ).json();
    expect(filtered.bukkenTotal.count).toBeLessThan(total.bukkenTotal.count);
    expect((await call('GET', 'bukkens_total_count?cityCodes=abc')).statusCode).toBe(400);
    // Beyond GraphQL's 32-bit Int (the fuzz suite's junk limit): a 400, never a 500.
    for (const limit of ['99999999999999999999', '2147483648', '-2147483649']) {
      const res = await call('GET', `map_bukkens?south=35.6&west=139.6&north=35.75&east=139.85&limit=${limit}`);
      expect([limit, res.statusCode, res.json().errorCode]).toEqual([limit, 400, 'BAD_REQUEST']);
    }
    const cells = (await call('GET', 'map_info?level=5&south=35.5&west=139.5&north=35.9&east=139.95')).json();
    expect(cells.mapInfo.length).toBeGreaterThan(0);
    const inCells = cells.mapInfo.reduce((n: number, c: { count: number }) => n + c.count, 0);
    expect(inCells).toBeGreaterThan(0);
    const pins = (await call('GET', 'map_bukkens?south=35.5&west=139.5&north=35.9&east=139.95&limit=20')).json();
    expect(pins.mapBukkens.length).toBeGreaterThan(0);
    expect(pins.mapBukkens[0].latLng).toEqual({ lat: expect.any(Number), lng: expect.any(Number) });
    const rec = (await call('GET', 'prefecture_recommend_bukkens?prefecturePath=tokyo&limit=3')).json();
    expect(rec.prefectureRecommendBukkens.bukkenList.length).toBeGreaterThan(0);
    expect((await call('GET', 'prefecture_recommend_bukkens?prefecturePath=atlantis')).statusCode).toBe(400);
  });

  it('incomplete inquiries, newsletters and A/B tests', async () => {
    await stack.gateway.inject({
      method: 'POST',
      url: '/graphql',
      headers: { cookie, 'content-type': 'application/json' },
      payload: { query: `mutation { startInquiry(globalKeys: ["${keys[2]}", "${keys[3]}"], listKind: building_page_bukken) { globalKeys } }` },
    });
    const incomplete = (await call('GET', 'incomplete_bukkens')).json();
    expect(incomplete.incompleteInquiries.map((i: { globalKey: string }) => i.globalKey).sort()).toEqual([keys[2], keys[3]].sort());
    const removed = (await call('DELETE', 'incomplete_bukkens', { globalKeys: [keys[2], 'bk999999999'] })).json();
    expect(removed.incompleteInquiriesDelete).toEqual({ success: false, notFound: ['bk999999999'] });
    expect((await call('GET', 'incomplete_bukkens')).json().incompleteInquiries).toHaveLength(1);
    const list = (await call('POST', 'news_letter_for_list', { email: 'hanako@example.jp', reviewPeriod: 30 })).json();
    expect(list.registerNewsLetterForList.reviewPeriod).toBe(30);
    const fav = (await call('POST', 'news_letter_for_favorite_history', { email: 'hanako@example.jp' })).json();
    expect(fav.registerNewsLetterForFavoriteHistory.reviewPeriod).toEqual(expect.any(Number));
    const bad = await call('POST', 'news_letter_for_list', { email: 'nope' });
    expect(bad.statusCode).toBe(400);
    const ab = await call('GET', 'ab_test');
    expect(ab.json().abTests.length).toBeGreaterThan(0);
    expect(setCookies(ab).some((c) => /_for_ga_session=.*Max-Age=1800/.test(c))).toBe(true);
    const name = ab.json().abTests[0].name as string;
    const set = await call('POST', 'ab_test', { inputs: [{ name, value: ab.json().abTests[0].value }] });
    expect(set.statusCode).toBe(200);
    // Forcing a variant is for admins only.
    const force = await call('POST', 'ab_test', { inputs: [{ name, value: ab.json().abTests[0].value }], force: true });
    expect(force.statusCode).toBe(400);
  });

  it('health and readiness', async () => {
    expect((await call('GET', 'healthz')).json()).toEqual({ status: 'ok' });
    const ready = await call('GET', 'readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', subgraphs: { search: true, bukken: true, company: true, user: true, forms: true } });
  });
});
