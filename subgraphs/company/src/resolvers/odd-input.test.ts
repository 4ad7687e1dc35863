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

describe.each(testBackends())('odd input to the company subgraph on $name', (backend) => {
  let stores: Awaited<ReturnType<typeof seededStores>>;
  let app: FastifyInstance;
  let auth: TestAuth;

  beforeAll(async () => {
    stores = await seededStores(backend, 100);
    auth = await createTestAuth();
    app = await build({ db: stores.company.db as never, cache: new MemoryCache(), auth: auth.auth });
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

  it('looks up stores, reviews and lists by odd keys and numbers', async () => {
    expect(
      await failures(
        `query Q($k: String!) { company(key: $k) { clientName } }`,
        ODD_STRINGS.map((k) => ({ k })),
      ),
    ).toEqual([]);
    expect(
      await failures(`query Q($k: [String!]!) { companies(keys: $k) { clientName } }`, [
        { k: [] },
        { k: ODD_STRINGS },
        { k: Array.from({ length: 1000 }, (_, i) => `st${String(i).padStart(6, '0')}`) },
      ]),
    ).toEqual([]);
    expect(
      await failures(
        `query Q($f: Int) { company(key: "st000001") { reviews(first: $f) { count items { id } } } }`,
        ODD_INTS.map((f) => ({ f })),
      ),
    ).toEqual([]);
    expect(
      await failures(
        `query Q($p: Int) { laterPaymentCompanies(prefectureCode: $p) { key } }`,
        ODD_INTS.map((p) => ({ p })),
      ),
    ).toEqual([]);
    expect(
      await failures(
        `query Q($r: [_Any!]!) { _entities(representations: $r) { ... on Company { clientName } ... on Prefecture { companiesByLaterPayment { key } } } }`,
        [
          { r: [] },
          { r: ODD_STRINGS.map((id) => ({ __typename: 'Company', id })) },
          { r: ODD_STRINGS.map((key) => ({ __typename: 'Company', key })) },
          { r: ODD_INTS.map((code) => ({ __typename: 'Prefecture', code })) },
        ],
      ),
    ).toEqual([]);
  });
});
