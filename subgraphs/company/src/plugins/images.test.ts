import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { MemoryCache } from '@sumika/server-kit';
import { createTestAuth, type TestAuth } from '@sumika/server-kit/testing';
import { testBackends } from '@sumika/storage-kit/testing';
import { closeSeeded, seededStores } from '@sumika/infra/testing/seeded';
import { build } from '../app.js';
import { storefrontPath } from '../images/urls.js';
import type { DB } from '../repositories/db.js';

type Stores = Awaited<ReturnType<typeof seededStores>>;

const NASTY_CLIENT = `<b>Tom & Jerry's "不動産"</b> 本店`;
const NASTY_COMPANY = '株式会社<script>alert(1)</script>';

describe.each(testBackends())('storefront images on $name', (backend) => {
  let stores: Stores;
  let db: Kysely<DB>;
  let app: FastifyInstance;
  let auth: TestAuth;
  let nastyKey: string;

  beforeAll(async () => {
    stores = await seededStores(backend, 1000);
    db = stores.company.db as Kysely<DB>;
    auth = await createTestAuth();
    app = await build({ db, cache: new MemoryCache(), auth: auth.auth });
    // A store whose names need every XML escape.
    const { rows } = await sql<{ c: number; s: number }>`SELECT (SELECT max(id) FROM company) AS c, (SELECT max(id) FROM store) AS s`.execute(db);
    const companyId = (rows[0]?.c ?? 0) + 1;
    const storeId = (rows[0]?.s ?? 0) + 1;
    nastyKey = `st${String(storeId).padStart(6, '0')}`;
    await sql`INSERT INTO company (id, key, company_name, company_kana, license_number, association, daihyo, pr_text, established_year, employees_count,
        is_later_payment_available, award_years, prefecture_code, city_code, address, tel)
      VALUES (${companyId}, ${`co${String(companyId).padStart(5, '0')}`}, ${NASTY_COMPANY}, 'かぶしきがいしゃ', '東京都知事(1)第1号', '全日本不動産協会', '山田 太郎', 'テスト',
        2020, 3, false, '{}', 13, 13101, '東京都千代田区1-1-1', '03-0000-0000')`.execute(db);
    await sql`INSERT INTO store (id, key, company_id, client_name, tel, address, access, holiday, open_time, prefecture_code, city_code, lat, lng)
      VALUES (${storeId}, ${nastyKey}, ${companyId}, ${NASTY_CLIENT}, '03-0000-0000', '東京都千代田区1-1-1', '「東京」駅 徒歩1分', '水曜日', '10:00〜19:00', 13, 13101, 35.68, 139.76)`.execute(
      db,
    );
  });
  afterAll(async () => {
    await app.close();
    await closeSeeded(stores);
  });

  it('draws the storefront with the store name on the sign, cacheable by a strong ETag', async () => {
    const { rows } = await sql<{ key: string; client_name: string; company_name: string }>`
      SELECT s.key, s.client_name, c.company_name FROM store s JOIN company c ON c.id = s.company_id WHERE s.id = 5`.execute(db);
    const store = rows[0] as { key: string; client_name: string; company_name: string };
    const res = await app.inject({ method: 'GET', url: storefrontPath(store.key) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['cache-control']).toMatch(/public, max-age=\d+/);
    expect(res.body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(res.body.endsWith('</svg>')).toBe(true);
    expect(res.body).toContain(`>${store.client_name}</text>`);
    expect(res.body).toContain(`>${store.company_name}</text>`);
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await app.inject({ method: 'GET', url: storefrontPath(store.key) });
    expect(again.body).toBe(res.body);
    expect(again.headers.etag).toBe(etag);
    const cached = await app.inject({ method: 'GET', url: storefrontPath(store.key), headers: { 'if-none-match': etag } });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
    expect(cached.headers.etag).toBe(etag);
    const stale = await app.inject({ method: 'GET', url: storefrontPath(store.key), headers: { 'if-none-match': '"something-else"' } });
    expect(stale.statusCode).toBe(200);
  });

  it('XML-escapes the names', async () => {
    const res = await app.inject({ method: 'GET', url: storefrontPath(nastyKey) });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('&lt;b&gt;Tom &amp; Jerry&#39;s &quot;不動産&quot;&lt;/b&gt; 本店');
    expect(res.body).toContain('株式会社&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(res.body).not.toContain('<b>');
    expect(res.body).not.toContain('<script>');
    expect(res.body).not.toContain("Jerry's");
  });

  it.each(['st999999', 'nope', 'st000001x'])('answers unknown key %s with the 404 JSON', async (key) => {
    const res = await app.inject({ method: 'GET', url: storefrontPath(key) });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ errorCode: 'NOT_FOUND', message: 'ページを表示できません。(404エラー)' });
  });

  it('serves the URL that Company.images hands out, without a gateway token', async () => {
    const gql = await auth.query<{ company: { images: { url: string }[] } }>(app, '{ company(key: "st000003") { images { url } } }');
    const url = new URL(gql.data?.company.images[0]?.url ?? 'http://invalid/', 'http://shell.test');
    const res = await app.inject({ method: 'GET', url: url.pathname });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
  });
});
