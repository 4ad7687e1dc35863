import { MemoryCache } from '@sumika/server-kit';
import { createTestAuth, type TestAuth } from '@sumika/server-kit/testing';
import { testBackends } from '@sumika/storage-kit/testing';
import { closeSeeded, seededStores } from '@sumika/infra/testing/seeded';
import type { FastifyInstance } from 'fastify';
import { Kysely, PostgresDialect } from 'kysely';
import { build } from '../app.js';
import type { DB } from '../repositories/db.js';

type Stores = Awaited<ReturnType<typeof seededStores>>;

describe.each(testBackends())('master lists on $name', (backend) => {
  let stores: Stores;
  let app: FastifyInstance;
  let auth: TestAuth;
  const queries: string[] = [];

  beforeAll(async () => {
    stores = await seededStores(backend, 1000);
    auth = await createTestAuth();
    const db = new Kysely<DB>({
      dialect: new PostgresDialect({ pool: stores.search.pool }),
      log: (e) => {
        if (e.level === 'query') queries.push(e.query.sql);
      },
    });
    app = await build({ db, cache: new MemoryCache(), auth: auth.auth });
  });
  afterAll(async () => {
    await app?.close();
    if (stores) await closeSeeded(stores);
  });

  it('lists condition groups in order with their conditions', async () => {
    const res = await auth.query<{ conditions: { key: string; name: string; conditions: { code: number; name: string; path: string; group: string }[] }[] }>(
      app,
      '{ conditions { key name conditions { code name path group } } }',
    );
    expect(res.errors).toBeUndefined();
    const groups = res.data?.conditions ?? [];
    expect(groups.map((g) => g.key)).toEqual([
      'airConditionings',
      'baths',
      'conditions',
      'locations',
      'otherConditions',
      'securities',
      'kitchens',
      'facilities',
      'storageSpaces',
    ]);
    expect(groups.map((g) => g.name)).toEqual(stores.master.conditionGroups.map((g) => g.name));
    for (const g of groups) {
      const codes = stores.master.conditionCodes.filter((c) => c.groupKey === g.key).sort((a, b) => a.sort - b.sort);
      expect(g.conditions).toEqual(codes.map((c) => ({ code: c.code, name: c.name, path: c.path, group: g.key })));
    }
    expect(groups[0]?.conditions[0]).toEqual({ code: 101, name: 'エアコン付', path: 'air-conditioner', group: 'airConditionings' });
  });

  it('resolves Condition entities in one batch', async () => {
    queries.length = 0;
    const res = await auth.query<{ _entities: unknown[] }>(
      app,
      'query ($r: [_Any!]!) { _entities(representations: $r) { ... on Condition { code name group } } }',
      {
        r: [
          { __typename: 'Condition', code: 301 },
          { __typename: 'Condition', code: 101 },
          { __typename: 'Condition', code: 9999 },
        ],
      },
    );
    expect(res.errors).toBeUndefined();
    const c301 = stores.master.conditionCodes.find((c) => c.code === 301);
    expect(res.data?._entities).toEqual([
      { code: 301, name: c301?.name, group: c301?.groupKey },
      { code: 101, name: 'エアコン付', group: 'airConditionings' },
      null,
    ]);
    expect(queries.filter((q) => /from\s+"condition_code"/i.test(q))).toHaveLength(1);
  });

  it('lists specials in order with their texts and FAQ', async () => {
    const res = await auth.query<{
      specials: {
        path: string;
        name: string;
        title: string;
        topImage: string;
        featureImages: string[];
        featureTexts1: string;
        featureTexts2: string;
        prefDesc: string;
        faqs: { question: string; answer: string }[];
      }[];
    }>(app, '{ specials { path name title topImage featureImages featureTexts1 featureTexts2 prefDesc faqs { question answer } } }');
    expect(res.errors).toBeUndefined();
    const expected = stores.master.specials.map((s) => ({
      path: s.path,
      name: s.name,
      title: s.title,
      topImage: s.topImage,
      featureImages: [],
      featureTexts1: s.featureTexts1,
      featureTexts2: s.featureTexts2,
      prefDesc: s.prefDesc.split('{prefecture}').join('全国'),
      faqs: s.faq,
    }));
    expect(res.data?.specials).toEqual(expected);
    expect(res.data?.specials[0]?.path).toBe('pet');
  });

  it('answers specialInfo with the prefecture filled into prefDesc', async () => {
    const res = await auth.query<{ pet: { name: string; prefDesc: string; nationwide: string; faqs: unknown[] }; none: null }>(
      app,
      '{ pet: specialInfo(specialName: "pet") { name prefDesc(prefecturePath: "tokyo") nationwide: prefDesc faqs { question } } none: specialInfo(specialName: "nothing") { name } }',
    );
    expect(res.errors).toBeUndefined();
    const pet = stores.master.specials.find((s) => s.path === 'pet');
    expect(res.data?.pet.name).toBe('ペット可');
    expect(res.data?.pet.prefDesc).toBe(pet?.prefDesc.replace('{prefecture}', '東京都'));
    expect(res.data?.pet.prefDesc.startsWith('東京都のペット可')).toBe(true);
    expect(res.data?.pet.nationwide.startsWith('全国のペット可')).toBe(true);
    expect(res.data?.pet.faqs).toHaveLength(pet?.faq.length ?? -1);
    expect(res.data?.none).toBeNull();

    const bad = await auth.query(app, '{ specialInfo(specialName: "pet") { prefDesc(prefecturePath: "atlantis") } }');
    expect(bad.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('lists madori in code order', async () => {
    const res = await auth.query<{ madoriInfo: { path: string; title: string }[] }>(app, '{ madoriInfo { path title } }');
    expect(res.errors).toBeUndefined();
    expect(res.data?.madoriInfo.map((m) => m.title)).toEqual(['1R', '1K', '1DK', '1LDK', '2K', '2DK', '2LDK', '3K', '3DK', '3LDK', '4K', '4DK', '4LDK+']);
    expect(res.data?.madoriInfo[12]).toEqual({ path: '4ldkplus', title: '4LDK+' });
    expect(res.data?.madoriInfo[0]).toEqual({ path: '1r', title: '1R' });
  });

  it('answers the search form’s option lists', async () => {
    const res = await auth.query<{
      searchMaster: {
        prices: number[];
        areas: number[];
        walkMinutes: number[];
        builtYears: number[];
        plans: { title: string }[];
        buildingTypes: { key: string; name: string }[];
        conditionGroups: { key: string; conditions: { code: number }[] }[];
        sortKeys: { value: string; label: string }[];
      };
    }>(
      app,
      '{ searchMaster { prices areas walkMinutes builtYears plans { path title } buildingTypes { key name } conditionGroups { key conditions { code } } sortKeys { value label } } }',
    );
    expect(res.errors).toBeUndefined();
    const m = res.data?.searchMaster;
    expect(m?.prices).toEqual([
      30000, 35000, 40000, 45000, 50000, 55000, 60000, 65000, 70000, 75000, 80000, 85000, 90000, 95000, 100000, 110000, 120000, 130000, 140000, 150000, 200000,
      250000, 300000, 500000, 1000000,
    ]);
    expect(m?.areas).toEqual([15, 20, 25, 30, 35, 40, 50, 60, 70, 80, 90, 100]);
    expect(m?.walkMinutes).toEqual([1, 3, 5, 7, 10, 15, 20]);
    expect(m?.builtYears).toEqual([1, 3, 5, 7, 10, 15, 20, 25, 30]);
    expect(m?.plans.map((p) => p.title)).toEqual(stores.master.madori.map((x) => x.name));
    expect(m?.buildingTypes).toEqual([
      { key: 'mansion', name: 'マンション' },
      { key: 'apartment', name: 'アパート' },
      { key: 'house', name: '一戸建て' },
      { key: 'terrace', name: 'テラスハウス' },
    ]);
    expect(m?.conditionGroups.map((g) => g.key)).toEqual(stores.master.conditionGroups.map((g) => g.key));
    expect(m?.conditionGroups.flatMap((g) => g.conditions).length).toBe(stores.master.conditionCodes.length);
    expect(m?.sortKeys).toEqual([
      { value: 'arrived_at_desc', label: '新着順' },
      { value: 'chinryou_asc', label: '賃料が安い順' },
      { value: 'initial_cost_asc', label: '初期費用の安い順' },
      { value: 'area_desc', label: '面積が広い順' },
      { value: 'built_date_desc', label: '築年数が新しい順' },
      { value: 'walk_min_for_sort_asc', label: '駅から近い順' },
    ]);
  });
});
