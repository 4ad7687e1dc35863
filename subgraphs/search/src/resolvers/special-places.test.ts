import { MemoryCache } from '@sumika/server-kit';
import { createTestAuth, type TestAuth } from '@sumika/server-kit/testing';
import { testBackends } from '@sumika/storage-kit/testing';
import { closeSeeded, seededStores } from '@sumika/infra/testing/seeded';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { build } from '../app.js';

type Vars = Record<string, unknown>;

interface Counted {
  code: number;
  all: number;
  n: number;
}
interface Picker {
  prefecture: { cities: Counted[] };
  railways: { lines: (Counted & { stations: Counted[] })[] }[];
}
const PICKER = `query Picker($p: String!, $s: String) {
  prefecture(path: $p) { cities { code all: bukkenCount n: bukkenCount(specialName: $s) } }
  railways(prefecturePath: $p) { lines { code all: bukkenCount(prefecturePath: $p) n: bukkenCount(prefecturePath: $p, specialName: $s)
    stations(prefecturePath: $p) { code all: bukkenCount n: bukkenCount(specialName: $s) } } } }`;
const COUNT = `query Count($p: String, $c: [Int], $t: [Int], $l: [Int], $st: [Int], $s: String) {
  searchBukkensCount(prefecturePath: $p, cityCodes: $c, townCodes: $t, lineCodes: $l, stationCodes: $st, specialName: $s) { count } }`;

interface PlaceRent {
  code: number;
  bukkenCount: number;
  medians: (number | null)[];
}
const RENT_MARKET = `query($p: String!) { rentMarket(prefecturePath: $p) { bands { label planMin planMax } cities { code name bukkenCount medians } lines { code name bukkenCount medians } } }`;

interface Row {
  city_code: number;
  line_codes: number[];
  plan_code: number;
  total_rent: number;
}

/** percentile_cont(0.5), computed here: the middle value, or the mean of the two middle ones. */
function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Spread over the list: the first, the last and evenly between (keeps the number of count queries small). */
function sample<T>(list: T[], n: number): T[] {
  if (list.length <= n) return list;
  return Array.from({ length: n }, (_, i) => list[Math.round((i * (list.length - 1)) / (n - 1))]!);
}

describe.each(testBackends())('topic picker counts and the rent market on $name', (backend) => {
  let stores: Awaited<ReturnType<typeof seededStores>>;
  let app: FastifyInstance;
  let auth: TestAuth;

  const gql = async <T>(query: string, variables: Vars = {}) => {
    const res = await auth.query<T>(app, query, variables);
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    return res.data as T;
  };
  const count = async (v: Vars) => (await gql<{ searchBukkensCount: { count: number } }>(COUNT, v)).searchBukkensCount.count;

  beforeAll(async () => {
    stores = await seededStores(backend, 2000);
    auth = await createTestAuth();
    app = await build({ db: stores.search.db as never, cache: new MemoryCache(), auth: auth.auth });
  });
  afterAll(async () => {
    await app?.close();
    if (stores) await closeSeeded(stores);
  });

  it('counts each city, line and station of a topic picker as the search it leads to (place and special)', async () => {
    const { specials } = await gql<{ specials: { path: string; all: number; tokyo: number }[] }>(
      '{ specials { path all: bukkenCount tokyo: bukkenCount(prefecturePath: "tokyo") } }',
    );
    // A special that keeps some of Tokyo's listings and not all, so a whole-area count cannot pass.
    const { prefecture } = await gql<{ prefecture: { bukkenCount: number } }>('{ prefecture(path: "tokyo") { bukkenCount } }');
    const special = specials.find((s) => s.tokyo > 0 && s.tokyo < prefecture.bukkenCount * 0.8);
    expect(special).toBeDefined();
    const s = special!.path;
    const picker = await gql<Picker>(PICKER, { p: 'tokyo', s });

    const cities = picker.prefecture.cities.filter((c) => c.all > 0);
    expect(cities.some((c) => c.n < c.all)).toBe(true);
    expect(cities.reduce((n, c) => n + c.n, 0)).toBe(special!.tokyo);
    for (const c of sample(cities, 8)) expect(c.n).toBe(await count({ p: 'tokyo', c: [c.code], s }));

    const lines = picker.railways.flatMap((r) => r.lines).filter((l) => l.all > 0);
    expect(lines.some((l) => l.n < l.all)).toBe(true);
    for (const l of sample(lines, 6)) expect(l.n).toBe(await count({ p: 'tokyo', l: [l.code], s }));

    const stations = lines.flatMap((l) => l.stations).filter((st) => st.all > 0);
    expect(stations.some((st) => st.n < st.all)).toBe(true);
    for (const st of sample(stations, 6)) expect(st.n).toBe(await count({ p: 'tokyo', st: [st.code], s }));

    // A city's towns (the town picker's topic variant).
    const city = [...cities].sort((a, b) => b.n - a.n)[0]!;
    const { towns } = await gql<{ towns: Counted[] }>(
      'query($c: Int!, $s: String) { towns(cityCode: $c) { code all: bukkenCount n: bukkenCount(specialName: $s) } }',
      {
        c: city.code,
        s,
      },
    );
    const counted = towns.filter((t) => t.all > 0);
    expect(counted.length).toBeGreaterThan(0);
    expect(counted.some((t) => t.n < t.all)).toBe(true);
    for (const t of sample(counted, 4)) expect(t.n).toBe(await count({ p: 'tokyo', c: [city.code], t: [t.code], s }));

    // The topic page's prefecture picker: each prefecture's count is the special's count there.
    const { prefectures } = await gql<{ prefectures: { path: string; all: number; n: number }[] }>(
      'query($s: String) { prefectures { path all: bukkenCount n: bukkenCount(specialName: $s) } }',
      { s },
    );
    expect(prefectures.some((p) => p.n < p.all)).toBe(true);
    expect(prefectures.reduce((n, p) => n + p.n, 0)).toBe(special!.all);
    for (const p of sample(
      prefectures.filter((x) => x.all > 0),
      4,
    ))
      expect(p.n).toBe(await count({ p: p.path, s }));
    // Without a special the counts are the whole place's, as before.
    for (const c of sample(cities, 3)) expect(c.all).toBe(await count({ p: 'tokyo', c: [c.code] }));
  });

  it('answers NOT_FOUND for a special that does not exist', async () => {
    const res = await auth.query(app, PICKER, { p: 'tokyo', s: 'no-such-special' });
    expect(res.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('gives the median rent per city and line by plan band, "-" (null) under three listings', async () => {
    const { rentMarket } = await gql<{
      rentMarket: { bands: { label: string; planMin: string; planMax: string | null }[]; cities: PlaceRent[]; lines: PlaceRent[] };
    }>(RENT_MARKET, { p: 'tokyo' });
    expect(rentMarket.bands).toEqual([
      { label: 'ワンルーム・1K・1DK', planMin: '1R', planMax: '1DK' },
      { label: '1LDK・2K・2DK', planMin: '1LDK', planMax: '2DK' },
      { label: '2LDK〜', planMin: '2LDK', planMax: null },
    ]);
    // Plan ordinals of the bands: 1R..1DK = 1..3, 1LDK..2DK = 4..6, 2LDK and larger = 7..
    const bandOf = (plan: number) => (plan <= 3 ? 0 : plan <= 6 ? 1 : 2);
    const { rows } = await sql<Row>`SELECT city_code, line_codes, plan_code, total_rent FROM listing WHERE NOT archived AND prefecture_code = 13`.execute(
      stores.search.db as Kysely<unknown>,
    );
    const expected = (keyOf: (r: Row) => number[], code: number) => {
      const own = rows.filter((r) => keyOf(r).includes(code));
      return {
        bukkenCount: own.length,
        medians: [0, 1, 2].map((b) => {
          const rents = own.filter((r) => bandOf(Number(r.plan_code)) === b).map((r) => Number(r.total_rent));
          return rents.length >= 3 ? Math.round(median(rents)) : null;
        }),
      };
    };
    const { prefecture } = await gql<{ prefecture: { cities: { code: number }[] } }>('{ prefecture(path: "tokyo") { cities { code } } }');
    expect(rentMarket.cities.map((c) => c.code)).toEqual(prefecture.cities.map((c) => c.code));
    for (const c of rentMarket.cities)
      expect({ code: c.code, ...expected((r) => [r.city_code], c.code) }).toEqual({ code: c.code, bukkenCount: c.bukkenCount, medians: c.medians });
    expect(rentMarket.lines.length).toBeGreaterThan(0);
    for (const l of rentMarket.lines)
      expect({ code: l.code, ...expected((r) => r.line_codes, l.code) }).toEqual({ code: l.code, bukkenCount: l.bukkenCount, medians: l.medians });
    // Some cells have a figure and some are "-" in a 2,000-listing seed.
    const cells = rentMarket.cities.flatMap((c) => c.medians);
    expect(cells.some((m) => m !== null)).toBe(true);
    expect(cells.some((m) => m === null)).toBe(true);
  });
});
