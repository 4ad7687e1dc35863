import { sql, type Kysely } from 'kysely';
import type { DB } from './db.js';

export interface ReviewStats {
  storeId: number;
  count: number;
  /** Mean rating rounded to one decimal. */
  averageRating: number;
}

export interface ReviewRecord {
  id: number;
  storeId: number;
  rating: number;
  title: string;
  body: string;
  reviewer: string;
  /** YYYY-MM-DD. */
  visitedOn: string;
}

/** Review count and rounded mean per store; stores without reviews have no row. */
export async function findReviewStats(db: Kysely<DB>, storeIds: readonly number[]): Promise<ReviewStats[]> {
  if (storeIds.length === 0) return [];
  return db
    .selectFrom('store_review')
    .select([
      'store_id as storeId',
      sql<number>`count(*)::int`.as('count'),
      // Rounded in numeric (half away from zero), then float8 so every driver returns a number.
      sql<number>`round(avg(rating), 1)::float8`.as('averageRating'),
    ])
    .where('store_id', 'in', storeIds)
    .groupBy('store_id')
    .execute();
}

/** The newest `limit` reviews of each store (visited_on desc, id desc), in one query. */
export async function findLatestReviews(db: Kysely<DB>, storeIds: readonly number[], limit: number): Promise<ReviewRecord[]> {
  if (storeIds.length === 0) return [];
  return db
    .selectFrom((eb) =>
      eb
        .selectFrom('store_review')
        .select([
          'id',
          'store_id',
          'rating',
          'title',
          'body',
          'reviewer',
          'visited_on',
          (inner) =>
            inner.fn
              .agg<number>('row_number')
              .over((ob) => ob.partitionBy('store_id').orderBy('visited_on', 'desc').orderBy('id', 'desc'))
              .as('rn'),
        ])
        .where('store_id', 'in', storeIds)
        .as('r'),
    )
    .select(['r.id', 'r.store_id as storeId', 'r.rating', 'r.title', 'r.body', 'r.reviewer', sql<string>`to_char(r.visited_on, 'YYYY-MM-DD')`.as('visitedOn')])
    .where('r.rn', '<=', limit)
    .orderBy('r.store_id')
    .orderBy('r.visited_on', 'desc')
    .orderBy('r.id', 'desc')
    .execute();
}
