import { randomInt } from 'node:crypto';
import { jstDate } from './jst.js';

/** The kinds of submission this subgraph stores (submission.kind). */
export type FormKind = 'inquiry' | 'inbound_inquiry' | 'violation' | 'apply' | 'cashback';

export const RECEIPT_PREFIX: Record<FormKind, string> = {
  inquiry: 'IQ',
  inbound_inquiry: 'BZ',
  violation: 'VR',
  apply: 'AP',
  cashback: 'CB',
};

// Crockford's base32: no I, L, O or U, so a number read out on the phone is unambiguous.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * 受付番号 such as IQ-20241003-7K2M9Q: kind, JST date, six random characters. Random rather
 * than sequential, so a number reveals nothing about volume and cannot be guessed.
 */
export function receiptNumber(kind: FormKind, now: Date): string {
  let tail = '';
  for (let i = 0; i < 6; i++) tail += ALPHABET[randomInt(ALPHABET.length)];
  return `${RECEIPT_PREFIX[kind]}-${jstDate(now).replace(/-/g, '')}-${tail}`;
}
