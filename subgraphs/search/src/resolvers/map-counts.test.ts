import { MemoryCache } from '@sumika/server-kit';
import { createTestAuth, type TestAuth } from '@sumika/server-kit/testing';
import { testBackends } from '@sumika/storage-kit/testing';
import { closeSeeded, seededStores } from '@sumika/infra/testing/seeded';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { build } from '../app.js';
import { encode, hexSize } from '../domain/geohex.js';
import { baseFilter } from '../domain/filter.js';
import type { DB } from '../repositories/db.js';
import { COUNTED_HEX_LEVELS, hexCountsInSql } from '../repositories/listing-map.js';
import { cellOf } from './map.js';

type Box = { south: number; west: number; north: number; east: number };
type Row = { id: number; lat: number; lng: number; archived: boolean } & Record<`hex${number}`, string>;

const MAP_INFO = `query M($level: Int!, $south: Float!, $west: Float!, $north: Float!, $east: Float!, $c: SearchConditionInput) {
  mapInfo(level: $level, south: $south, west: $west, north: $north, east: $east, searchCondition: $c) { geoHex count } }`;

const levels = Array.from({ length: COUNTED_HEX_LEVELS.max - COUNTED_HEX_LEVELS.min + 1 }, (_, i) => COUNTED_HEX_LEVELS.min + i);

/**
 * The map's counts kept on write (migration 0007, listing_map_count) against the rows: the table
 * recomputed here from every listing, and mapInfo without a condition and the SQL count (from the
 * table with its edges counted from the rows) against the GeoHex library over the rows, before and
 * after writes.
 */
describe.each(testBackends())('map counts kept on write on $name', (backend) => {
  let stores: Awaited<ReturnType<typeof seededStores>>;
  let db: Kysely<unknown>;
  let app: FastifyInstance;
  let auth: TestAuth;

  const rows = async (): Promise<Row[]> =>
    (await sql<Row>`SELECT id, lat, lng, archived, hex3, hex4, hex5, hex6 FROM listing`.execute(db)).rows.map((r) => ({
      ...r,
      id: Number(r.id),
      lat: Number(r.lat),
      lng: Number(r.lng),
    }));

  /** listing_map_count as it should be: per level, 0.01° and 0.1° square and cell, the active listings. */
  const expectedTable = (all: Row[]) => {
    const m = new Map<string, number>();
    for (const r of all) {
      if (r.archived) continue;
      const [lat, lng] = [Math.floor(r.lat * 100), Math.floor(r.lng * 100)];
      for (const level of levels) {
        for (const span of [1, 10]) {
          const key = `${level}/${span}/${Math.floor(lat / span)}/${Math.floor(lng / span)}/${r[`hex${level}`]}`;
          m.set(key, (m.get(key) ?? 0) + 1);
        }
      }
    }
    return m;
  };
  const storedTable = async () => {
    const { rows: stored } = await sql<{ level: number; span: number; lat_i: number; lng_i: number; cell: string; n: number }>`
      SELECT level, span, lat_i, lng_i, cell, n FROM listing_map_count`.execute(db);
    return new Map(stored.map((r) => [`${r.level}/${r.span}/${r.lat_i}/${r.lng_i}/${r.cell}`, Number(r.n)]));
  };

  const mapInfo = async (level: number, box: Box, c: Record<string, unknown> | null = null) => {
    const res = await auth.query<{ mapInfo: { geoHex: string; count: number }[] }>(app, MAP_INFO, { level, ...box, c });
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    return new Map(res.data!.mapInfo.map((x) => [x.geoHex, x.count]));
  };
  const expectedCells = (all: Row[], level: number, b: Box) => {
    const m = new Map<string, number>();
    for (const r of all) {
      if (r.archived || r.lat < b.south || r.lat > b.north || r.lng < b.west || r.lng > b.east) continue;
      const code = encode(r.lat, r.lng, level);
      m.set(code, (m.get(code) ?? 0) + 1);
    }
    return m;
  };

  /** Boxes at every counted level about central Tokyo: some with edges on 0.01° and 0.1° lines, some thinner than a square. */
  const boxes = (): [number, Box][] => {
    const out: [number, Box][] = [];
    for (const level of levels) {
      // About 30 cells across, within the cell cap at every level.
      const half = (15 * hexSize(level)) / 111_319;
      out.push([level, { south: 35.69 - half * 0.8, north: 35.69 + half * 0.8, west: 139.7 - half, east: 139.7 + half }]);
      out.push([level, { south: 35.6, west: 139.6, north: 35.8, east: 139.9 }]);
      out.push([level, { south: 35.61, west: 139.65, north: 35.73, east: 139.77 }]);
    }
    out.push([6, { south: 35.6, west: 139.6, north: 35.605, east: 139.9 }]);
    out.push([6, { south: 35.6, west: 139.7, north: 35.8, east: 139.7 }]);
    out.push([3, { south: 35.6, west: 139.6, north: 35.6, east: 139.6 }]);
    return out;
  };

  const expectAllAgree = async () => {
    const all = await rows();
    const stored = await storedTable();
    expect([...stored.values()].filter((n) => n <= 0)).toEqual([]);
    expect(stored).toEqual(expectedTable(all));
    for (const [level, box] of boxes()) {
      const want = expectedCells(all, level, box);
      expect([level, box, await mapInfo(level, box)]).toEqual([level, box, want]);
      // mapInfo answers these levels from the in-memory listing index; the SQL it falls back on, on its own.
      const inSql = await hexCountsInSql(db as Kysely<DB>, { ...baseFilter(), bbox: box }, level);
      expect([level, box, new Map(inSql.map((c) => [cellOf(c.x, c.y, level).geoHex, c.count]))]).toEqual([level, box, want]);
    }
    return all;
  };

  beforeAll(async () => {
    stores = await seededStores(backend, 2000);
    db = stores.search.db as Kysely<unknown>;
    auth = await createTestAuth();
    app = await build({ db: stores.search.db as never, cache: new MemoryCache(), auth: auth.auth });
  });
  afterAll(async () => {
    await app?.close();
    if (stores) await closeSeeded(stores);
  });

  it('counts every active listing of the seed, and mapInfo from the counts equals grouping the rows', async () => {
    const all = await expectAllAgree();
    const tokyo = all.filter((r) => !r.archived && r.lat > 35.6 && r.lat < 35.8 && r.lng > 139.6 && r.lng < 139.9);
    expect(tokyo.length).toBeGreaterThan(100);
    expect(all.some((r) => r.archived)).toBe(true);
    // With a condition the map is computed from the rows as before.
    const box = { south: 35.6, west: 139.6, north: 35.8, east: 139.9 };
    const near = await mapInfo(5, box, { walkMin: 5 });
    expect([...near.values()].reduce((a, n) => a + n, 0)).toBeGreaterThan(0);
  });

  it('stays equal to the rows after inserts, moves, archiving, reviving and deletes', async () => {
    const { rows: cols } = await sql<{ column_name: string }>`
      SELECT column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = 'listing' AND is_generated = 'NEVER' ORDER BY ordinal_position`.execute(db);
    const others = cols.map((c) => c.column_name).filter((c) => !['id', 'global_key', 'lat', 'lng', 'archived'].includes(c));
    const copy = (id: number, lat: number, lng: number, archived = false) => sql`
      INSERT INTO listing (id, global_key, lat, lng, archived, ${sql.join(others.map((c) => sql.ref(c)))})
      SELECT ${id}::bigint, ${`bkmapcount${id}`}::text, ${lat}::float8, ${lng}::float8, ${archived}, ${sql.join(others.map((c) => sql.ref(c)))}
      FROM listing WHERE id = (SELECT min(id) FROM listing)`;
    const before = await rows();
    const active = before.filter((r) => !r.archived && r.lat > 35.62 && r.lat < 35.78 && r.lng > 139.62 && r.lng < 139.88);
    expect(active.length).toBeGreaterThan(20);
    const base = Math.max(...before.map((r) => r.id)) + 1;

    // Listings on square and box edges (exactly on 0.01° and 0.1° lines), one statement per listing and several per statement.
    await copy(base, 35.6, 139.6).execute(db);
    await copy(base + 1, 35.7, 139.7).execute(db);
    await copy(base + 2, 35.61, 139.77, true).execute(db);
    await sql`${copy(base + 3, 35.73, 139.65)} UNION ALL SELECT ${base + 4}::bigint, ${`bkmapcount${base + 4}`}::text, 35.8::float8, 139.9::float8, false,
      ${sql.join(others.map((c) => sql.ref(c)))} FROM listing WHERE id = (SELECT min(id) FROM listing)`.execute(db);
    await expectAllAgree();

    // Moves (within a square, across squares and cells, out of the boxes), in one statement.
    const [a, b, c] = active;
    await sql`UPDATE listing SET lat = CASE id WHEN ${a!.id} THEN lat + 0.0001 WHEN ${b!.id} THEN 35.655 ELSE 40.5 END,
      lng = CASE id WHEN ${a!.id} THEN lng WHEN ${b!.id} THEN 139.755 ELSE 141.3 END
      WHERE id IN (${a!.id}, ${b!.id}, ${c!.id})`.execute(db);
    // An update that moves nothing, archiving and reviving.
    await sql`UPDATE listing SET view_count = view_count + 1 WHERE id = ${active[3]!.id}`.execute(db);
    await sql`UPDATE listing SET archived = true WHERE id IN (${active[4]!.id}, ${active[5]!.id}, ${base + 1})`.execute(db);
    await sql`UPDATE listing SET archived = false WHERE id = ${base + 2}`.execute(db);
    await expectAllAgree();

    // Deletes, including every listing of some squares (their rows go, not stay at 0).
    await sql`DELETE FROM listing WHERE id IN (${active[6]!.id}, ${active[7]!.id}, ${base}, ${base + 3})`.execute(db);
    await sql`DELETE FROM listing WHERE lat >= 35.7 AND lat < 35.71 AND lng >= 139.7 AND lng < 139.72`.execute(db);
    await expectAllAgree();
  });

  it('is emptied with the listings (a new seed starts by truncating)', async () => {
    await sql`TRUNCATE listing`.execute(db);
    expect((await storedTable()).size).toBe(0);
    expect(await mapInfo(5, { south: 35.6, west: 139.6, north: 35.8, east: 139.9 })).toEqual(new Map());
  });
});
