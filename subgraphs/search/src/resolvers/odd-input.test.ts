/**
 * Odd but legal input never crashes a resolver or a repository (issue 13): LIKE wildcards, emoji,
 * lone surrogates, 10,000-character words, boundary numbers and empty lists give data or a 4xx code
 * (BAD_REQUEST, NOT_FOUND), never INTERNAL_SERVER_ERROR. Control characters are the shared input
 * rule's (the kit refuses them before any resolver).
 */
import { MemoryCache } from '@sumika/server-kit';
import { createTestAuth, ODD_STRINGS, type TestAuth } from '@sumika/server-kit/testing';
import { testBackends } from '@sumika/storage-kit/testing';
import { closeSeeded, seededStores } from '@sumika/infra/testing/seeded';
import type { FastifyInstance } from 'fastify';
import { build } from '../app.js';

const ODD_INTS = [-2147483648, -1, 0, 1, 2147483647];
const ALLOWED = new Set(['BAD_REQUEST', 'NOT_FOUND']);

describe.each(testBackends())('odd input to the search subgraph on $name', (backend) => {
  let stores: Awaited<ReturnType<typeof seededStores>>;
  let app: FastifyInstance;
  let auth: TestAuth;

  beforeAll(async () => {
    stores = await seededStores(backend, 300);
    auth = await createTestAuth();
    app = await build({ db: stores.search.db as never, cache: new MemoryCache(), auth: auth.auth });
  });
  afterAll(async () => {
    await app?.close();
    if (stores) await closeSeeded(stores);
  });

  /** Every call answers below 500 with data or only 4xx codes; the failures, described. */
  async function failures(query: string, variableSets: Record<string, unknown>[]): Promise<string[]> {
    const out: string[] = [];
    for (const variables of variableSets) {
      const res = await auth.inject(app, query, variables);
      const body = res.json<{ data?: unknown; errors?: { extensions?: { code?: string } }[] }>();
      const codes = (body.errors ?? []).map((e) => e.extensions?.code ?? 'NONE');
      if (res.statusCode >= 500 || codes.some((c) => !ALLOWED.has(c)) || (body.data == null && codes.length === 0)) {
        out.push(`${res.statusCode} ${codes.join(',')} ${JSON.stringify(variables).slice(0, 80)}`);
      }
    }
    return out;
  }
  const eachString = (name: string, extra: Record<string, unknown> = {}) => ODD_STRINGS.map((s) => ({ ...extra, [name]: s }));
  const eachInt = (name: string, extra: Record<string, unknown> = {}) => ODD_INTS.map((n) => ({ ...extra, [name]: n }));

  it('searches free words, conditions and sorts', async () => {
    const SEARCH = `query S($c: SearchConditionInput, $sort: String, $page: Int, $perPage: Int, $pref: String, $special: String, $cities: [Int], $stations: [Int]) {
      searchBukkens(searchCondition: $c, sort: $sort, page: $page, perPage: $perPage, prefecturePath: $pref, specialName: $special, cityCodes: $cities, stationCodes: $stations) {
        result { bukkenList { globalKey } bukkenTotal { count } pagination { totalPages } } searchConditionTexts { searchText } facets { conditions { count } cities { count } } } }`;
    const cases = [
      ...ODD_STRINGS.map((word) => ({ c: { word } })),
      ...ODD_STRINGS.map((s) => ({ c: { other: [s, '201'], buildingTypes: [s], chinryou: { noReikin: s, noShikikin: s } } })),
      ...ODD_STRINGS.map((s) => ({ c: { plans: { min: s } } })),
      ...eachString('sort'),
      ...eachString('pref'),
      ...eachString('special'),
      ...eachInt('page'),
      ...eachInt('perPage'),
      ...ODD_INTS.map((n) => ({ c: { walkMin: n, builtYear: n, chinryou: { min: n }, area: { max: n } } })),
      { c: { area: { min: 1e308 } } },
      { c: { other: [], buildingTypes: [], word: null } },
      { cities: [], stations: [] },
      { cities: [null], stations: [null, null] },
      { cities: ODD_INTS, stations: ODD_INTS },
      { cities: Array.from({ length: 501 }, (_, i) => 13101 + i) },
    ];
    expect(await failures(SEARCH, cases)).toEqual([]);
  });

  it('suggests stations, finds places, specials and campuses', async () => {
    expect(
      await failures(`query Q($k: String!, $p: String) { stationSuggests(keyword: $k, prefecturePath: $p) { name } }`, [
        ...eachString('k'),
        ...eachString('p', { k: 'しぶ' }),
      ]),
    ).toEqual([]);
    expect(
      await failures(
        `query Q($s: String!, $p: String) { specialInfo(specialName: $s) { name prefDesc(prefecturePath: $p) bukkenCount(prefecturePath: $p) } }`,
        [...eachString('s'), ...eachString('p', { s: 'pet' })],
      ),
    ).toEqual([]);
    expect(
      await failures(
        `query Q($p: String!) { prefecture(path: $p) { code } cities(prefecturePath: $p) { code } railways(prefecturePath: $p) { code } }`,
        eachString('p'),
      ),
    ).toEqual([]);
    expect(
      await failures(`query Q($p: String, $i: String) { institutes(prefecturePath: $p, initial: $i) { id } }`, [...eachString('p'), ...eachString('i')]),
    ).toEqual([]);
    expect(
      await failures(
        `query Q($c: Int!) { city(code: $c) { code } towns(cityCode: $c) { code } line(code: $c) { code } campus(id: $c) { id } cityLivability(cityCode: $c) { bukkenCount } stationLivability(stationGroupCode: $c) { bukkenCount } }`,
        eachInt('c'),
      ),
    ).toEqual([]);
    expect(
      await failures(
        `query Q($p: String!, $l: Int!) { stations(prefecturePath: $p, lineCode: $l) { code } archiveLineStations(prefecturePath: $p, lineCode: $l) { code } }`,
        [...eachString('p', { l: 11302 }), ...eachInt('l', { p: 'tokyo' })],
      ),
    ).toEqual([]);
    expect(
      await failures(`query Q($p: String!, $d: Int!, $m: Int!) { nminStations(prefecturePath: $p, destinationStationCode: $d, minutes: $m) { code } }`, [
        ...eachString('p', { d: 1130205, m: 30 }),
        ...eachInt('d', { p: 'tokyo', m: 30 }),
        ...eachInt('m', { p: 'tokyo', d: 1130205 }),
      ]),
    ).toEqual([]);
  });

  it('pages stores, archives, sitemaps, previews and maps', async () => {
    expect(
      await failures(`query Q($k: String!, $p: Int, $n: Int) { bukkensByCompany(companyKey: $k, page: $p, perPage: $n) { bukkenTotal { count } } }`, [
        ...eachString('k'),
        ...eachInt('p', { k: 'st000001' }),
        ...eachInt('n', { k: 'st000001' }),
      ]),
    ).toEqual([]);
    expect(
      await failures(`query Q($t: Int!, $p: Int) { sitemapTown(townCode: $t, page: $p) { bukkenTotal { count } } }`, [
        ...eachInt('t'),
        ...eachInt('p', { t: 1 }),
      ]),
    ).toEqual([]);
    expect(
      await failures(
        `query Q($pp: String!, $c: Int, $s: Int, $p: Int) { archiveList(prefecturePath: $pp, cityCode: $c, stationCode: $s, page: $p) { bukkenTotal { count } } }`,
        [...eachString('pp', { c: 13101 }), ...eachInt('c', { pp: 'tokyo' }), ...eachInt('p', { pp: 'tokyo', c: 13101 })],
      ),
    ).toEqual([]);
    expect(await failures(`query Q($l: Int) { searchBukkensPreview(limit: $l, prefecturePath: "tokyo") { globalKey } }`, eachInt('l'))).toEqual([]);
    expect(
      await failures(`query Q($g: String, $l: Int) { mapBukkens(geoHex: $g, limit: $l) { globalKey } }`, [
        ...eachString('g'),
        ...eachInt('l', { g: 'XM4885487' }),
      ]),
    ).toEqual([]);
    const box = { s: 35.6, w: 139.6, n: 35.7, e: 139.8 };
    expect(
      await failures(
        `query Q($lv: Int!, $s: Float!, $w: Float!, $n: Float!, $e: Float!) { mapInfo(level: $lv, south: $s, west: $w, north: $n, east: $e) { count } }`,
        [...eachInt('lv', box), { lv: 7, s: -90, w: -180, n: 90, e: 180 }, { lv: 7, s: 1e308, w: -1e308, n: 1e308, e: 1e308 }, { lv: 15, ...box }],
      ),
    ).toEqual([]);
    expect(
      await failures(
        `query Q($c: [Int], $t: [Int], $l: [Int], $s: [Int], $p: String) { searchParameter(prefecturePath: $p, cityCodes: $c, townCodes: $t, lineCodes: $l, stationCodes: $s) { cityCodes } }`,
        [{ c: [], t: [], l: [], s: [] }, { c: ODD_INTS, t: ODD_INTS, l: ODD_INTS, s: ODD_INTS }, ...eachString('p')],
      ),
    ).toEqual([]);
  });
});
