import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import { VISIT_GAP_SECONDS } from '../constants.js';
import { assignmentsColumn, type AbAssignmentRecord } from './ab-assignments.js';
import { favoritesColumn, favoritesOfColumn, type FavoriteRecord } from './favorites.js';
import type { DB, RecommendSource, VisitorTable } from './db.js';

export type VisitorRecord = Selectable<VisitorTable>;

export async function findVisitor(db: Kysely<DB>, uid: string): Promise<VisitorRecord | undefined> {
  return db.selectFrom('visitor').selectAll().where('uid', '=', uid).executeTakeFirst();
}

/** Creates the visitor record when it does not exist yet (the gateway minted the uid on this request). */
export async function insertVisitor(db: Kysely<DB>, uid: string): Promise<void> {
  await db
    .insertInto('visitor')
    .values({ uid })
    .onConflict((oc) => oc.column('uid').doNothing())
    .execute();
}

/**
 * Reads the visitor row and locks it until the transaction ends: every write of one visitor's
 * stock runs behind this lock, so limits are checked against what is really there.
 */
export async function lockVisitor(trx: Kysely<DB>, uid: string): Promise<VisitorRecord | undefined> {
  return trx.selectFrom('visitor').selectAll().where('uid', '=', uid).forUpdate().executeTakeFirst();
}

export async function touchVisitor(trx: Kysely<DB>, uid: string): Promise<void> {
  await trx
    .updateTable('visitor')
    .set({ last_updated_at: sql`now()` })
    .where('uid', '=', uid)
    .execute();
}

/** Counts shown in the header badges and the user area, in one statement. */
export interface VisitorSummary {
  favorites: number;
  histories: number;
  searchConditions: number;
  incompleteInquiries: number;
  existApplyData: boolean;
  unreadAlerts: number;
}

/** The summary's counts as columns of one row: of a SELECT, or of the visit's UPDATE … RETURNING. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- used from a statement over no table and one over visitor
function summaryColumns(eb: ExpressionBuilder<DB, any>, uid: string) {
  return [
    eb.selectFrom('favorite').select(eb.fn.countAll<number>().as('n')).where('uid', '=', uid).as('favorites'),
    eb.selectFrom('history').select(eb.fn.countAll<number>().as('n')).where('uid', '=', uid).as('histories'),
    eb.selectFrom('search_condition').select(eb.fn.countAll<number>().as('n')).where('uid', '=', uid).as('searchConditions'),
    eb.selectFrom('inquiry').select(eb.fn.countAll<number>().as('n')).where('uid', '=', uid).where('pending', '=', true).as('incompleteInquiries'),
    eb.exists(eb.selectFrom('inquiry').select('uid').where('uid', '=', uid).where('sent_at', 'is not', null)).as('existApplyData'),
    eb.selectFrom('alert').select(eb.fn.countAll<number>().as('n')).where('uid', '=', uid).where('read_at', 'is', null).as('unreadAlerts'),
  ] as const;
}

type SummaryRow = { [K in keyof VisitorSummary]: unknown };

function summaryOf(row: SummaryRow): VisitorSummary {
  return {
    favorites: Number(row.favorites ?? 0),
    histories: Number(row.histories ?? 0),
    searchConditions: Number(row.searchConditions ?? 0),
    incompleteInquiries: Number(row.incompleteInquiries ?? 0),
    existApplyData: Boolean(row.existApplyData),
    unreadAlerts: Number(row.unreadAlerts ?? 0),
  };
}

export async function visitorSummary(db: Kysely<DB>, uid: string): Promise<VisitorSummary> {
  return summaryOf(await db.selectNoFrom((eb) => summaryColumns(eb, uid)).executeTakeFirstOrThrow());
}

/** What the page visit's statement reads besides the visitor's row, for the rest of the request (loaders). */
export interface VisitKnows {
  summary: VisitorSummary;
  assignments: AbAssignmentRecord[];
  favorites: FavoriteRecord[];
}

export interface RequiredData {
  refCode: string | null;
  gclid: string | null;
  requestInfo: Record<string, unknown> | null;
}

/**
 * Records a page request (setRequiredData): the latest ref code and gclid when given, the first ref
 * code ever, the request info, and a new visit when the last request is older than VISIT_GAP_SECONDS.
 * One statement, answering the visitor's row as it now is, the badge counts, the A/B assignments and
 * the favorites (every page reads them: three more statements per page before), undefined when there
 * is no such visitor.
 */
export async function recordRequest(trx: Kysely<DB>, uid: string, data: RequiredData): Promise<({ visitor: VisitorRecord } & VisitKnows) | undefined> {
  const row = await trx
    .updateTable('visitor')
    .set({
      ...(data.refCode !== null ? { ref_code: data.refCode, first_ref_code: sql<string>`coalesce(first_ref_code, ${data.refCode})` } : {}),
      ...(data.gclid !== null ? { gclid: data.gclid } : {}),
      ...(data.requestInfo !== null ? { request_info: JSON.stringify(data.requestInfo) } : {}),
      visit_count: sql<number>`visit_count + CASE WHEN last_visited_at IS NULL OR last_visited_at < now() - make_interval(secs => ${VISIT_GAP_SECONDS}) THEN 1 ELSE 0 END`,
      last_visited_at: sql`now()`,
    })
    .where('uid', '=', uid)
    .returningAll()
    .returning((eb) => [...summaryColumns(eb, uid), assignmentsColumn(uid), favoritesColumn(uid)])
    .executeTakeFirst();
  if (!row) return undefined;
  const { favorites, histories, searchConditions, incompleteInquiries, existApplyData, unreadAlerts, abAssignments, favoriteList, ...visitor } = row;
  return {
    visitor,
    summary: summaryOf({ favorites, histories, searchConditions, incompleteInquiries, existApplyData, unreadAlerts }),
    assignments: abAssignments,
    favorites: favoritesOfColumn(favoriteList),
  };
}

export interface Profile {
  email?: string | null;
  recommendType?: RecommendSource | null;
}

/** setUser: only the fields given change; null clears one. */
export async function updateProfile(trx: Kysely<DB>, uid: string, p: Profile): Promise<void> {
  const set: { email?: string | null; recommend_type?: RecommendSource | null } = {};
  if (p.email !== undefined) set.email = p.email;
  if (p.recommendType !== undefined) set.recommend_type = p.recommendType;
  if (Object.keys(set).length === 0) return;
  await trx.updateTable('visitor').set(set).where('uid', '=', uid).execute();
}

export async function saveLastSearch(trx: Kysely<DB>, uid: string, lastSearch: unknown): Promise<void> {
  await trx
    .updateTable('visitor')
    .set({ last_search: JSON.stringify(lastSearch) })
    .where('uid', '=', uid)
    .execute();
}
