import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { planOrdinal } from '../domain/condition.js';
import { builtYearFrom, type BBox, type CityChoice, type ListingFilter, type SpecialRule } from '../domain/filter.js';
import type { Sort } from '../domain/sort.js';
import { WithinBounds, type Within } from '../domain/sorted.js';
import type { DB } from './db.js';
import { listingIndex } from './listing-index.js';

export const ints = (codes: readonly number[]) => sql`${[...codes]}::int[]`;
const smallints = (codes: readonly number[]) => sql`${[...codes]}::smallint[]`;
const FALSE = sql<SqlBool>`false`;

function cityClauses(c: CityChoice, prefectureCode: number | null): RawBuilder<unknown>[] {
  const parts: RawBuilder<unknown>[] = [];
  if (c.cityCodes.length) parts.push(sql`city_code = any(${ints(c.cityCodes)})`);
  if (c.gdCityCodes.length) parts.push(sql`gd_city_code = any(${ints(c.gdCityCodes)})`);
  if (parts.length === 0) return [FALSE];
  const out: RawBuilder<unknown>[] = [parts.length > 1 ? sql`(${sql.join(parts, sql` OR `)})` : parts[0]!];
  // The implied prefecture lets the (prefecture_code, …) indexes serve a city-only search.
  const [only, ...more] = c.prefectureCodes;
  if (prefectureCode === null && only !== undefined) {
    out.push(more.length ? sql`prefecture_code = any(${smallints(c.prefectureCodes)})` : sql`prefecture_code = ${only}`);
  }
  return out;
}

/** GIN merges one posting stream per key for every candidate; larger sets are split into chunks this big. */
export const OVERLAP_CHUNK = 16;

/**
 * `column && set`, through the GIN index. A large set (a commute area: hundreds of station groups)
 * is split into an OR of chunks, which PostgreSQL runs as a BitmapOr of small GIN scans: about four
 * times faster than one scan merging every key's stream.
 */
function overlapClause(column: 'station_groups' | 'line_codes', set: readonly number[]): RawBuilder<unknown> {
  if (set.length === 0) return FALSE;
  const chunks: RawBuilder<unknown>[] = [];
  for (let i = 0; i < set.length; i += OVERLAP_CHUNK) chunks.push(sql`${sql.ref(column)} && ${ints(set.slice(i, i + OVERLAP_CHUNK))}`);
  return chunks.length === 1 ? chunks[0]! : sql`(${sql.join(chunks, sql` OR `)})`;
}

/** Beyond this many 0.01° latitude bands (about 11 km), a box is searched without naming them. */
const MAX_LAT_BANDS = 1_000;

/**
 * The box's 0.01° latitude bands, the leading key of listing_search_map (migration 0006): implied by
 * `lat BETWEEN south AND north` (floor and the IEEE product are monotonic, in JavaScript as in SQL), and
 * it turns the index scan into one seek per band with the longitude range as a key range.
 */
function bandClause(b: BBox): RawBuilder<unknown>[] {
  const [from, to] = [Math.floor(b.south * 100), Math.floor(b.north * 100)];
  if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to) || to - from >= MAX_LAT_BANDS) return [];
  return [sql`floor(lat * 100)::int = any(${ints(Array.from({ length: to - from + 1 }, (_, i) => from + i))})`];
}

/** special.match as SQL; a rule with no known key matches every listing. */
export function specialClauses(rule: SpecialRule, currentYear: number): RawBuilder<unknown>[] {
  const parts: RawBuilder<unknown>[] = [];
  if (rule.walkMinMax !== undefined) parts.push(sql`walk_min <= ${rule.walkMinMax}::int`);
  if (rule.noShikikin) parts.push(sql`no_shikikin`);
  if (rule.noReikin) parts.push(sql`no_reikin`);
  if (rule.builtWithinYears !== undefined) parts.push(sql`built_year >= ${builtYearFrom(currentYear, rule.builtWithinYears)}::int`);
  if (rule.plans?.length) {
    const codes = rule.plans.map((p) => planOrdinal(p)).filter((c): c is number => c !== undefined);
    parts.push(codes.length ? sql`plan_code = any(${smallints(codes)})` : FALSE);
  }
  if (rule.rentMax !== undefined) parts.push(sql`chinryou <= ${rule.rentMax}::int`);
  if (rule.floorMin !== undefined) parts.push(sql`floor >= ${rule.floorMin}::int`);
  if (rule.conditionCodes?.length) parts.push(sql`condition_codes && ${smallints(rule.conditionCodes)}`);
  return parts;
}

/**
 * The filter as SQL conjuncts over table listing (unqualified columns). Scalar comparisons come
 * first: PostgreSQL checks equal-cost quals in order, and array operators are the dear ones.
 */
export function filterClauses(f: ListingFilter): RawBuilder<unknown>[] {
  // Literal NOT archived / archived so the planner matches the partial indexes; numbers are cast to
  // int so a bound beyond a smallint column's range compares instead of failing.
  const parts: RawBuilder<unknown>[] = [f.archived ? sql`archived` : sql`NOT archived`];
  if (f.prefectureCode !== null) parts.push(sql`prefecture_code = ${f.prefectureCode}::int`);
  for (const c of [...(f.city ? [f.city] : []), ...f.citySets]) parts.push(...cityClauses(c, f.prefectureCode));
  if (f.townCodes) parts.push(f.townCodes.length ? sql`town_code = any(${ints(f.townCodes)})` : FALSE);
  if (f.storeId !== null) parts.push(sql`store_id = ${f.storeId}`);
  if (f.bbox) {
    parts.push(...bandClause(f.bbox));
    parts.push(sql`lat BETWEEN ${f.bbox.south} AND ${f.bbox.north}`);
    parts.push(sql`lng BETWEEN ${f.bbox.west} AND ${f.bbox.east}`);
  }

  const c = f.condition;
  if (c.buildingTypes.length) parts.push(sql`building_type = any(${smallints(c.buildingTypes)})`);
  const rent = c.includeKanrihi ? sql.ref('total_rent') : sql.ref('chinryou');
  if (c.rentMin !== null) parts.push(sql`${rent} >= ${c.rentMin}::int`);
  if (c.rentMax !== null) parts.push(sql`${rent} <= ${c.rentMax}::int`);
  if (c.noReikin) parts.push(sql`no_reikin`);
  if (c.noShikikin) parts.push(sql`no_shikikin`);
  if (c.planMin !== null) parts.push(sql`plan_code >= ${c.planMin}::int`);
  if (c.planMax !== null) parts.push(sql`plan_code <= ${c.planMax}::int`);
  if (c.areaMin !== null) parts.push(sql`area >= ${c.areaMin}::real`);
  if (c.areaMax !== null) parts.push(sql`area <= ${c.areaMax}::real`);
  if (c.walkMin !== null) parts.push(sql`walk_min <= ${c.walkMin}::int`);
  if (c.builtYear !== null) parts.push(sql`built_year >= ${builtYearFrom(f.currentYear, c.builtYear)}::int`);
  if (f.special) parts.push(...specialClauses(f.special, f.currentYear));

  if (c.conditionCodes.length) parts.push(sql`condition_codes @> ${smallints(c.conditionCodes)}`);
  for (const set of [...(f.lineCodes ? [f.lineCodes] : []), ...f.lineSets]) parts.push(overlapClause('line_codes', set));
  for (const set of [...(f.stationGroups ? [f.stationGroups] : []), ...f.stationSets]) parts.push(overlapClause('station_groups', set));
  if (f.words.length) parts.push(sql`words @> ${f.words}::text[]`);
  return parts;
}

/**
 * Runs aggregate queries with two planner settings: no JIT (compiling takes longer than these
 * queries run), and no full-table scan, which the planner picks when it takes array filters for
 * unselective, while a bitmap or a covering index-only scan reads a fraction of the table.
 */
export function aggregate<T>(db: Kysely<DB>, fn: (q: Kysely<DB>) => Promise<T>): Promise<T> {
  // Read only: a read replica (SEARCH_READ_DATABASE_URL) may answer it.
  return db
    .transaction()
    .setAccessMode('read only')
    .execute(async (trx) => {
      await sql`SET LOCAL jit = off`.execute(trx);
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      return fn(trx);
    });
}

export function whereOf(f: ListingFilter): Expression<SqlBool> {
  return sql<SqlBool>`${sql.join(filterClauses(f), sql` AND `)}`;
}

export async function countListings(db: Kysely<DB>, f: ListingFilter): Promise<number> {
  const row = await aggregate(db, (q) =>
    q
      .selectFrom('listing')
      .select(sql<number>`count(*)::int`.as('n'))
      .where(whereOf(f))
      .executeTakeFirstOrThrow(),
  );
  return Number(row.n);
}

/** A sort column (or view_count, for the pickups) and its direction. */
export type KeyOrder = { column: Sort['column'] | 'view_count' | 'initial_cost'; direction: Sort['direction'] };

/**
 * One page of global keys in the order, with id as the final tie-breaker so pages are stable.
 * `walkIndex`: the caller knows (from the count) that matches are dense, so walking an index in
 * the order and stopping after the page is cheapest; PostgreSQL cannot see that through array
 * filters (it assumes they are independent of the place) and would fetch every match instead.
 */
export async function listingKeys(db: Kysely<DB>, f: ListingFilter, sort: KeyOrder, limit: number, offset = 0, walkIndex = false): Promise<string[]> {
  const query = (q: Kysely<DB>) =>
    q
      .selectFrom('listing')
      .select('global_key')
      .where(whereOf(f))
      .orderBy(sort.column, sort.direction)
      .orderBy('id', sort.direction)
      .limit(limit)
      .offset(offset)
      .execute();
  const rows = walkIndex
    ? await db.transaction().execute(async (trx) => {
        await sql`SET LOCAL jit = off`.execute(trx);
        await sql`SET LOCAL enable_bitmapscan = off`.execute(trx);
        // Nor a full scan and sort, which only a misestimate could make look cheaper.
        await sql`SET LOCAL enable_seqscan = off`.execute(trx);
        return query(trx);
      })
    : await query(db);
  return rows.map((r) => r.global_key);
}

/** Orders an index can be walked in (migrations 0002, 0005): with and without a prefecture, chinryou only with one. */
export const WALKABLE_ORDERS: ReadonlySet<KeyOrder['column']> = new Set(['arrived_at', 'view_count', 'initial_cost', 'chinryou']);

/** Active listings per prefecture and in all (index-only over listing_pref_arrived). */
export async function activeCounts(db: Kysely<DB>): Promise<{ total: number; byPrefecture: Map<number, number> }> {
  const rows = await db
    .selectFrom('listing')
    .select(['prefecture_code', sql<number>`count(*)::int`.as('n')])
    .where(sql<SqlBool>`NOT archived`)
    .groupBy('prefecture_code')
    .execute();
  const byPrefecture = new Map(rows.map((r) => [r.prefecture_code, Number(r.n)]));
  return { total: [...byPrefecture.values()].reduce((a, n) => a + n, 0), byPrefecture };
}

/** The newest arrival among active listings (the "new" badge is relative to it, not to the clock). */
export async function newestArrival(db: Kysely<DB>): Promise<Date | null> {
  const row = await db
    .selectFrom('listing')
    .select(sql<Date | null>`max(arrived_at)`.as('at'))
    .where(sql<SqlBool>`NOT archived`)
    .executeTakeFirst();
  return row?.at ? new Date(row.at) : null;
}

/** Matches that arrived at or after `since`, newest first. */
export async function newListingKeys(db: Kysely<DB>, f: ListingFilter, since: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('listing')
    .select('global_key')
    .where(whereOf(f))
    .where('arrived_at', '>=', since)
    .orderBy('arrived_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.global_key);
}

// ---- facets ------------------------------------------------------------------------------------

export interface KeyCount {
  key: number;
  count: number;
}

/** A facet's counting: matches per value of a scalar column, or per element of an array column. */
export type FacetColumn =
  | 'chinryou'
  | 'total_rent'
  | 'walk_min'
  | 'built_year'
  | 'plan_code'
  | 'building_type'
  | 'city_code'
  | 'town_code'
  | 'prefecture_code'
  | 'area_floor'
  | 'area_ceil';

/**
 * What a facet column groups by: the column, or for the floor area (real) whole square metres rounded
 * down (for "at least n m²": floor(area) >= n exactly when area >= n) or up (for "at most n m²").
 */
const FACET_COLUMN_SQL: Record<FacetColumn, RawBuilder<unknown>> = {
  chinryou: sql.ref('chinryou'),
  total_rent: sql.ref('total_rent'),
  walk_min: sql.ref('walk_min'),
  built_year: sql.ref('built_year'),
  plan_code: sql.ref('plan_code'),
  building_type: sql.ref('building_type'),
  city_code: sql.ref('city_code'),
  prefecture_code: sql.ref('prefecture_code'),
  town_code: sql.ref('town_code'),
  area_floor: sql`floor(area)`,
  area_ceil: sql`ceil(area)`,
};
export type FacetElements = 'line_codes' | 'station_groups' | 'condition_codes';

export interface FacetPart {
  /** The filter this facet counts under (the search's, usually without the facet's own choice). */
  filter: ListingFilter;
  /** A scalar column (one key per listing) or an array column (a listing counts once per element). */
  key: { column: FacetColumn } | { elements: FacetElements };
  /** Count the matches within each of these bounds of the key rather than per key: one count per bound, in their order. */
  within?: Within;
}

/**
 * Matches per key for several facets: from the in-memory listing index when it can answer (loaded,
 * caught up with the table, no free words or archived listings), else in SQL. Both give the same
 * counts (listing-index.test.ts). `askedAt`: performance.now() when the question was asked (every
 * write committed before it is counted; by default this call).
 */
export async function facetCounts(db: Kysely<DB>, parts: readonly FacetPart[], askedAt = performance.now()): Promise<KeyCount[][]> {
  if (parts.length === 0) return [];
  return (await listingIndex(db).facetCounts(parts, askedAt)) ?? facetCountsInSql(db, parts);
}

/** A clause's identity: its SQL text and parameters (the same filter field gives the same clause). */
function clauseKey(db: Kysely<DB>, clause: RawBuilder<unknown>): string {
  const { sql: text, parameters } = clause.compile(db);
  return `${text}\u0000${JSON.stringify(parameters)}`;
}

/**
 * Matches per key for several facets in one scan: rows matching any part's filter are read once
 * (the clauses every part shares in the WHERE, with an OR of what each adds), kept with one flag per
 * part, then grouped per part. Facets differ from the search by one dimension each, so one index scan
 * of the union serves them all instead of one scan (and one transaction) per facet.
 * Returns each part's counts, largest first, then by key (with `within`, per bound in their order).
 */
export async function facetCountsInSql(db: Kysely<DB>, parts: readonly FacetPart[]): Promise<KeyCount[][]> {
  if (parts.length === 0) return [];
  const clauses = parts.map((p) => new Map(filterClauses(p.filter).map((c) => [clauseKey(db, c), c] as const)));
  const common = [...clauses[0]!].filter(([k]) => clauses.every((m) => m.has(k))).map(([, c]) => c);
  const own = clauses.map((m) => [...m].filter(([k]) => !clauses.every((o) => o.has(k))).map(([, c]) => c));
  const all = (cs: RawBuilder<unknown>[]) => (cs.length ? sql`(${sql.join(cs, sql` AND `)})` : sql`true`);
  const where = own.some((cs) => cs.length === 0) ? all(common) : sql`${all(common)} AND (${sql.join(own.map(all), sql` OR `)})`;
  const columns = [...new Set(parts.map((p) => ('column' in p.key ? p.key.column : p.key.elements)))].map((c) =>
    c in FACET_COLUMN_SQL ? sql`${FACET_COLUMN_SQL[c as FacetColumn]} AS ${sql.ref(c)}` : sql.ref(c),
  );
  const flags = own.map((cs, i) => sql`${all(cs)} AS ${sql.ref(`p${i}`)}`);
  const branches = parts.map((p, i) => {
    const flag = sql.ref(`p${i}`);
    return 'column' in p.key
      ? sql`SELECT ${i} AS part, ${sql.ref(p.key.column)}::int AS k, count(*)::int AS n FROM m WHERE ${flag} GROUP BY 2`
      : sql`SELECT ${i} AS part, k, count(*)::int AS n FROM (SELECT unnest(${sql.ref(p.key.elements)})::int AS k FROM m WHERE ${flag}) e GROUP BY 2`;
  });
  const { rows } = await aggregate(db, async (q) => {
    // The matches are kept in memory while grouped (a large place is ~100,000 narrow rows).
    await sql`SET LOCAL work_mem = '64MB'`.execute(q);
    // Concurrent pages already keep the cores busy: parallel workers only add their start-up (bench:search, docs/benchmarks.md).
    await sql`SET LOCAL max_parallel_workers_per_gather = 0`.execute(q);
    return sql<{ part: number; k: number; n: number }>`
      WITH m AS MATERIALIZED (SELECT ${sql.join([...columns, ...flags])} FROM listing WHERE ${where})
      ${sql.join(branches, sql` UNION ALL `)}`.execute(q);
  });
  const out: KeyCount[][] = parts.map(() => []);
  for (const r of rows) out[Number(r.part)]!.push({ key: Number(r.k), count: Number(r.n) });
  for (const list of out) list.sort((a, b) => b.count - a.count || a.key - b.key);
  return out.map((list, i) => {
    const within = parts[i]!.within;
    if (!within) return list;
    const sums = new WithinBounds(within);
    for (const { key, count } of list) sums.add(key, count);
    return sums.counts();
  });
}

// ---- specials ----------------------------------------------------------------------------------

/** Active listings per special rule (optionally in one prefecture), all rules in one scan. */
export async function specialCounts(db: Kysely<DB>, rules: readonly SpecialRule[], prefectureCode: number | null, currentYear: number): Promise<number[]> {
  if (rules.length === 0) return [];
  const cols = rules.map((rule, i) => {
    const parts = specialClauses(rule, currentYear);
    const cond = parts.length ? sql.join(parts, sql` AND `) : sql`true`;
    return sql`count(*) FILTER (WHERE ${cond})::int AS ${sql.ref(`s${i}`)}`;
  });
  const where = prefectureCode === null ? sql`NOT archived` : sql`NOT archived AND prefecture_code = ${prefectureCode}`;
  const { rows } = await aggregate(db, (q) => sql<Record<string, number>>`SELECT ${sql.join(cols)} FROM listing WHERE ${where}`.execute(q));
  const row = rows[0] ?? {};
  return rules.map((_, i) => Number(row[`s${i}`] ?? 0));
}
