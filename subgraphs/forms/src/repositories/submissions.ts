import { enqueueMails, type OutboxDraft } from '@sumika/mail-kit';
import type { Kysely } from 'kysely';
import type { FormKind } from '../domain/receipt.js';
import type { DB } from './db.js';

export interface NewSubmission {
  kind: FormKind;
  receiptNumber: string;
  uid: string;
  ip: string | undefined;
  email: string;
  payload: Record<string, unknown>;
  receivedAt: Date;
}

export interface StoredSubmission {
  id: number;
  kind: FormKind;
  receiptNumber: string;
  email: string;
  /** As stored: what the receipt shows is read back, not echoed from the input. */
  payload: Record<string, unknown>;
  createdAt: Date;
  outboxIds: number[];
}

/**
 * Stores a submission and the mails it triggers in one transaction: either both are
 * committed or neither is, so no accepted submission goes without its mails and no mail
 * goes out for a submission that was not stored.
 */
export async function insertSubmission(db: Kysely<DB>, s: NewSubmission, mails: readonly OutboxDraft[]): Promise<StoredSubmission> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('submission')
      .values({
        kind: s.kind,
        receipt_no: s.receiptNumber,
        uid: s.uid,
        ip: s.ip ?? null,
        email: s.email,
        payload: JSON.stringify(s.payload),
        created_at: s.receivedAt,
      })
      .returning(['id', 'kind', 'receipt_no', 'email', 'payload', 'created_at'])
      .executeTakeFirstOrThrow();
    const outboxIds = await enqueueMails(trx, mails, { submission_id: row.id });
    return {
      id: Number(row.id),
      kind: row.kind,
      receiptNumber: row.receipt_no,
      email: row.email,
      payload: row.payload,
      createdAt: new Date(row.created_at),
      outboxIds,
    };
  });
}

/** True when `err` is the unique violation of the receipt number (retry with a new one). */
export function isReceiptCollision(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string } | null;
  return e?.code === '23505' && e.constraint === 'submission_receipt_no_key';
}
