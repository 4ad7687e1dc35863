import { MemoryCache } from '@sumika/server-kit';
import { normaliseWord } from '@sumika/domain';
import { createTestAuth, type TestAuth } from '@sumika/server-kit/testing';
import { testBackends } from '@sumika/storage-kit/testing';
import { closeSeeded, seededStores } from '@sumika/infra/testing/seeded';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { build } from '../app.js';
import type { DB } from '../repositories/db.js';
import { suggestStationGroups } from '../repositories/railways.js';
import { suggestPrefixes } from './suggest.js';

type Stores = Awaited<ReturnType<typeof seededStores>>;

interface SuggestOut {
  ekitanCode: number;
  name: string;
  kana: string;
  prefectureCode: number;
  prefectureName: string;
  lines: { code: number; name: string }[];
}

const QUERY = `query ($k: String!, $p: String) { stationSuggests(keyword: $k, prefecturePath: $p) {
  ekitanCode name kana prefectureCode prefectureName lines { code name } } }`;

describe.each(testBackends())('stationSuggests on $name', (backend) => {
  let stores: Stores;
  let app: FastifyInstance;
  let auth: TestAuth;

  beforeAll(async () => {
    stores = await seededStores(backend, 1000);
    auth = await createTestAuth();
    app = await build({ db: stores.search.db as Kysely<DB>, cache: new MemoryCache(), auth: auth.auth });
  });
  afterAll(async () => {
    await app?.close();
    if (stores) await closeSeeded(stores);
  });

  const suggest = async (keyword: string, prefecturePath?: string) => {
    const res = await auth.query<{ stationSuggests: SuggestOut[] }>(app, QUERY, { k: keyword, p: prefecturePath ?? null });
    expect(res.errors).toBeUndefined();
    return res.data?.stationSuggests ?? [];
  };

  /** The contract computed from the master data: a normalised prefix of name, kana or romaji; more lines first, then code. */
  const expected = (keyword: string, prefectureCode?: number) => {
    const k = normaliseWord(keyword);
    return stores.master.stationGroups
      .filter((g) => prefectureCode === undefined || g.prefectureCode === prefectureCode)
      .filter((g) => normaliseWord(g.name).startsWith(k) || g.kana.startsWith(k) || g.romaji.startsWith(k))
      .sort((a, b) => b.lineCodes.length - a.lineCodes.length || a.code - b.code)
      .slice(0, 20)
      .map((g) => g.code);
  };

  it.each(['しぶや', 'シブヤ', 'shibuya', '渋', 'ｼﾌﾞﾔ', 'Shi-buya', 'shi buya', '渋谷'])('puts 渋谷 first for %s', async (keyword) => {
    const list = await suggest(keyword);
    const shibuya = stores.master.stationGroups.find((g) => g.name === '渋谷' && g.prefectureCode === 13);
    expect(list[0]).toMatchObject({ ekitanCode: shibuya?.code, name: '渋谷', kana: 'しぶや', prefectureCode: 13, prefectureName: '東京都' });
    expect(list.map((s) => s.ekitanCode)).toEqual(expected(keyword));
  });

  it('returns the group’s lines', async () => {
    const [first] = await suggest('しぶや');
    const group = stores.master.stationGroups.find((g) => g.code === first?.ekitanCode);
    expect(first?.lines.map((l) => l.code).sort((a, b) => a - b)).toEqual(group?.lineCodes);
    expect(first?.lines.length).toBeGreaterThan(5);
  });

  it('keeps at most 20 groups, more lines first, and filters by prefecture', async () => {
    const all = await suggest('しん');
    expect(all).toHaveLength(20);
    expect(all.map((s) => s.ekitanCode)).toEqual(expected('しん'));
    const lineCounts = all.map((s) => s.lines.length);
    expect(lineCounts).toEqual([...lineCounts].sort((a, b) => b - a));

    const osaka = await suggest('しん', 'osaka');
    expect(osaka.length).toBeGreaterThan(0);
    expect(osaka.every((s) => s.prefectureCode === 27 && s.prefectureName === '大阪府')).toBe(true);
    expect(osaka.map((s) => s.ekitanCode)).toEqual(expected('しん', 27));
  });

  it('matches the contract for prefixes of many station names, kana and romaji', async () => {
    // A deterministic sample: every 400th group, by the first two characters of each reading.
    const sample = stores.master.stationGroups.filter((_, i) => i % 400 === 0);
    const keywords = [...new Set(sample.flatMap((g) => [[...g.name].slice(0, 2).join(''), g.kana.slice(0, 2), g.romaji.slice(0, 4)]))];
    for (const keyword of keywords) {
      expect([keyword, (await suggest(keyword)).map((s) => s.ekitanCode)]).toEqual([keyword, expected(keyword)]);
    }
  });

  it('returns nothing for empty keywords and rejects long keywords and unknown prefectures', async () => {
    expect(await suggest('')).toEqual([]);
    expect(await suggest('   　')).toEqual([]);
    expect(await suggest('%')).toEqual([]);
    expect(await suggest('zzzzqq')).toEqual([]);
    const long = await auth.query(app, QUERY, { k: 'あ'.repeat(51) });
    expect(long.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    expect(long.errors?.[0]?.message).toBe('キーワードは50文字以内で入力してください。');
    expect((await auth.query(app, QUERY, { k: 'あ'.repeat(50) })).errors).toBeUndefined();
    const badPref = await auth.query(app, QUERY, { k: 'しぶや', p: 'atlantis' });
    expect(badPref.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('treats LIKE wildcards in keywords literally', async () => {
    // normaliseWord drops punctuation, so the raw-name branch is the one that could leak a wildcard.
    const db = stores.search.db as Kysely<DB>;
    expect((await suggestStationGroups(db, { names: ['渋_'] }, { limit: 20 }).execute()).map((g) => g.name)).toEqual([]);
    expect((await suggestStationGroups(db, { names: ['渋%'] }, { limit: 20 }).execute()).map((g) => g.name)).toEqual([]);
    expect((await suggestStationGroups(db, { names: ['渋'] }, { limit: 20 }).execute()).map((g) => g.name)).toContain('渋谷');
  });

  it('answers from the text_pattern_ops indexes', async () => {
    const db = stores.search.db as Kysely<DB>;
    const prefixes = suggestPrefixes('shibuya') ?? { names: [] };
    const plan = (await suggestStationGroups(db, prefixes, { limit: 20 }).explain()).map((r) => Object.values(r).join('')).join('\n');
    expect(plan).toMatch(/station_group_name/);
    expect(plan).toMatch(/station_group_kana/);
    expect(plan).toMatch(/station_group_romaji/);
    expect(plan).not.toMatch(/Seq Scan/);
  });
});

const WORD_QUERY = `query ($k: String!) { wordSuggests(keyword: $k) { kind name detail path } }`;

describe.each(testBackends())('wordSuggests on $name', (backend) => {
  let stores: Stores;
  let app: FastifyInstance;
  let auth: TestAuth;

  beforeAll(async () => {
    stores = await seededStores(backend, 200);
    auth = await createTestAuth();
    app = await build({ db: stores.search.db as Kysely<DB>, cache: new MemoryCache(), auth: auth.auth });
  });
  afterAll(async () => {
    await app?.close();
    if (stores) await closeSeeded(stores);
  });

  const words = async (keyword: string) => {
    const res = await auth.query<{ wordSuggests: { kind: string; name: string; detail: string; path: string }[] }>(app, WORD_QUERY, { k: keyword });
    expect(res.errors).toBeUndefined();
    return res.data?.wordSuggests ?? [];
  };

  it.each(['shinjuku', 'しんじゅく', 'ｼﾝｼﾞｭｸ', 'シンジュク', '新宿'])('%s names 新宿駅 (its station page) and 新宿区 (its city page)', async (keyword) => {
    const list = await words(keyword);
    const station = stores.master.stationGroups.find((g) => g.name === '新宿' && g.prefectureCode === 13);
    const first = list[0];
    expect(first).toMatchObject({ kind: 'STATION', name: '新宿駅' });
    expect(first?.detail).toMatch(/^東京都 /);
    // The station page of one of the group's per-line stations.
    const m = /^\/search\/tokyo\/line\/(\d+)\/station\/(\d+)$/.exec(first?.path ?? '');
    expect(m).not.toBeNull();
    expect(station?.lineCodes).toContain(Number(m?.[1]));
    const city = stores.master.cities.find((c) => c.name === '新宿区');
    expect(list).toContainEqual({ kind: 'CITY', name: '新宿区', detail: '東京都', path: `/search/tokyo/city/${city?.code}` });
    // Stations first, then cities, then lines; five stations at most.
    const kinds = list.map((s) => s.kind);
    expect(kinds).toEqual([...kinds].sort((a, b) => ['STATION', 'CITY', 'LINE'].indexOf(a) - ['STATION', 'CITY', 'LINE'].indexOf(b)));
    expect(kinds.filter((k) => k === 'STATION').length).toBeLessThanOrEqual(5);
  });

  it('names a line by its name, in its first prefecture', async () => {
    const list = await words('山手');
    const line = list.find((s) => s.kind === 'LINE');
    expect(line?.name).toMatch(/山手/);
    expect(line?.path).toMatch(/^\/search\/results\?prefecture=[a-z]+&line=\d+$/);
  });

  it('returns nothing for empty or unknown words and rejects long ones', async () => {
    expect(await words('')).toEqual([]);
    expect(await words('%_')).toEqual([]);
    expect(await words('zzzzqq')).toEqual([]);
    const long = await auth.query(app, WORD_QUERY, { k: 'あ'.repeat(51) });
    expect(long.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
  });
});
