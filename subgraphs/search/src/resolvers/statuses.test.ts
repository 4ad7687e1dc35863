/**
 * Honest statuses (issue 13): a code that names nothing is NOT_FOUND (the shell's 404 page), a page
 * past the last one is NOT_FOUND, a malformed argument is BAD_REQUEST; never an empty 200.
 */
import { MemoryCache } from '@sumika/server-kit';
import { createTestAuth, type TestAuth } from '@sumika/server-kit/testing';
import { testBackends } from '@sumika/storage-kit/testing';
import { closeSeeded, seededStores } from '@sumika/infra/testing/seeded';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { build } from '../app.js';

type Vars = Record<string, unknown>;

const ARGS_DEF = `$prefecturePath: String, $cityCodes: [Int], $townCodes: [Int], $gdCityCode: Int, $stationCodes: [Int], $lineCodes: [Int],
  $specialName: String, $instituteCampusId: Int, $searchCondition: SearchConditionInput`;
const ARGS = `prefecturePath: $prefecturePath, cityCodes: $cityCodes, townCodes: $townCodes, gdCityCode: $gdCityCode, stationCodes: $stationCodes,
  lineCodes: $lineCodes, specialName: $specialName, instituteCampusId: $instituteCampusId, searchCondition: $searchCondition`;
const SEARCH = `query S($page: Int, $perPage: Int, $sort: String, ${ARGS_DEF}) { searchBukkens(page: $page, perPage: $perPage, sort: $sort, ${ARGS}) {
  result { bukkenList { globalKey } bukkenTotal { count } pagination { currentPage totalPages } } } }`;
const COUNT = `query C(${ARGS_DEF}) { searchBukkensCount(${ARGS}) { count } }`;
const TEXTS = `query T(${ARGS_DEF}) { searchConditionTexts(${ARGS}) { searchText } }`;
// The preview takes no campus.
const PREVIEW = `query P(${ARGS_DEF.replace('$instituteCampusId: Int,', '')}) { searchBukkensPreview(${ARGS.replace('instituteCampusId: $instituteCampusId,', '')}) { globalKey } }`;

describe.each(testBackends())('statuses of the search subgraph on $name', (backend) => {
  let stores: Awaited<ReturnType<typeof seededStores>>;
  let app: FastifyInstance;
  let auth: TestAuth;
  let db: Kysely<unknown>;

  const answer = (query: string, variables: Vars = {}) => auth.query<Record<string, unknown>>(app, query, variables);
  const codeOf = async (query: string, variables: Vars = {}) => (await answer(query, variables)).errors?.[0]?.extensions?.code ?? 'OK';
  const one = async <T>(query: string): Promise<T> => (await sql<T>`${sql.raw(query)}`.execute(db)).rows[0]!;

  beforeAll(async () => {
    stores = await seededStores(backend, 600);
    auth = await createTestAuth();
    db = stores.search.db as Kysely<unknown>;
    app = await build({ db: stores.search.db as never, cache: new MemoryCache(), auth: auth.auth });
  });
  afterAll(async () => {
    await app?.close();
    if (stores) await closeSeeded(stores);
  });

  it('answers NOT_FOUND for place codes that name nothing, in every search variant', async () => {
    const unknown: Vars[] = [
      { prefecturePath: 'atlantis' },
      { prefecturePath: 'tokyo', cityCodes: [99999] },
      { cityCodes: [13101, 99999] },
      { townCodes: [1] },
      { lineCodes: [99999] },
      { stationCodes: [999999999] },
      { gdCityCode: 99999 },
      { specialName: 'no-such-special' },
      { instituteCampusId: 987654321 },
    ];
    for (const v of unknown) {
      for (const query of v.instituteCampusId ? [SEARCH, COUNT, TEXTS] : [SEARCH, COUNT, TEXTS, PREVIEW]) {
        expect([query.slice(6, 7), v, await codeOf(query, v)]).toEqual([query.slice(6, 7), v, 'NOT_FOUND']);
      }
    }
  });

  it('answers NOT_FOUND for a place outside the prefecture of the path', async () => {
    const osakaCity = await one<{ code: number }>(`SELECT code FROM city WHERE prefecture_code = 27 AND searchable ORDER BY code LIMIT 1`);
    expect(await codeOf(SEARCH, { prefecturePath: 'tokyo', cityCodes: [osakaCity.code] })).toBe('NOT_FOUND');
    const osakaStation = await one<{ code: number }>(
      `SELECT s.code FROM station s JOIN station_group g ON g.code = s.group_code WHERE g.prefecture_code = 27 ORDER BY s.code LIMIT 1`,
    );
    expect(await codeOf(SEARCH, { prefecturePath: 'tokyo', stationCodes: [osakaStation.code] })).toBe('NOT_FOUND');
    // The same codes with their own prefecture are fine.
    expect(await codeOf(SEARCH, { prefecturePath: 'osaka', cityCodes: [osakaCity.code] })).toBe('OK');
    expect(await codeOf(SEARCH, { prefecturePath: 'osaka', stationCodes: [osakaStation.code] })).toBe('OK');
  });

  it('answers NOT_FOUND for a page past the last, and BAD_REQUEST for a page that cannot exist', async () => {
    const first = (await answer(SEARCH, { prefecturePath: 'tokyo', perPage: 10 })).data as {
      searchBukkens: { result: { pagination: { totalPages: number } } };
    };
    const last = first.searchBukkens.result.pagination.totalPages;
    expect(last).toBeGreaterThan(1);
    expect(await codeOf(SEARCH, { prefecturePath: 'tokyo', perPage: 10, page: last })).toBe('OK');
    expect(await codeOf(SEARCH, { prefecturePath: 'tokyo', perPage: 10, page: last + 1 })).toBe('NOT_FOUND');
    expect(await codeOf(SEARCH, { prefecturePath: 'tokyo', perPage: 10, page: 9999 })).toBe('NOT_FOUND');
    // No match at all: page 1 is the honest empty answer (and not a 404).
    expect(await codeOf(SEARCH, { prefecturePath: 'tokyo', searchCondition: { chinryou: { max: 1 } } })).toBe('OK');
    for (const page of [0, -1, -2147483648]) expect([page, await codeOf(SEARCH, { prefecturePath: 'tokyo', page })]).toEqual([page, 'BAD_REQUEST']);
    // A page beyond what an offset can address is refused before any count.
    expect(await codeOf(SEARCH, { prefecturePath: 'tokyo', page: 2147483647 })).toBe('BAD_REQUEST');
    expect(await codeOf(SEARCH, { page: 1.5 })).toBe('BAD_REQUEST');
  });

  it('answers NOT_FOUND for pages past the last of a store, an archive and a town', async () => {
    const store = await one<{ store_id: number; n: number }>(
      `SELECT store_id, count(*)::int AS n FROM listing WHERE NOT archived GROUP BY store_id ORDER BY n DESC LIMIT 1`,
    );
    const companyKey = `st${String(store.store_id).padStart(6, '0')}`;
    const BY_COMPANY = `query B($k: String!, $p: Int) { bukkensByCompany(companyKey: $k, page: $p, perPage: 1) { pagination { totalPages } } }`;
    expect(await codeOf(BY_COMPANY, { k: companyKey, p: store.n })).toBe('OK');
    expect(await codeOf(BY_COMPANY, { k: companyKey, p: store.n + 1 })).toBe('NOT_FOUND');

    const town = await one<{ town_code: number; n: number }>(
      `SELECT town_code, count(*)::int AS n FROM listing WHERE NOT archived AND town_code IS NOT NULL GROUP BY town_code ORDER BY n DESC LIMIT 1`,
    );
    const TOWN = `query T($t: Int!, $p: Int) { sitemapTown(townCode: $t, page: $p) { pagination { totalPages } } }`;
    expect(await codeOf(TOWN, { t: town.town_code, p: 1 })).toBe('OK');
    expect(await codeOf(TOWN, { t: town.town_code, p: 9999 })).toBe('NOT_FOUND');

    const archived = await one<{ prefecture_code: number; city_code: number }>(
      `SELECT prefecture_code, city_code FROM listing WHERE archived ORDER BY id LIMIT 1`,
    );
    const { rows } = await sql<{ path: string }>`SELECT path FROM prefecture WHERE code = ${archived.prefecture_code}`.execute(db);
    const ARCHIVE = `query A($pp: String!, $c: Int, $p: Int) { archiveList(prefecturePath: $pp, cityCode: $c, page: $p) { pagination { totalPages } } }`;
    expect(await codeOf(ARCHIVE, { pp: rows[0]!.path, c: archived.city_code, p: 1 })).toBe('OK');
    expect(await codeOf(ARCHIVE, { pp: rows[0]!.path, c: archived.city_code, p: 9999 })).toBe('NOT_FOUND');
  });

  it('answers NOT_FOUND for unknown codes on the area, line, topic and campus pages', async () => {
    const cases: [string, Vars][] = [
      ['{ cities(prefecturePath: "atlantis") { code } }', {}],
      ['{ railways(prefecturePath: "atlantis") { code } }', {}],
      ['{ stations(prefecturePath: "tokyo", lineCode: 99999) { code } }', {}],
      ['{ towns(cityCode: 99999) { code } }', {}],
      ['{ archiveCities(prefecturePath: "atlantis") { code } }', {}],
      ['{ archiveLineStations(prefecturePath: "tokyo", lineCode: 99999) { code } }', {}],
      ['{ sitemapPrefecture(prefecturePath: "atlantis") { path } }', {}],
      ['{ sitemapCity(cityCode: 99999) { path } }', {}],
      ['{ sitemapTown(townCode: 1) { pagination { totalPages } } }', {}],
      ['{ specialRecommendBukkens(specialName: "no-such-special") { pickups { globalKey } } }', {}],
      ['{ nearStationsForCampusBukkenCounts(instituteCampusId: 987654321) { code } }', {}],
      ['{ institutes(prefecturePath: "atlantis") { id } }', {}],
      ['{ nminStations(prefecturePath: "atlantis", destinationStationCode: 1130101, minutes: 30) { code } }', {}],
      ['{ nminStations(prefecturePath: "tokyo", destinationStationCode: 999999999, minutes: 30) { code } }', {}],
      ['{ archiveList(prefecturePath: "atlantis", cityCode: 13101) { pagination { totalPages } } }', {}],
    ];
    for (const [query, v] of cases) expect([query, await codeOf(query, v)]).toEqual([query, 'NOT_FOUND']);
  });
});
