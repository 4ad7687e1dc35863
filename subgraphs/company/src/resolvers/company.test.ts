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

const COMPANY_FIELDS = `id key companyName companyKana clientName tel address access holiday openTime licenseNumber association
  daihyo prText isLaterPaymentAvailable wgs { lat lng } prefectureCode cityCode establishedYear employeesCount awardYears`;

interface ExpectedStore {
  id: number;
  key: string;
  company_id: number;
  company_name: string;
  company_kana: string;
  client_name: string;
  tel: string;
  address: string;
  access: string;
  holiday: string;
  open_time: string;
  license_number: string;
  association: string;
  daihyo: string;
  pr_text: string;
  is_later_payment_available: boolean;
  lat: number;
  lng: number;
  prefecture_code: number;
  city_code: number;
  established_year: number;
  employees_count: number;
  award_years: number[];
}

/** The expected Company straight from a plain join, independent of the repositories. */
async function expectedStore(db: Kysely<DB>, where: ReturnType<typeof sql>): Promise<ExpectedStore> {
  const { rows } = await sql<ExpectedStore>`
    SELECT s.id, s.key, s.company_id, c.company_name, c.company_kana, s.client_name, s.tel, s.address, s.access, s.holiday, s.open_time,
      c.license_number, c.association, c.daihyo, c.pr_text, c.is_later_payment_available, s.lat, s.lng, s.prefecture_code, s.city_code,
      c.established_year, c.employees_count, c.award_years
    FROM store s JOIN company c ON c.id = s.company_id WHERE ${where} ORDER BY s.id LIMIT 1`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('fixture store not found');
  return row;
}

function asCompany(s: ExpectedStore): Record<string, unknown> {
  return {
    id: String(s.id),
    key: s.key,
    companyName: s.company_name,
    companyKana: s.company_kana,
    clientName: s.client_name,
    tel: s.tel,
    address: s.address,
    access: s.access,
    holiday: s.holiday,
    openTime: s.open_time,
    licenseNumber: s.license_number,
    association: s.association,
    daihyo: s.daihyo,
    prText: s.pr_text,
    isLaterPaymentAvailable: s.is_later_payment_available,
    wgs: { lat: s.lat, lng: s.lng },
    prefectureCode: s.prefecture_code,
    cityCode: s.city_code,
    establishedYear: s.established_year,
    employeesCount: s.employees_count,
    awardYears: s.award_years.map(Number),
  };
}

describe.each(testBackends())('Company on $name', (backend) => {
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
  beforeEach(() => log.clear());

  it('company(key) returns the store with its corporation, field for field', async () => {
    // A chain store of an awarded corporation exercises every column, arrays included.
    const expected = await expectedStore(db, sql`cardinality(c.award_years) > 1 AND (SELECT count(*) FROM store o WHERE o.company_id = c.id) > 2`);
    const res = await auth.query<{ company: unknown }>(app, `query($key: String!) { company(key: $key) { ${COMPANY_FIELDS} } }`, { key: expected.key });
    expect(res.errors).toBeUndefined();
    expect(res.data?.company).toEqual(asCompany(expected));
  });

  it('company(key) is null, without an error, for unknown or malformed keys', async () => {
    const res = await auth.query<{ a: unknown; b: unknown; c: unknown }>(
      app,
      '{ a: company(key: "st999999") { id } b: company(key: "nope") { id } c: company(key: "") { id } }',
    );
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({ a: null, b: null, c: null });
  });

  it('companies(keys) keeps key order, repeats and nulls, in one store query', async () => {
    const { rows } = await sql<{ key: string; client_name: string }>`SELECT key, client_name FROM store ORDER BY id DESC LIMIT 3`.execute(db);
    const [a, b, c] = rows as [(typeof rows)[number], (typeof rows)[number], (typeof rows)[number]];
    const keys = [b.key, 'st999999', a.key, c.key, b.key];
    log.clear();
    const res = await auth.query<{ companies: unknown[] }>(app, 'query($keys: [String!]!) { companies(keys: $keys) { key clientName } }', { keys });
    expect(res.errors).toBeUndefined();
    expect(res.data?.companies).toEqual([
      { key: b.key, clientName: b.client_name },
      null,
      { key: a.key, clientName: a.client_name },
      { key: c.key, clientName: c.client_name },
      { key: b.key, clientName: b.client_name },
    ]);
    expect(log.reading('store')).toHaveLength(1);
  });

  it('companies(keys) rejects more than 100 keys with BAD_REQUEST', async () => {
    const keys = Array.from({ length: 101 }, (_, i) => `st${String(i + 1).padStart(6, '0')}`);
    const res = await auth.query(app, 'query($keys: [String!]!) { companies(keys: $keys) { key } }', { keys });
    expect(res.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    expect(res.errors?.[0]?.message).toMatch(/100件/);
    const ok = await auth.query(app, 'query($keys: [String!]!) { companies(keys: $keys) { key } }', { keys: keys.slice(0, 100) });
    expect(ok.errors).toBeUndefined();
  });

  it('employees lists 店長 first, then by id', async () => {
    const store = await expectedStore(db, sql`(SELECT count(*) FROM employee e WHERE e.store_id = s.id) >= 3`);
    // A second manager with the highest id must still come before the other staff.
    const { rows: max } = await sql<{ id: number }>`SELECT max(id) AS id FROM employee`.execute(db);
    await sql`INSERT INTO employee (id, store_id, name, position, years_of_experience, qualification, comment)
      VALUES (${(max[0]?.id ?? 0) + 1}, ${store.id}, '試験 太郎', '店長', 3, NULL, 'よろしくお願いします。')`.execute(db);
    const { rows } = await sql<{ id: number; name: string; position: string; years_of_experience: number; qualification: string | null; comment: string }>`
      SELECT id, name, position, years_of_experience, qualification, comment FROM employee WHERE store_id = ${store.id}`.execute(db);
    const expected = [...rows]
      .sort((x, y) => Number(y.position === '店長') - Number(x.position === '店長') || x.id - y.id)
      .map((e) => ({
        id: String(e.id),
        name: e.name,
        position: e.position,
        yearsOfExperience: e.years_of_experience,
        qualification: e.qualification,
        comment: e.comment,
      }));
    const res = await auth.query<{ company: { employees: unknown[] } }>(
      app,
      `{ company(key: "${store.key}") { employees { id name position yearsOfExperience qualification comment } } }`,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.company.employees).toEqual(expected);
    expect(expected.filter((e) => e.position === '店長').length).toBeGreaterThanOrEqual(2);
  });

  it('otherStores lists the rest of the corporation by id', async () => {
    const store = await expectedStore(db, sql`(SELECT count(*) FROM store o WHERE o.company_id = s.company_id) >= 4`);
    const { rows } = await sql<{ key: string }>`SELECT key FROM store WHERE company_id = ${store.company_id} AND id <> ${store.id} ORDER BY id`.execute(db);
    const res = await auth.query<{ company: { otherStores: { key: string; companyName: string }[] } }>(
      app,
      `{ company(key: "${store.key}") { otherStores { key companyName } } }`,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.company.otherStores.map((s) => s.key)).toEqual(rows.map((r) => r.key));
    expect(new Set(res.data?.company.otherStores.map((s) => s.companyName))).toEqual(new Set([store.company_name]));
  });

  it('images point at the storefront route under PUBLIC_COMPANY_IMAGE_ORIGIN', async () => {
    const before = process.env.PUBLIC_COMPANY_IMAGE_ORIGIN;
    try {
      delete process.env.PUBLIC_COMPANY_IMAGE_ORIGIN;
      const local = await auth.query<{ company: { images: unknown[] } }>(app, '{ company(key: "st000001") { images { imageType url } } }');
      expect(local.data?.company.images).toEqual([{ imageType: 'storefront', url: '/images/company/st000001/storefront.svg' }]);
      process.env.PUBLIC_COMPANY_IMAGE_ORIGIN = 'https://img.example.jp/';
      const cdn = await auth.query<{ company: { images: unknown[] } }>(app, '{ company(key: "st000001") { images { imageType url } } }');
      expect(cdn.data?.company.images).toEqual([{ imageType: 'storefront', url: 'https://img.example.jp/images/company/st000001/storefront.svg' }]);
    } finally {
      if (before === undefined) delete process.env.PUBLIC_COMPANY_IMAGE_ORIGIN;
      else process.env.PUBLIC_COMPANY_IMAGE_ORIGIN = before;
    }
  });

  it('_entities resolves Company by id and by key, in order, null when unknown', async () => {
    const a = await expectedStore(db, sql`s.id = 7`);
    const b = await expectedStore(db, sql`s.id = 42`);
    const res = await auth.query<{ _entities: unknown[] }>(
      app,
      `query($r: [_Any!]!) { _entities(representations: $r) { ... on Company { ${COMPANY_FIELDS} } } }`,
      {
        r: [
          { __typename: 'Company', id: '42' },
          { __typename: 'Company', key: a.key },
          { __typename: 'Company', id: '999999' },
          { __typename: 'Company', key: 'st999999' },
          { __typename: 'Company', id: 'x1' },
        ],
      },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?._entities).toEqual([asCompany(b), asCompany(a), null, null, null]);
  });

  it('N Company references cost one store query per key kind', async () => {
    const { rows } = await sql<{ id: number; key: string }>`SELECT id, key FROM store ORDER BY id LIMIT 40`.execute(db);
    const byId = rows.slice(0, 20).map((r) => ({ __typename: 'Company', id: String(r.id) }));
    const byKey = rows.slice(20).map((r) => ({ __typename: 'Company', key: r.key }));
    log.clear();
    const res = await auth.query<{ _entities: { key: string; clientName: string }[] }>(
      app,
      'query($r: [_Any!]!) { _entities(representations: $r) { ... on Company { key clientName } } }',
      { r: [...byId, ...byKey] },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?._entities.map((e) => e.key)).toEqual(rows.map((r) => r.key));
    expect(log.statements).toHaveLength(2);
    expect(log.statements.filter((q) => q.includes('where "s"."id" in'))).toHaveLength(1);
    expect(log.statements.filter((q) => q.includes('where "s"."key" in'))).toHaveLength(1);
  });

  it('nested relations of N entities cost one query each', async () => {
    const { rows } = await sql<{ id: number; key: string }>`SELECT id, key FROM store ORDER BY id DESC LIMIT 30`.execute(db);
    log.clear();
    const res = await auth.query<{ _entities: { key: string; otherStores: unknown[] }[] }>(
      app,
      `query($r: [_Any!]!) { _entities(representations: $r) { ... on Company {
        key employees { id } reviews(first: 2) { count averageRating items { id } } otherStores { key } } } }`,
      { r: rows.map((r) => ({ __typename: 'Company', id: String(r.id) })) },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?._entities.map((e) => e.key)).toEqual(rows.map((r) => r.key));
    // stores by id, then stores by corporation; employees; review stats; review items.
    expect(log.reading('store')).toHaveLength(2);
    expect(log.reading('employee')).toHaveLength(1);
    expect(log.reading('store_review')).toHaveLength(2);
    expect(log.statements).toHaveLength(5);
  });

  it('answers non-integer-looking input with errors, never a 500', async () => {
    const res = await auth.query(app, '{ company(key: 123) { id } }');
    expect(res.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
  });
});
