import type { OutboxTable } from '@sumika/mail-kit';
import type { ColumnType, Generated } from 'kysely';
import type { FormKind } from '../domain/receipt.js';

/** Kysely table types of the forms schema; columns exactly as in migrations/. */

export interface SubmissionTable {
  id: Generated<number>;
  kind: FormKind;
  receipt_no: string;
  uid: string;
  ip: string | null;
  email: string;
  // Written as a JSON string cast to jsonb; node-postgres parses it back into an object.
  payload: ColumnType<Record<string, unknown>, string, never>;
  // From the service's clock, so the receipt, its number and the mails show one time.
  created_at: ColumnType<Date, Date, never>;
}

export interface FormsOutboxTable extends OutboxTable {
  submission_id: ColumnType<number | null, number | null | undefined, never>;
}

export interface DB {
  submission: SubmissionTable;
  outbox: FormsOutboxTable;
}
