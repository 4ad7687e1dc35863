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

interface PlainReview {
  id: number;
  rating: number;
  title: string;
  body: string;
  reviewer: string;
  visited_on: string;
}

interface Reviews {
  count: number;
  averageRating: number | null;
  items: { id: string; rating: number; title: string; body: string; reviewer: string; visitedOn: string }[];
}

/** Count, one-decimal mean and newest-first items, computed in plain JS from the raw rows. */
async function expectedReviews(db: Kysely<DB>, storeId: number, first: number): Promise<Reviews> {
  const { rows } = await sql<PlainReview>`
    SELECT id, rating, title, body, reviewer, visited_on::text AS visited_on FROM store_review WHERE store_id = ${storeId}`.execute(db);
  const sum = rows.reduce((s, r) => s + r.rating, 0);
  const sorted = [...rows].sort((a, b) => (a.visited_on === b.visited_on ? b.id - a.id : a.visited_on < b.visited_on ? 1 : -1));
  return {
    count: rows.length,
    averageRating: rows.length ? Math.round((sum * 10) / rows.length) / 10 : null,
    items: sorted
      .slice(0, first)
      .map((r) => ({ id: String(r.id), rating: r.rating, title: r.title, body: r.body, reviewer: r.reviewer, visitedOn: r.visited_on })),
  };
}

const REVIEWS = 'count averageRating items { id rating title body reviewer visitedOn }';

describe.each(testBackends())('Company.reviews on $name', (backend) => {
  let stores: Stores;
  let db: Kysely<DB>;
  let app: FastifyInstance;
  let auth: TestAuth;
  const log = new QueryLog();
  /** A store given 14 extra reviews, several on the same day, so paging and the id tie-break matter. */
  let busy: { id: number; key: string };

  beforeAll(async () => {
    stores = await seededStores(backend, 1000);
    db = stores.company.db as Kysely<DB>;
    auth = await createTestAuth();
    app = await build({ db: db.withPlugin(log), cache: new MemoryCache(), auth: auth.auth });
    const { rows } = await sql<{ id: number; key: string }>`
      SELECT s.id, s.key FROM store s WHERE EXISTS (SELECT 1 FROM store_review r WHERE r.store_id = s.id) ORDER BY s.id DESC LIMIT 1`.execute(db);
    busy = rows[0] as { id: number; key: string };
    const { rows: max } = await sql<{ id: number }>`SELECT max(id) AS id FROM store_review`.execute(db);
    const base = max[0]?.id ?? 0;
    // Seeded visits end a week before TEST_AS_OF (2026-11-01), so these are the newest.
    for (let i = 1; i <= 14; i++) {
      await sql`INSERT INTO store_review (id, store_id, rating, title, body, reviewer, visited_on)
        VALUES (${base + i}, ${busy.id}, ${(i % 5) + 1}, ${`題${i}`}, '本文', '30代 男性', ${`2026-11-0${(i % 3) + 1}`})`.execute(db);
    }
  });
  afterAll(async () => {
    await app.close();
    await closeSeeded(stores);
  });

  it('matches a plain computation for stores with none, one and many reviews', async () => {
    const { rows } = await sql<{ id: number; key: string; n: number }>`
      SELECT DISTINCT ON (n) s.id, s.key, n FROM store s
      CROSS JOIN LATERAL (SELECT count(*)::int AS n FROM store_review r WHERE r.store_id = s.id) c
      ORDER BY n, s.id`.execute(db);
    expect(rows.map((r) => r.n)).toEqual(expect.arrayContaining([0, 1, 3, 6, 10]));
    for (const store of rows) {
      const res = await auth.query<{ company: { reviews: Reviews } }>(app, `{ company(key: "${store.key}") { reviews(first: 50) { ${REVIEWS} } } }`);
      expect(res.errors).toBeUndefined();
      expect(res.data?.company.reviews).toEqual(await expectedReviews(db, store.id, 50));
    }
  });

  it('pages newest first with the id tie-break, 10 by default', async () => {
    const res = await auth.query<{ company: { d: Reviews; three: Reviews; all: Reviews } }>(
      app,
      `{ company(key: "${busy.key}") { d: reviews { ${REVIEWS} } three: reviews(first: 3) { ${REVIEWS} } all: reviews(first: 50) { ${REVIEWS} } } }`,
    );
    expect(res.errors).toBeUndefined();
    const company = res.data?.company;
    expect(company?.d).toEqual(await expectedReviews(db, busy.id, 10));
    expect(company?.d.items).toHaveLength(10);
    expect(company?.three).toEqual(await expectedReviews(db, busy.id, 3));
    expect(company?.all).toEqual(await expectedReviews(db, busy.id, 50));
    expect(company?.all.count).toBeGreaterThan(14);
    // Same visit day: the higher id first.
    const [x, y] = company?.three.items ?? [];
    expect(x?.visitedOn).toBe('2026-11-03');
    expect(y?.visitedOn).toBe('2026-11-03');
    expect(Number(x?.id)).toBeGreaterThan(Number(y?.id));
  });

  it.each([0, -1, 51])('rejects first: %i with BAD_REQUEST', async (first) => {
    const res = await auth.query(app, `query($first: Int) { company(key: "${busy.key}") { reviews(first: $first) { count } } }`, { first });
    expect(res.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    expect(res.errors?.[0]?.message).toMatch(/1〜50/);
  });

  it('loads counts, means and items for many stores in one query each', async () => {
    const { rows } = await sql<{ id: number; key: string }>`SELECT id, key FROM store ORDER BY id LIMIT 30`.execute(db);
    log.clear();
    const res = await auth.query<{ companies: { reviews: Reviews }[] }>(
      app,
      `query($keys: [String!]!) { companies(keys: $keys) { key reviews(first: 2) { ${REVIEWS} } } }`,
      { keys: rows.map((r) => r.key) },
    );
    expect(res.errors).toBeUndefined();
    for (const [i, r] of rows.entries()) expect(res.data?.companies[i]?.reviews).toEqual(await expectedReviews(db, r.id, 2));
    expect(log.reading('store_review')).toHaveLength(2);
    expect(log.statements).toHaveLength(3);
  });
});
