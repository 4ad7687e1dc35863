import { badRequest } from '@sumika/server-kit';
import { bukkenIdOf } from '@sumika/domain';
import { MAX_KEYS_PER_CALL, MESSAGES } from '../constants.js';

/** True for a well-formed listing key (`bk` + 9 digits, kit/keys.ts). */
export const isGlobalKey = (key: unknown): key is string => typeof key === 'string' && bukkenIdOf(key) !== undefined;

/**
 * Validates the listing keys of one call: at least one, each well-formed, at most
 * MAX_KEYS_PER_CALL; returns them without repeats in the order given.
 */
export function validGlobalKeys(keys: readonly string[] | null | undefined, emptyMessage: string = MESSAGES.noBukkenSelected): string[] {
  const unique = [...new Set(keys ?? [])];
  if (unique.length === 0) throw badRequest(emptyMessage);
  if (unique.length > MAX_KEYS_PER_CALL) throw badRequest(`物件は一度に${MAX_KEYS_PER_CALL}件まで指定できます。`);
  const bad = unique.filter((k) => !isGlobalKey(k));
  if (bad.length) throw badRequest('物件の指定が正しくありません。', { invalidGlobalKeys: bad });
  return unique;
}

export function validGlobalKey(key: string): string {
  if (!isGlobalKey(key)) throw badRequest('物件の指定が正しくありません。', { invalidGlobalKeys: [key] });
  return key;
}
