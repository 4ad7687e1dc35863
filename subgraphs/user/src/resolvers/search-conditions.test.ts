import { sql } from 'kysely';
import { testBackends } from '@sumika/storage-kit/testing';
import { SEARCH_CONDITION_LIMIT } from '../constants.js';
import { normaliseSearchArgs } from '../domain/search-args.js';
import { searchArgsFromPath, searchPathOf } from '../domain/search-path.js';
import { fakeTexts, openHarness, type Harness } from '../testing/harness.js';

const ARGS_DEF = `$prefecturePath: String, $cityCodes: [Int], $townCodes: [Int], $gdCityCode: Int, $stationCodes: [Int], $lineCodes: [Int],
  $specialName: String, $instituteCampusId: Int, $destinationStations: [DestinationStationInput!], $searchCondition: SearchConditionInput`;
const ARGS = `prefecturePath: $prefecturePath, cityCodes: $cityCodes, townCodes: $townCodes, gdCityCode: $gdCityCode, stationCodes: $stationCodes,
  lineCodes: $lineCodes, specialName: $specialName, instituteCampusId: $instituteCampusId, destinationStations: $destinationStations, searchCondition: $searchCondition`;
const SAVED = `id index searchPath searchText conditionText prefectureName gdCityName citiesShortName linesStationsName specialName createdAt
  arguments { prefecturePath cityCodes townCodes gdCityCode stationCodes lineCodes specialName instituteCampusId
    destinationStations { stationCode maxMinutes maxTransfers }
    searchCondition { buildingTypes chinryou { min max includeKanrihi noReikin noShikikin } plans { min max } area { min max } walkMin builtYear other word } }`;
const CREATE = `mutation(${ARGS_DEF}) { createSearchCondition(${ARGS}) { rest saved searchCondition { ${SAVED} } } }`;
const LAST = `mutation(${ARGS_DEF}) { setLastSearchCondition(${ARGS}) { searchPath searchText conditionText prefectureName gdCityName citiesShortName linesStationsName specialName } }`;
const LIST = `{ user { searchConditions { ${SAVED} } stockCount { search } lastSearchCondition { searchPath searchText prefectureName citiesShortName } } }`;
const DELETE = 'mutation($i: Int, $id: ID) { deleteSearchCondition(deleteIndex: $i, id: $id) { status rest } }';

interface Saved {
  id: string;
  index: number;
  searchPath: string;
  searchText: string;
  prefectureName: string | null;
  citiesShortName: string | null;
  arguments: Record<string, unknown>;
}
type CreateResult = { createSearchCondition: { rest: number; saved: boolean; searchCondition: Saved } };
type ListResult = { user: { searchConditions: Saved[]; stockCount: { search: number }; lastSearchCondition: Record<string, unknown> | null } };

const SHIBUYA = {
  prefecturePath: 'tokyo',
  cityCodes: [13113],
  searchCondition: { chinryou: { max: 80000, noReikin: 'true' }, plans: { min: '1K', max: '1LDK' }, other: ['3', '', '12'] },
};

describe.each(testBackends())('saved search conditions on $name', (backend) => {
  let h: Harness;

  beforeAll(async () => {
    h = await openHarness(backend);
  });
  afterAll(async () => {
    await h.close();
  });
  beforeEach(() => {
    h.describer.down = false;
  });

  const create = (uid: string, vars: Record<string, unknown>) => h.auth.query<CreateResult>(h.app, CREATE, vars, uid);
  const list = async (uid: string) => {
    const res = await h.auth.query<ListResult>(h.app, LIST, {}, uid);
    expect(res.errors).toBeUndefined();
    return res.data!.user;
  };

  it('saves the searchBukkens arguments and renders them back to the same search URL and text', async () => {
    const uid = await h.visitor();
    const res = await create(uid, SHIBUYA);
    expect(res.errors).toBeUndefined();
    const saved = res.data!.createSearchCondition;
    const args = normaliseSearchArgs(SHIBUYA);
    expect(saved.rest).toBe(SEARCH_CONDITION_LIMIT - 1);
    expect(saved.saved).toBe(true);
    expect(saved.searchCondition.searchPath).toBe('/search/tokyo/city/13113?chinryou_max=80000&no_reikin=true&plan_min=1K&plan_max=1LDK&other=3&other=12');
    expect(searchArgsFromPath(saved.searchCondition.searchPath)).toEqual(args);
    expect(saved.searchCondition).toMatchObject({ index: 0, ...fakeTexts(args) });
    expect(saved.searchCondition.arguments).toEqual({
      prefecturePath: 'tokyo',
      cityCodes: [13113],
      townCodes: [],
      gdCityCode: null,
      stationCodes: [],
      lineCodes: [],
      specialName: null,
      instituteCampusId: null,
      destinationStations: [],
      searchCondition: {
        buildingTypes: [],
        chinryou: { min: null, max: 80000, includeKanrihi: null, noReikin: 'true', noShikikin: null },
        plans: { min: '1K', max: '1LDK' },
        area: null,
        walkMin: null,
        builtYear: null,
        other: ['3', '12'],
        word: null,
      },
    });
    // Read back later it is the same.
    const user = await list(uid);
    expect(user.searchConditions).toEqual([saved.searchCondition]);
    expect(user.stockCount.search).toBe(1);
  });

  it('identical searches are saved once, whatever the order of codes', async () => {
    const uid = await h.visitor();
    await create(uid, { prefecturePath: 'tokyo', cityCodes: [13101, 13104] });
    const again = await create(uid, { cityCodes: [13104, 13101, null], prefecturePath: 'tokyo', searchCondition: { other: [''] } });
    expect(again.errors).toBeUndefined();
    expect(again.data?.createSearchCondition).toMatchObject({ saved: false, rest: SEARCH_CONDITION_LIMIT - 1 });
    expect((await list(uid)).searchConditions).toHaveLength(1);
  });

  it(`OVER_LIMIT with a clear message past ${SEARCH_CONDITION_LIMIT}; a duplicate at the limit is still fine`, async () => {
    const uid = await h.visitor();
    for (let i = 0; i < SEARCH_CONDITION_LIMIT; i++) {
      const r = await create(uid, { prefecturePath: 'tokyo', cityCodes: [13101 + i] });
      expect(r.data?.createSearchCondition.rest).toBe(SEARCH_CONDITION_LIMIT - 1 - i);
    }
    const over = await create(uid, { prefecturePath: 'osaka' });
    expect(over.errors?.[0]?.extensions).toMatchObject({ code: 'OVER_LIMIT', limit: SEARCH_CONDITION_LIMIT });
    expect(over.errors?.[0]?.message).toBe(`保存できる検索条件は${SEARCH_CONDITION_LIMIT}件までです。不要な検索条件を削除してから保存してください。`);
    const dup = await create(uid, { prefecturePath: 'tokyo', cityCodes: [13101] });
    expect(dup.data?.createSearchCondition).toMatchObject({ saved: false, rest: 0 });
  });

  it('concurrent saves never pass the limit', async () => {
    const uid = await h.visitor();
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => create(uid, { prefecturePath: 'tokyo', cityCodes: [14000 + i] })));
    expect(results.filter((r) => !r.errors)).toHaveLength(SEARCH_CONDITION_LIMIT);
    expect(results.filter((r) => r.errors?.[0]?.extensions?.code === 'OVER_LIMIT')).toHaveLength(30 - SEARCH_CONDITION_LIMIT);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM search_condition WHERE uid = ${uid}`.execute(h.db);
    expect(rows[0]?.n).toBe(SEARCH_CONDITION_LIMIT);
  });

  it('lists newest first; deleteSearchCondition by index or id; NOT_FOUND otherwise', async () => {
    const uid = await h.visitor();
    for (const code of [13101, 13102, 13103]) await create(uid, { prefecturePath: 'tokyo', cityCodes: [code] });
    let user = await list(uid);
    expect(user.searchConditions.map((s) => [s.index, s.searchPath])).toEqual([
      [0, '/search/tokyo/city/13103'],
      [1, '/search/tokyo/city/13102'],
      [2, '/search/tokyo/city/13101'],
    ]);
    const byIndex = await h.auth.query<{ deleteSearchCondition: { status: boolean; rest: number } }>(h.app, DELETE, { i: 1 }, uid);
    expect(byIndex.data?.deleteSearchCondition).toEqual({ status: true, rest: SEARCH_CONDITION_LIMIT - 2 });
    user = await list(uid);
    expect(user.searchConditions.map((s) => s.searchPath)).toEqual(['/search/tokyo/city/13103', '/search/tokyo/city/13101']);
    const byId = await h.auth.query(h.app, DELETE, { id: user.searchConditions[1]!.id }, uid);
    expect(byId.errors).toBeUndefined();
    expect((await list(uid)).searchConditions.map((s) => s.searchPath)).toEqual(['/search/tokyo/city/13103']);

    for (const vars of [{ i: 5 }, { i: -1 }, { id: '999999999' }, { id: 'x' }]) {
      expect((await h.auth.query(h.app, DELETE, vars, uid)).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    }
    for (const vars of [{}, { i: 0, id: '1' }]) {
      expect((await h.auth.query(h.app, DELETE, vars, uid)).errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    }
  });

  it("an empty search or a malformed one is BAD_REQUEST; the search subgraph's verdicts pass through", async () => {
    const uid = await h.visitor();
    expect((await create(uid, {})).errors?.[0]?.message).toBe('保存する検索条件を指定してください。');
    expect((await create(uid, { prefecturePath: 'atlantis' })).errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    expect((await create(uid, { searchCondition: { chinryou: { min: 9, max: 1 } } })).errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    const describe = h.describer.describe.bind(h.describer);
    const { AppError } = await import('@sumika/server-kit');
    h.describer.describe = async () => {
      throw new AppError('NOT_FOUND', '指定された特集が見つかりません。');
    };
    try {
      const res = await create(uid, { prefecturePath: 'tokyo', specialName: 'no-such' });
      expect(res.errors?.[0]).toMatchObject({ message: '指定された特集が見つかりません。', extensions: { code: 'NOT_FOUND' } });
      expect((await list(uid)).searchConditions).toEqual([]);
    } finally {
      h.describer.describe = describe;
    }
  });

  it('saves even when the search subgraph cannot be asked, and fills the texts in on a later read', async () => {
    const uid = await h.visitor();
    h.describer.down = true;
    const res = await create(uid, { prefecturePath: 'osaka', cityCodes: [27127] });
    expect(res.errors).toBeUndefined();
    expect(res.data?.createSearchCondition.searchCondition).toMatchObject({ searchPath: '/search/osaka/city/27127', searchText: '' });
    h.describer.down = false;
    const user = await list(uid);
    expect(user.searchConditions[0]).toMatchObject({ searchText: '大阪府 市区27127', prefectureName: '大阪府' });
    const calls = h.describer.calls;
    await list(uid);
    expect(h.describer.calls).toBe(calls); // saved: not asked again
  });

  it('setLastSearchCondition keeps the URL and the balloon names', async () => {
    const uid = await h.visitor();
    const vars = { prefecturePath: 'tokyo', lineCodes: [11302], stationCodes: [1130205], specialName: 'pet', gdCityCode: 13100 };
    const res = await h.auth.query<{ setLastSearchCondition: Record<string, unknown> }>(h.app, LAST, vars, uid);
    expect(res.errors).toBeUndefined();
    const args = normaliseSearchArgs(vars);
    expect(res.data?.setLastSearchCondition).toEqual({ searchPath: searchPathOf(args), ...fakeTexts(args) });
    expect(res.data?.setLastSearchCondition.searchPath).toBe('/search/tokyo/line/11302/station/1130205?gd_city=13100&topic=pet');
    const user = await list(uid);
    expect(user.lastSearchCondition).toEqual({
      searchPath: searchPathOf(args),
      searchText: fakeTexts(args).searchText,
      prefectureName: '東京都',
      citiesShortName: null,
    });
    // A later search replaces it.
    await h.auth.query(h.app, LAST, { prefecturePath: 'osaka' }, uid);
    expect((await list(uid)).lastSearchCondition?.searchPath).toBe('/search/results?pref=osaka');
  });
});
