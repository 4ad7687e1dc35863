import { badRequest } from '@sumika/server-kit';

/** A `limit` argument within [min, max]; anything else is the caller's mistake (BAD_REQUEST). */
export function checkLimit(limit: number, min: number, max: number): number {
  if (!Number.isInteger(limit) || limit < min || limit > max) throw badRequest(`件数は${min}〜${max}の範囲で指定してください。`);
  return limit;
}

export const isPresent = <T>(v: T | Error | null | undefined): v is T => v !== null && v !== undefined && !(v instanceof Error);
