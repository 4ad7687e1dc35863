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

describe.each(testBackends())('awards on $name', (backend) => {
  let stores: Stores;
  let db: Kysely<DB>;
  let app: FastifyInstance;
  let auth: TestAuth;
  const log = new QueryLog();

  beforeAll(async () => {
    stores = await seededStores(backend, 1000);
    db = stores.company.db as Kysely<DB>;
    auth = await createTestAuth();
    app = await build({ db: db.withPlugin(log), cache: new MemoryCache(), auth: auth.auth });
  });
  afterAll(async () => {
    await app.close();
    await closeSeeded(stores);
  });

  it('lists award years newest first, each with the stores of corporations awarded that year', async () => {
    const { rows } = await sql<{ year: number; key: string }>`
      SELECT y.year, s.key FROM company c CROSS JOIN LATERAL unnest(c.award_years) AS y(year) JOIN store s ON s.company_id = c.id
      ORDER BY y.year DESC, s.id`.execute(db);
    const expected: { year: number; companies: { key: string }[] }[] = [];
    for (const r of rows) {
      const last = expected[expected.length - 1];
      if (last?.year === Number(r.year)) last.companies.push({ key: r.key });
      else expected.push({ year: Number(r.year), companies: [{ key: r.key }] });
    }
    expect(expected.length).toBeGreaterThanOrEqual(3);
    const res = await auth.query<{ awards: unknown[] }>(app, '{ awards { year companies { key } } }');
    expect(res.errors).toBeUndefined();
    expect(res.data?.awards).toEqual(expected);
  });

  it('award companies are full Company objects, their award years including the year, in one query', async () => {
    log.clear();
    const res = await auth.query<{ awards: { year: number; companies: { id: string; key: string; companyName: string; awardYears: number[] }[] }[] }>(
      app,
      '{ awards { year companies { id key companyName awardYears } } }',
    );
    expect(res.errors).toBeUndefined();
    expect(log.statements).toHaveLength(1);
    const { rows } = await sql<{ key: string; company_name: string }>`SELECT s.key, c.company_name FROM store s JOIN company c ON c.id = s.company_id`.execute(
      db,
    );
    const names = new Map(rows.map((r) => [r.key, r.company_name]));
    for (const award of res.data?.awards ?? []) {
      for (const c of award.companies) {
        expect(c.awardYears).toContain(award.year);
        expect(c.companyName).toBe(names.get(c.key));
        expect(c.key).toBe(`st${c.id.padStart(6, '0')}`);
      }
    }
  });
});
