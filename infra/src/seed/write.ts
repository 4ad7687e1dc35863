import { sql } from 'kysely';
import type { Database } from '@sumika/storage-kit';
import type { MasterData } from '../master/types.js';
import type { BukkenRow, CompanyData, GeneratedBuilding } from './generate.js';

type AnyDb = Database<unknown>;

export async function truncate(database: AnyDb, tables: readonly string[]): Promise<void> {
  await sql.raw(`TRUNCATE ${tables.join(', ')} RESTART IDENTITY CASCADE`).execute(database.db);
}

/** Table names in foreign-key order, per subgraph, for truncation and checksums. */
export const SEARCH_MASTER_TABLES = [
  'prefecture',
  'region',
  'city',
  'town',
  'railway',
  'line',
  'station_group',
  'station',
  'station_edge',
  'campus',
  'campus_station',
  'condition_group',
  'condition_code',
  'special',
  'madori',
] as const;

export async function writeMaster(search: AnyDb, m: MasterData): Promise<void> {
  await truncate(search, ['listing', ...SEARCH_MASTER_TABLES]);
  const c = (table: string, cols: string[], rows: Iterable<readonly unknown[]>) => search.copyFrom(table, cols, rows as Iterable<readonly never[]>);
  await c(
    'prefecture',
    ['code', 'jis_code', 'name', 'short_name', 'kana', 'path', 'lat', 'lng'],
    m.prefectures.map((p) => [p.code, p.jisCode, p.name, p.shortName, p.kana, p.path, p.lat, p.lng]),
  );
  await c(
    'region',
    ['grouping', 'code', 'name', 'sort', 'prefecture_codes'],
    m.regions.map((r) => [r.grouping, r.code, r.name, r.sort, r.prefectureCodes]),
  );
  // Designated cities first: their wards reference them.
  const cities = [...m.cities].sort((a, b) => Number(a.gdCityCode !== null) - Number(b.gdCityCode !== null) || a.code - b.code);
  await c(
    'city',
    ['code', 'jis_code', 'prefecture_code', 'name', 'kana', 'kind', 'gd_city_code', 'searchable', 'lat', 'lng'],
    cities.map((x) => [x.code, x.jisCode, x.prefectureCode, x.name, x.kana, x.kind, x.gdCityCode, x.searchable, x.lat, x.lng]),
  );
  await c(
    'town',
    ['code', 'city_code', 'name', 'kana', 'lat', 'lng'],
    m.towns.map((t) => [t.code, t.cityCode, t.name, t.kana, t.lat, t.lng]),
  );
  await c(
    'railway',
    ['code', 'name', 'sort'],
    m.railways.map((r) => [r.code, r.name, r.sort]),
  );
  await c(
    'line',
    ['code', 'railway_code', 'name', 'name_en', 'nickname', 'color', 'kind', 'sort', 'prefecture_codes'],
    m.lines.map((l) => [l.code, l.railwayCode, l.name, l.nameEn, l.nickname, l.color, l.kind, l.sort, l.prefectureCodes]),
  );
  await c(
    'station_group',
    ['code', 'name', 'kana', 'romaji', 'prefecture_code', 'city_code', 'town_code', 'lat', 'lng', 'line_codes'],
    m.stationGroups.map((g) => [g.code, g.name, g.kana, g.romaji, g.prefectureCode, g.cityCode, g.townCode, g.lat, g.lng, g.lineCodes]),
  );
  await c(
    'station',
    ['code', 'group_code', 'line_code', 'seq', 'name', 'prefecture_code', 'lat', 'lng'],
    m.stations.map((s) => [s.code, s.groupCode, s.lineCode, s.seq, s.name, s.prefectureCode, s.lat, s.lng]),
  );
  await c(
    'station_edge',
    ['from_station', 'to_station', 'line_code', 'minutes', 'kind'],
    m.edges.map((e) => [e.fromStation, e.toStation, e.lineCode, e.minutes, e.kind]),
  );
  await c(
    'campus',
    ['id', 'institute_id', 'institute_name', 'institute_kana', 'campus_name', 'kind', 'prefecture_code', 'address', 'lat', 'lng', 'initial'],
    m.campuses.map((x) => [x.id, x.instituteId, x.instituteName, x.instituteKana, x.campusName, x.kind, x.prefectureCode, x.address, x.lat, x.lng, x.initial]),
  );
  await c(
    'campus_station',
    ['campus_id', 'group_code', 'rank', 'distance_m', 'walk_min'],
    m.campuses.flatMap((x) => x.nearStations.map((s, i) => [x.id, s.groupCode, i + 1, s.distanceM, s.walkMin])),
  );
  await c(
    'condition_group',
    ['key', 'name', 'sort'],
    m.conditionGroups.map((g) => [g.key, g.name, g.sort]),
  );
  await c(
    'condition_code',
    ['code', 'group_key', 'name', 'path', 'sort'],
    m.conditionCodes.map((x) => [x.code, x.groupKey, x.name, x.path, x.sort]),
  );
  await c(
    'special',
    ['path', 'name', 'title', 'top_image', 'feature_texts1', 'feature_texts2', 'pref_desc', 'faq', 'match', 'sort'],
    m.specials.map((s) => [
      s.path,
      s.name,
      s.title,
      s.topImage,
      s.featureTexts1,
      s.featureTexts2,
      s.prefDesc,
      JSON.stringify(s.faq),
      JSON.stringify(s.match),
      s.sort,
    ]),
  );
  await c(
    'madori',
    ['code', 'name', 'path', 'rooms'],
    m.madori.map((x) => [x.code, x.name, x.path, x.rooms]),
  );
}

/** The bukken subgraph's copy of master data: condition names, which its detail fields resolve themselves. */
export const BUKKEN_MASTER_TABLES = ['condition_code'] as const;

export async function writeBukkenMaster(bukken: AnyDb, m: MasterData): Promise<void> {
  await truncate(bukken, BUKKEN_MASTER_TABLES);
  await bukken.copyFrom(
    'condition_code',
    ['code', 'name', 'group_key'],
    m.conditionCodes.map((x) => [x.code, x.name, x.groupKey] as never[]),
  );
}

/**
 * A store seeded before the bukken subgraph kept condition names (its migration 0003) gets them
 * from the search store's condition_code, written from the same master; returns the rows copied.
 */
export async function backfillBukkenMaster(search: AnyDb, bukken: AnyDb): Promise<number> {
  const { rows: own } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM condition_code`.execute(bukken.db);
  if (own[0]?.n) return 0;
  const { rows } = await sql<{ code: number; name: string; group_key: string }>`SELECT code, name, group_key FROM condition_code ORDER BY code`.execute(
    search.db,
  );
  if (rows.length)
    await bukken.copyFrom(
      'condition_code',
      ['code', 'name', 'group_key'],
      rows.map((r) => [r.code, r.name, r.group_key] as never[]),
    );
  return rows.length;
}

export const COMPANY_TABLES = ['company', 'store', 'store_review', 'employee'] as const;

export async function writeCompanies(company: AnyDb, d: CompanyData): Promise<void> {
  await truncate(company, COMPANY_TABLES);
  await company.copyFrom(
    'company',
    [
      'id',
      'key',
      'company_name',
      'company_kana',
      'license_number',
      'association',
      'daihyo',
      'pr_text',
      'established_year',
      'employees_count',
      'is_later_payment_available',
      'award_years',
      'prefecture_code',
      'city_code',
      'address',
      'tel',
    ],
    d.companies.map((x) => [
      x.id,
      x.key,
      x.companyName,
      x.companyKana,
      x.licenseNumber,
      x.association,
      x.daihyo,
      x.prText,
      x.establishedYear,
      x.employeesCount,
      x.isLaterPaymentAvailable,
      x.awardYears,
      x.prefectureCode,
      x.cityCode,
      x.address,
      x.tel,
    ]),
  );
  await company.copyFrom(
    'store',
    ['id', 'key', 'company_id', 'client_name', 'tel', 'address', 'access', 'holiday', 'open_time', 'prefecture_code', 'city_code', 'lat', 'lng'],
    d.stores.map((x) => [
      x.id,
      x.key,
      x.companyId,
      x.clientName,
      x.tel,
      x.address,
      x.access,
      x.holiday,
      x.openTime,
      x.prefectureCode,
      x.cityCode,
      x.lat,
      x.lng,
    ]),
  );
  await company.copyFrom(
    'store_review',
    ['id', 'store_id', 'rating', 'title', 'body', 'reviewer', 'visited_on'],
    d.reviews.map((x) => [x.id, x.storeId, x.rating, x.title, x.body, x.reviewer, x.visitedOn]),
  );
  await company.copyFrom(
    'employee',
    ['id', 'store_id', 'name', 'position', 'years_of_experience', 'qualification', 'comment'],
    d.employees.map((x) => [x.id, x.storeId, x.name, x.position, x.yearsOfExperience, x.qualification, x.comment]),
  );
}

export const BUKKEN_TABLES = ['building', 'bukken', 'bukken_traffic'] as const;

const BUILDING_COLS = [
  'id',
  'key',
  'name',
  'name_kana',
  'building_type',
  'struct',
  'floors',
  'basement_floors',
  'built_date',
  'prefecture_code',
  'city_code',
  'town_code',
  'address',
  'lat',
  'lng',
  'total_units',
];
const BUKKEN_COLS = [
  'id',
  'global_key',
  'building_id',
  'company_id',
  'store_id',
  'room_num',
  'floor',
  'plan',
  'plan_detail',
  'area',
  'aspect',
  'chinryou',
  'kanri_kyoeki',
  'shikikin',
  'reikin',
  'shikikin_months',
  'reikin_months',
  'hoshoukin',
  'shikirei0',
  'agent_fee_months',
  'guarantee_company',
  'contract_years',
  'condition_codes',
  'highly_recommended',
  'exclamation',
  'pr_text',
  'arrived_at',
  'updated_at',
  'view_count',
  'archived_at',
  'image_seed',
];
const TRAFFIC_COLS = ['bukken_id', 'seq', 'line_code', 'line_name', 'station_code', 'station_group_code', 'station_name', 'distance_m', 'walk_min'];
const LISTING_COLS = [
  'id',
  'global_key',
  'building_key',
  'company_id',
  'prefecture_code',
  'city_code',
  'gd_city_code',
  'town_code',
  'building_type',
  'chinryou',
  'kanri_kyoeki',
  'total_rent',
  'no_shikikin',
  'no_reikin',
  'plan_code',
  'area',
  'floor',
  'walk_min',
  'station_groups',
  'line_codes',
  'condition_codes',
  'built_year',
  'built_date',
  'arrived_at',
  'view_count',
  'initial_cost',
  'lat',
  'lng',
  'words',
  'archived',
  'store_id',
];

function uniq(xs: number[]): number[] {
  return [...new Set(xs)].sort((a, b) => a - b);
}

/** The search subgraph's index row for a listing (derived, never edited by hand). */
export function listingIndexRow(b: GeneratedBuilding['building'], x: BukkenRow): readonly unknown[] {
  return [
    x.id,
    x.globalKey,
    b.key,
    x.companyId,
    b.prefectureCode,
    b.cityCode,
    b.gdCityCode,
    b.townCode,
    b.buildingType,
    x.chinryou,
    x.kanriKyoeki,
    x.chinryou + x.kanriKyoeki,
    x.shikikin === 0,
    x.reikin === 0,
    x.planCode,
    x.area,
    x.floor,
    Math.min(...x.traffics.map((t) => t.walkMin)),
    uniq(x.traffics.map((t) => t.stationGroupCode)),
    uniq(x.traffics.map((t) => t.lineCode)),
    x.flatConditionCodes,
    Number(b.builtDate.slice(0, 4)),
    b.builtDate,
    x.arrivedAt,
    x.viewCount,
    x.initialCost,
    b.lat,
    b.lng,
    x.words,
    x.archivedAt !== null,
    x.storeId,
  ];
}

export interface ListingBatch {
  buildings: GeneratedBuilding[];
}

/** Writes one batch of generated buildings to the bukken store and the search index, both at once. */
export async function writeListingBatch(bukken: AnyDb, search: AnyDb, batch: GeneratedBuilding[]): Promise<number> {
  const rooms = batch.flatMap((g) => g.rooms.map((x) => [g.building, x] as const));
  await Promise.all([
    (async () => {
      await bukken.copyFrom(
        'building',
        BUILDING_COLS,
        batch.map(
          ({ building: b }) =>
            [
              b.id,
              b.key,
              b.name,
              b.nameKana,
              b.buildingType,
              b.struct,
              b.floors,
              b.basementFloors,
              b.builtDate,
              b.prefectureCode,
              b.cityCode,
              b.townCode,
              b.address,
              b.lat,
              b.lng,
              b.totalUnits,
            ] as never[],
        ),
      );
      await bukken.copyFrom(
        'bukken',
        BUKKEN_COLS,
        rooms.map(
          ([, x]) =>
            [
              x.id,
              x.globalKey,
              x.buildingId,
              x.companyId,
              x.storeId,
              x.roomNum,
              x.floor,
              x.plan,
              x.planDetail,
              x.area,
              x.aspect,
              x.chinryou,
              x.kanriKyoeki,
              x.shikikin,
              x.reikin,
              x.shikikinMonths,
              x.reikinMonths,
              x.hoshoukin,
              x.shikirei0,
              x.agentFeeMonths,
              x.guaranteeCompany,
              x.contractYears,
              JSON.stringify(x.conditionCodes),
              x.highlyRecommended,
              x.exclamation,
              x.prText,
              x.arrivedAt,
              x.updatedAt,
              x.viewCount,
              x.archivedAt,
              x.imageSeed,
            ] as never[],
        ),
      );
      await bukken.copyFrom(
        'bukken_traffic',
        TRAFFIC_COLS,
        rooms.flatMap(([, x]) =>
          x.traffics.map((t) => [x.id, t.seq, t.lineCode, t.lineName, t.stationCode, t.stationGroupCode, t.stationName, t.distanceM, t.walkMin] as never[]),
        ),
      );
    })(),
    search.copyFrom(
      'listing',
      LISTING_COLS,
      rooms.map(([b, x]) => listingIndexRow(b, x) as never[]),
    ),
  ]);
  return rooms.length;
}

/**
 * Runs a bulk load with the secondary indexes of `tables` dropped, then rebuilds them from
 * their own definitions (so migrations stay the only place indexes are declared).
 */
export async function withIndexesDeferred<T>(database: AnyDb, tables: readonly string[], fn: () => Promise<T>): Promise<T> {
  const { rows } = await sql<{ indexname: string; indexdef: string }>`
    SELECT i.indexname, i.indexdef FROM pg_indexes i
    WHERE i.schemaname = ${database.schema} AND i.tablename IN (${sql.join(tables)})
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname AND c.connamespace = ${database.schema}::regnamespace)
    ORDER BY i.indexname`.execute(database.db);
  for (const r of rows) await sql.raw(`DROP INDEX ${database.schema}.${r.indexname}`).execute(database.db);
  try {
    return await fn();
  } finally {
    for (const r of rows) await sql.raw(r.indexdef).execute(database.db);
  }
}

/**
 * md5 over a table's rows in key order: equal checksums mean byte-identical data. `exclude`: bookkeeping
 * columns that differ between two identical loads (listing.written_xact, the writing transaction).
 */
export async function tableChecksum(database: AnyDb, table: string, orderBy: string, exclude: readonly string[] = []): Promise<string> {
  const row = exclude.length ? sql`(to_jsonb(t) - ${[...exclude]}::text[])::text` : sql`t::text`;
  const { rows } = await sql<{ sum: string | null; n: number }>`
    SELECT md5(string_agg(${row}, '|' ORDER BY ${sql.raw(orderBy)})) AS sum, count(*)::int AS n FROM ${sql.table(table)} t`.execute(database.db);
  return `${rows[0]?.n ?? 0}:${rows[0]?.sum ?? ''}`;
}
