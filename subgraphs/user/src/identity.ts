import { AppError } from '@sumika/server-kit';
import type { Kysely } from 'kysely';
import { MESSAGES } from './constants.js';
import type { Context } from './context.js';
import type { DB } from './repositories/db.js';
import { insertVisitor, lockVisitor, touchVisitor, type VisitorRecord } from './repositories/visitors.js';

export const userIdError = (): AppError => new AppError('USER_ID_ERROR', MESSAGES.userId);

/**
 * The visitor of this request. The uid comes only from the gateway's token: with `fresh` (the
 * gateway minted it on this request) the record is created; an unknown uid otherwise, or no uid,
 * is USER_ID_ERROR.
 */
export async function requireVisitor(ctx: Context): Promise<VisitorRecord> {
  const visitor = await ctx.loaders.visitor();
  if (!visitor) throw userIdError();
  return visitor;
}

/**
 * Runs a write for the visitor in one transaction that first locks the visitor row
 * (SELECT … FOR UPDATE): concurrent writes of one visitor run one after another, so limits hold.
 * `fn` must use `trx` only. lastUpdatedAt moves when the write succeeds (unless touch is false:
 * bookkeeping that is not a change of the visitor's stock).
 */
export async function withVisitorLock<T>(
  ctx: Context,
  fn: (trx: Kysely<DB>, visitor: VisitorRecord) => Promise<T>,
  opts: { touch?: boolean } = {},
): Promise<T> {
  const uid = ctx.identity.uid;
  if (!uid) throw userIdError();
  const result = await ctx.db.transaction().execute(async (trx) => {
    if (ctx.identity.fresh) await insertVisitor(trx, uid);
    const visitor = await lockVisitor(trx, uid);
    if (!visitor) throw userIdError();
    const out = await fn(trx, visitor);
    if (opts.touch !== false) await touchVisitor(trx, uid);
    return out;
  });
  ctx.loaders.reset();
  return result;
}
