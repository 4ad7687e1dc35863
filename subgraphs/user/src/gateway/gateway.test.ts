import { AppError } from '@sumika/server-kit';
import { gatewayAlertSource } from './alert-source.js';
import { gatewayClient, GatewayUnavailable, type GraphQLRequester } from './client.js';
import { gatewaySearchDescriber } from './search-describer.js';

/** A requester that records operations and answers from a function. */
function fakeRequester(answer: (query: string, vars: Record<string, unknown>) => unknown) {
  const calls: { query: string; vars: Record<string, unknown> }[] = [];
  const request = (async (query: string, vars: Record<string, unknown> = {}) => {
    calls.push({ query, vars });
    return answer(query, vars);
  }) as GraphQLRequester;
  return { request, calls };
}

const jsonResponse = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('gateway client', () => {
  it('posts the operation and returns data', async () => {
    let seen: { url: string; body: unknown } | undefined;
    const request = gatewayClient({
      url: 'http://gw.test/graphql',
      fetch: (async (url: string, init: RequestInit) => {
        seen = { url, body: JSON.parse(String(init.body)) };
        return jsonResponse(200, { data: { ok: 1 } });
      }) as typeof fetch,
    });
    expect(await request('{ ok }', { a: 1 })).toEqual({ ok: 1 });
    expect(seen).toEqual({ url: 'http://gw.test/graphql', body: { query: '{ ok }', variables: { a: 1 } } });
  });

  it('maps SPEC §8 codes to AppError and everything else to GatewayUnavailable', async () => {
    const answering = (res: () => Response | Promise<Response>) => gatewayClient({ fetch: (async () => res()) as typeof fetch });
    await expect(
      answering(() => jsonResponse(200, { data: null, errors: [{ message: '指定された特集が見つかりません。', extensions: { code: 'NOT_FOUND' } }] }))('{ x }'),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      answering(() => jsonResponse(200, { errors: [{ message: 'boom', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] }))('{ x }'),
    ).rejects.toBeInstanceOf(GatewayUnavailable);
    await expect(answering(() => new Response('<html>', { status: 502 }))('{ x }')).rejects.toBeInstanceOf(GatewayUnavailable);
    await expect(answering(() => jsonResponse(503, {}))('{ x }')).rejects.toBeInstanceOf(GatewayUnavailable);
    await expect(answering(() => Promise.reject(new TypeError('fetch failed')))('{ x }')).rejects.toBeInstanceOf(GatewayUnavailable);
    const err = await answering(() => jsonResponse(200, { errors: [{ message: 'bad', extensions: { code: 'BAD_REQUEST' } }] }))('{ x }').catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
  });
});

describe('gateway search describer', () => {
  it('asks searchConditionTexts and the names, including only what the search has', async () => {
    const { request, calls } = fakeRequester(() => ({
      all: { searchText: '東京都 千代田区 / 賃料8万円以下', conditionText: '賃料8万円以下' },
      cities: { placeText: '千代田区' },
      linesStations: { placeText: '' },
      prefecture: { name: '東京都' },
    }));
    const texts = await gatewaySearchDescriber(request).describe({
      prefecturePath: 'tokyo',
      cityCodes: [13101],
      searchCondition: { chinryou: { max: 80000 } },
    });
    expect(texts).toEqual({
      searchText: '東京都 千代田区 / 賃料8万円以下',
      conditionText: '賃料8万円以下',
      prefectureName: '東京都',
      gdCityName: null,
      citiesShortName: '千代田区',
      linesStationsName: null,
      specialName: null,
    });
    // A search of places only has no conditions: the balloon says 指定なし.
    const placesOnly = await gatewaySearchDescriber(request).describe({ prefecturePath: 'tokyo', cityCodes: [13101] });
    expect(placesOnly.conditionText).toBeNull();
    expect(calls[0]?.vars).toMatchObject({
      prefecturePath: 'tokyo',
      cityCodes: [13101],
      pref: 'tokyo',
      hasPref: true,
      hasGd: false,
      hasSpecial: false,
      gd: 0,
      special: '',
    });
    expect(calls[0]?.query).toContain('searchConditionTexts(');
  });
});

describe('gateway alert source', () => {
  it('reads rents 100 keys at a time; archived or unknown listings are null', async () => {
    const { request, calls } = fakeRequester((_q, vars) => ({
      bukkens: (vars.keys as string[]).map((k, i) => (i % 3 === 2 ? null : { globalKey: k, chinryou: 50000 + i, archived: i % 3 === 1 })),
    }));
    const keys = Array.from({ length: 150 }, (_, i) => `bk${String(i + 1).padStart(9, '0')}`);
    const rents = await gatewayAlertSource(request).currentRents(keys);
    expect(calls.map((c) => (c.vars.keys as string[]).length)).toEqual([100, 50]);
    expect(rents.get('bk000000001')).toBe(50000);
    expect(rents.get('bk000000002')).toBeNull();
    expect(rents.get('bk000000003')).toBeNull();
    expect(rents.size).toBe(150);
  });

  it('counts arrivals after `since` over newest-first pages, stopping at the first older listing', async () => {
    const since = new Date('2026-11-01T00:00:00Z');
    const at = (minutes: number) => new Date(since.getTime() + minutes * 60_000).toISOString();
    const pages: Record<number, { globalKey: string; arrivedAt: string }[]> = {
      1: Array.from({ length: 100 }, (_, i) => ({ globalKey: `bk${String(i + 1).padStart(9, '0')}`, arrivedAt: at(500 - i) })),
      2: [
        { globalKey: 'bk000000900', arrivedAt: at(3) },
        { globalKey: 'bk000000901', arrivedAt: at(-1) },
      ],
    };
    const { request, calls } = fakeRequester((_q, vars) => ({
      searchBukkens: {
        result: { bukkenList: pages[vars.page as number] ?? [], pagination: { nextPage: (vars.page as number) < 3 ? (vars.page as number) + 1 : null } },
      },
    }));
    const r = await gatewayAlertSource(request).newListings({ prefecturePath: 'tokyo', cityCodes: [13101] }, since);
    expect(r.count).toBe(101);
    expect(r.globalKeys).toHaveLength(10);
    expect(r.globalKeys[0]).toBe('bk000000001');
    expect(calls).toHaveLength(2);
    expect(calls[0]?.vars).toMatchObject({ prefecturePath: 'tokyo', cityCodes: [13101], page: 1, perPage: 100 });
    expect(calls[0]?.query).toContain('sort: "arrived_at_desc"');
    // With an upper bound, later arrivals are left out: page 1 (minutes 401–500) all are; page 2 gives one.
    const bounded = await gatewayAlertSource(request).newListings({ prefecturePath: 'tokyo' }, since, new Date(at(400)));
    expect(bounded).toEqual({ count: 1, globalKeys: ['bk000000900'] });
  });
});
