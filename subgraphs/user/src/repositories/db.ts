import type { ColumnType, Generated } from 'kysely';

/** Kysely table types of the user schema; column names exactly as in migrations/. */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;

export type HistoryKind = 'applied' | 'viewed' | 'viewed_incompleted';
export type InquiryListKind = 'building_page_bukken' | 'contacted_bukken' | 'favorite_bukken';
export type RecommendSource = 'DETAIL_HISTORY' | 'FAVORITE';
export type AlertKind = 'price_drop' | 'new_listings';
/** Alert mail setting of a saved search (migration 0007). */
export type AlertMail = 'off' | 'daily' | 'instant';

export interface VisitorTable {
  uid: string;
  admin: Generated<boolean>;
  created_at: Timestamp;
  last_updated_at: Timestamp;
  ref_code: string | null;
  first_ref_code: string | null;
  gclid: string | null;
  request_info: Json<Record<string, unknown> | null> | null;
  visit_count: Generated<number>;
  last_visited_at: NullableTimestamp;
  email: string | null;
  recommend_type: RecommendSource | null;
  last_search: Json<unknown> | null;
}

export interface FavoriteTable {
  id: Generated<number>;
  uid: string;
  global_key: string;
  added_at: Timestamp;
  last_rent: number | null;
}

export interface HistoryTable {
  id: Generated<number>;
  uid: string;
  global_key: string;
  kind: HistoryKind;
  viewed_at: Timestamp;
  seq: ColumnType<number, number | undefined, number>;
}

export interface InquiryTable {
  uid: string;
  global_key: string;
  list_kind: InquiryListKind;
  pending: boolean;
  started_at: Timestamp;
  sent_at: NullableTimestamp;
  seq: ColumnType<number, number | undefined, number>;
}

export interface SearchConditionTable {
  id: Generated<number>;
  uid: string;
  args: Json<unknown>;
  args_key: string;
  search_path: string;
  texts: Json<unknown> | null;
  created_at: Timestamp;
  last_checked_at: NullableTimestamp;
  alert_mail: ColumnType<AlertMail, AlertMail | undefined, AlertMail>;
  alert_mailed_at: NullableTimestamp;
  alert_mail_from_id: ColumnType<number, number | undefined, number>;
}

export interface AbAssignmentTable {
  uid: string;
  name: string;
  value: string;
  forced: Generated<boolean>;
  assigned_at: Timestamp;
}

export interface NewsletterTable {
  uid: string;
  email: string;
  favorite_history: Generated<boolean>;
  list: Generated<boolean>;
  review_period: number;
  review_until: Timestamp;
  stop_token: string;
  stopped_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AlertTable {
  id: Generated<number>;
  uid: string;
  kind: AlertKind;
  global_key: string | null;
  from_rent: number | null;
  to_rent: number | null;
  search_condition_id: number | null;
  new_count: number | null;
  new_global_keys: ColumnType<string[], string[] | undefined, string[]>;
  created_at: Timestamp;
  read_at: NullableTimestamp;
}

export interface AlertScanTable {
  id: number;
  locked_until: Timestamp;
  last_started_at: NullableTimestamp;
  last_finished_at: NullableTimestamp;
}

/** The kit OutboxWorker's columns; this subgraph only inserts rows. */
export interface OutboxTable {
  id: Generated<number>;
  kind: string;
  recipient: string;
  reply_to: string | null;
  subject: string;
  body: string;
  html: string | null;
  created_at: Timestamp;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  last_error: string | null;
  message_id: string | null;
  delivered_at: NullableTimestamp;
  failed_at: NullableTimestamp;
}

export interface DB {
  visitor: VisitorTable;
  favorite: FavoriteTable;
  history: HistoryTable;
  inquiry: InquiryTable;
  search_condition: SearchConditionTable;
  ab_assignment: AbAssignmentTable;
  newsletter: NewsletterTable;
  alert: AlertTable;
  alert_scan: AlertScanTable;
  outbox: OutboxTable;
}
