import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { sql } from 'kysely';
import { MemoryCache } from '@sumika/server-kit';
import { migrateToLatest, type Database } from '@sumika/storage-kit';
import { createTestAuth } from '@sumika/server-kit/testing';
import { testBackends } from '@sumika/storage-kit/testing';
import { build } from '../app.js';
import type { DB } from '../repositories/db.js';
import { wellFormedErrors } from '../images/well-formed.js';
import { IMAGE_KINDS, IMAGE_LABELS, imagePath } from './images.js';

describe.each(testBackends())('generated images on $name', (backend) => {
  let database: Database<DB>;
  beforeAll(async () => {
    database = await backend.open<DB>('bukken');
    await migrateToLatest(database, path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'migrations'));
    await sql`
      INSERT INTO building (id, key, name, name_kana, building_type, struct, floors, built_date, prefecture_code, city_code, address, lat, lng, total_units)
      VALUES (1, 'bld1', 'テストハイツ', 'てすとはいつ', 1, '鉄筋コンクリート', 7, '2015-04-01', 13, 13113, '東京都渋谷区代々木1-2-3', 35.68, 139.70, 28)`.execute(
      database.db,
    );
    await sql`
      INSERT INTO bukken (id, global_key, building_id, company_id, store_id, room_num, floor, plan, plan_detail, area, aspect, chinryou, kanri_kyoeki,
        shikikin, reikin, shikikin_months, reikin_months, shikirei0, agent_fee_months, guarantee_company, contract_years, condition_codes,
        highly_recommended, pr_text, arrived_at, updated_at, view_count, image_seed)
      VALUES (1, 'bk000000001', 1, 1, 1, '302', 3, '1LDK', 'LDK 10.0帖 / 洋室 6.0帖', 40.25, '南', 120000, 8000, 120000, 0, 1, 0, false, 1.1, true, 2,
        '{}', false, 'テスト', now(), now(), 10, 12345)`.execute(database.db);
    await sql`
      INSERT INTO bukken (id, global_key, building_id, company_id, store_id, room_num, floor, plan, plan_detail, area, aspect, chinryou, kanri_kyoeki,
        shikikin, reikin, shikikin_months, reikin_months, shikirei0, agent_fee_months, guarantee_company, contract_years, condition_codes,
        highly_recommended, pr_text, arrived_at, updated_at, view_count, image_seed)
      VALUES (2, 'bk000000002', 1, 1, 1, '601', 6, '2LDK', 'LDK 12.0帖', 55.5, '東', 160000, 10000, 160000, 160000, 1, 1, false, 1.1, true, 2,
        '{"baths":[201,202,205],"kitchens":[701,703,704,708],"securities":[606],"locations":[407]}', false, 'テスト', now(), now(), 3, 987)`.execute(
      database.db,
    );
  });
  afterAll(async () => {
    await database.close();
  });

  it('draws the floor plan from the listing and caches it by ETag', async () => {
    const app = await build({ db: database.db, cache: new MemoryCache(), auth: (await createTestAuth()).auth });
    const res = await app.inject({ method: 'GET', url: imagePath('bk000000001', 'madori') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.body.startsWith('<svg')).toBe(true);
    expect(res.body).toContain('1LDK');
    expect(res.body).toContain('40.25');
    const again = await app.inject({ method: 'GET', url: imagePath('bk000000001', 'madori'), headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    await app.close();
  });

  it('draws the exterior with the building floors', async () => {
    const app = await build({ db: database.db, cache: new MemoryCache(), auth: (await createTestAuth()).auth });
    const res = await app.inject({ method: 'GET', url: imagePath('bk000000001', 'gaikan') });
    expect(res.statusCode).toBe(200);
    expect(res.body.match(/data-floor=/g)).toHaveLength(7);
    await app.close();
  });

  it('draws all six kinds from each listing: well-formed, the same bytes each time, different between listings', async () => {
    const app = await build({ db: database.db, cache: new MemoryCache(), auth: (await createTestAuth()).auth });
    expect(IMAGE_KINDS).toEqual(['gaikan', 'madori', 'entrance', 'kitchen', 'bath', 'view']);
    expect(IMAGE_KINDS.map((k) => IMAGE_LABELS[k])).toEqual(['外観', '間取り図', '玄関', 'キッチン', 'バス・トイレ', '眺望']);
    for (const kind of IMAGE_KINDS) {
      const [a, again, b] = await Promise.all(
        ['bk000000001', 'bk000000001', 'bk000000002'].map((key) => app.inject({ method: 'GET', url: imagePath(key, kind) })),
      );
      for (const res of [a, b]) {
        expect(res?.statusCode).toBe(200);
        expect(res?.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
        expect(wellFormedErrors(res?.body ?? '')).toEqual([]);
      }
      expect(again?.body).toBe(a?.body);
      expect(b?.body).not.toBe(a?.body);
    }
    // The second listing's conditions show: IH three-ring kitchen, separate bath, its floor and aspect.
    expect((await app.inject({ method: 'GET', url: imagePath('bk000000002', 'kitchen') })).body).toContain('data-hob="ih" data-burners="3"');
    expect((await app.inject({ method: 'GET', url: imagePath('bk000000002', 'bath') })).body).toContain('バス・トイレ別 / 追い焚き');
    expect((await app.inject({ method: 'GET', url: imagePath('bk000000002', 'view') })).body).toContain('眺望 / 6階・東向き / 眺望良好');
    await app.close();
  });

  it('answers unknown listings with NOT_FOUND and bad kinds with BAD_REQUEST, never a stack trace', async () => {
    const app = await build({ db: database.db, cache: new MemoryCache(), auth: (await createTestAuth()).auth });
    const missing = await app.inject({ method: 'GET', url: imagePath('bk999999999', 'madori') });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ errorCode: 'NOT_FOUND', message: 'ページを表示できません。(404エラー)' });
    const bad = await app.inject({ method: 'GET', url: '/images/bukken/bk000000001/other.png' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errorCode: 'BAD_REQUEST' });
    const unknownKind = await app.inject({ method: 'GET', url: '/images/bukken/bk000000001/pool.svg' });
    expect(unknownKind.statusCode).toBe(400);
    expect(unknownKind.json()).toMatchObject({ errorCode: 'BAD_REQUEST' });
    await app.close();
  });
});
