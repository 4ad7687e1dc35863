import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { MemoryCache } from '@sumika/server-kit';
import { createTestAuth, type TestAuth } from '@sumika/server-kit/testing';
import { testBackends } from '@sumika/storage-kit/testing';
import { closeSeeded, seededStores } from '@sumika/infra/testing/seeded';
import { build } from '../app.js';
import type { DB } from '../repositories/db.js';
import { QueryLog } from '@sumika/storage-kit/testing';

type Stores = Awaited<ReturnType<typeof seededStores>>;

interface Item {
  key: string;
  companyName: string;
  clientName: string;
}

/** Later-payment stores straight from a plain join, sorted in JS by prefecture then key. */
async function expectedItems(db: Kysely<DB>, prefectureCode?: number): Promise<Item[]> {
  const { rows } = await sql<{ key: string; company_name: string; client_name: string; prefecture_code: number }>`
    SELECT s.key, c.company_name, s.client_name, s.prefecture_code FROM store s JOIN company c ON c.id = s.company_id
    WHERE c.is_later_payment_available`.execute(db);
  return rows
    .filter((r) => prefectureCode === undefined || r.prefecture_code === prefectureCode)
    .sort((a, b) => a.prefecture_code - b.prefecture_code || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((r) => ({ key: r.key, companyName: r.company_name, clientName: r.client_name }));
}

describe.each(testBackends())('later-payment companies on $name', (backend) => {
  let stores: Stores;
  let db: Kysely<DB>;
  let app: FastifyInstance;
  let auth: TestAuth;
  const log = new QueryLog();
  /** Prefectures with the most later-payment stores, busiest first. */
  let busiest: number[];

  beforeAll(async () => {
    stores = await seededStores(backend, 1000);
    db = stores.company.db as Kysely<DB>;
    auth = await createTestAuth();
    app = await build({ db: db.withPlugin(log), cache: new MemoryCache(), auth: auth.auth });
    const { rows } = await sql<{ code: number }>`
      SELECT s.prefecture_code AS code FROM store s JOIN company c ON c.id = s.company_id WHERE c.is_later_payment_available
      GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 3`.execute(db);
    busiest = rows.map((r) => r.code);
  });
  afterAll(async () => {
    await app.close();
    await closeSeeded(stores);
  });

  it('lists every later-payment store by prefecture then key', async () => {
    const res = await auth.query<{ laterPaymentCompanies: Item[] }>(app, '{ laterPaymentCompanies { key companyName clientName } }');
    expect(res.errors).toBeUndefined();
    const expected = await expectedItems(db);
    expect(expected.length).toBeGreaterThan(20);
    expect(res.data?.laterPaymentCompanies).toEqual(expected);
  });

  it('filters by prefecture', async () => {
    for (const code of busiest) {
      const res = await auth.query<{ laterPaymentCompanies: Item[] }>(app, `{ laterPaymentCompanies(prefectureCode: ${code}) { key companyName clientName } }`);
      expect(res.errors).toBeUndefined();
      const expected = await expectedItems(db, code);
      expect(expected.length).toBeGreaterThan(0);
      expect(res.data?.laterPaymentCompanies).toEqual(expected);
    }
  });

  it.each([0, 48, -13])('rejects prefectureCode %i with BAD_REQUEST', async (code) => {
    const res = await auth.query(app, 'query($p: Int) { laterPaymentCompanies(prefectureCode: $p) { key } }', { p: code });
    expect(res.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    expect(res.errors?.[0]?.message).toMatch(/都道府県コード/);
  });

  it('_entities adds companiesByLaterPayment to Prefecture, with ONE query for all prefectures', async () => {
    const codes = [...busiest, 47, 1];
    log.clear();
    const res = await auth.query<{ _entities: { code: number; companiesByLaterPayment: Item[] }[] }>(
      app,
      'query($r: [_Any!]!) { _entities(representations: $r) { ... on Prefecture { code companiesByLaterPayment { key companyName clientName } } } }',
      { r: codes.map((code) => ({ __typename: 'Prefecture', code })) },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?._entities).toEqual(await Promise.all(codes.map(async (code) => ({ code, companiesByLaterPayment: await expectedItems(db, code) }))));
    expect(log.statements).toHaveLength(1);
  });

  it('gives an unknown prefecture an empty list rather than an error', async () => {
    const res = await auth.query<{ _entities: unknown[] }>(
      app,
      'query($r: [_Any!]!) { _entities(representations: $r) { ... on Prefecture { companiesByLaterPayment { key } } } }',
      { r: [{ __typename: 'Prefecture', code: 99 }] },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?._entities).toEqual([{ companiesByLaterPayment: [] }]);
  });
});
