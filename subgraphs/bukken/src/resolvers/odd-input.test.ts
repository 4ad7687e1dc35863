/**
 * Odd but legal input never crashes a resolver or a repository (issue 13): it gives data or a 4xx
 * code (BAD_REQUEST, NOT_FOUND), never INTERNAL_SERVER_ERROR.
 */
import type { FastifyInstance } from 'fastify';
import { MemoryCache } from '@sumika/server-kit';
import { createTestAuth, ODD_STRINGS, type TestAuth } from '@sumika/server-kit/testing';
import { testBackends } from '@sumika/storage-kit/testing';
import { closeSeeded, seededStores } from '@sumika/infra/testing/seeded';
import { build } from '../app.js';

const ODD_INTS = [-2147483648, -1, 0, 1, 2147483647];
const ALLOWED = new Set(['BAD_REQUEST', 'NOT_FOUND']);

describe.each(testBackends())('odd input to the bukken subgraph on $name', (backend) => {
  let stores: Awaited<ReturnType<typeof seededStores>>;
  let app: FastifyInstance;
  let auth: TestAuth;

  beforeAll(async () => {
    stores = await seededStores(backend, 300);
    auth = await createTestAuth();
    app = await build({ db: stores.bukken.db as never, cache: new MemoryCache(), auth: auth.auth, imageOrigin: 'http://img.test' });
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
  const strings = (name: string, extra: Record<string, unknown> = {}) => ODD_STRINGS.map((s) => ({ ...extra, [name]: s }));
  const ints = (name: string, extra: Record<string, unknown> = {}) => ODD_INTS.map((n) => ({ ...extra, [name]: n }));

  it('looks up listings and buildings by odd keys and limits', async () => {
    expect(await failures(`query Q($k: ID!) { bukken(globalKey: $k) { name } }`, strings('k'))).toEqual([]);
    expect(await failures(`query Q($k: String!) { building(key: $k) { name } }`, strings('k'))).toEqual([]);
    expect(
      await failures(`query Q($k: [ID!]!) { bukkens(globalKeys: $k) { name } compareBukkens(globalKeys: $k) { monthlyTotal } }`, [
        { k: [] },
        { k: ODD_STRINGS },
        { k: ['bk000000001', 'bk000000001'] },
        { k: Array.from({ length: 1000 }, (_, i) => `bk${String(i).padStart(9, '0')}`) },
      ]),
    ).toEqual([]);
    expect(
      await failures(
        `query Q($l: Int) { bukken(globalKey: "bk000000001") { recommendations(limit: $l) { globalKey } building { otherBuildings(limit: $l) { key } } } }`,
        ints('l'),
      ),
    ).toEqual([]);
    expect(
      await failures(`query Q($p: String!, $l: Int) { prefectureRecommendBukkens(prefecturePath: $p, limit: $l) { bukkenList { globalKey } } }`, [
        ...strings('p'),
        ...ints('l', { p: 'tokyo' }),
      ]),
    ).toEqual([]);
    expect(
      await failures(`query Q($r: [_Any!]!) { _entities(representations: $r) { ... on Bukken { name } ... on Building { name } } }`, [
        { r: [] },
        { r: ODD_STRINGS.map((globalKey) => ({ __typename: 'Bukken', globalKey })) },
        { r: ODD_STRINGS.map((key) => ({ __typename: 'Building', key })) },
      ]),
    ).toEqual([]);
  });
});
