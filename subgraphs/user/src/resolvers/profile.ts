import { badRequest } from '@sumika/server-kit';
import type { RequestInfoInput, Resolvers, UserInput } from '../__generated__/resolvers-types.js';
import { MESSAGES } from '../constants.js';
import type { Context } from '../context.js';
import { userIdError, withVisitorLock } from '../identity.js';
import { findVisitor, recordRequest, updateProfile, type Profile, type VisitKnows } from '../repositories/visitors.js';
import { storable } from '../domain/text.js';

const MAX_EMAIL = 254;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A trimmed, plausible mail address (BAD_REQUEST otherwise). */
export function validEmail(email: string): string {
  const e = email.trim();
  if (e.length > MAX_EMAIL || !EMAIL.test(e)) throw badRequest(MESSAGES.invalidEmail);
  return e;
}

function profileOf(user: UserInput): Profile {
  const p: Profile = {};
  if (user.email !== undefined) p.email = user.email === null || user.email.trim() === '' ? null : validEmail(user.email);
  if (user.recommendType !== undefined) p.recommendType = user.recommendType;
  return p;
}

/** Request info is telemetry: long strings are cut rather than refused. */
function requestInfoOf(info: RequestInfoInput | null | undefined): Record<string, unknown> | null {
  if (!info) return null;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(info)) {
    if (v === null || v === undefined) continue;
    // Cut at 1,000 UTF-16 units, possibly inside a pair: storable after the cut.
    out[k] = typeof v === 'string' ? storable(v.slice(0, 1000)) : v;
  }
  return out;
}

function shortText(v: string | null | undefined, max: number, label: string): string | null {
  const t = v?.trim();
  if (!t) return null;
  if (t.length > max || [...t].some((ch) => ch.charCodeAt(0) < 0x20)) throw badRequest(`${label}の指定が正しくありません。`);
  return t;
}

async function reread(ctx: Context, uid: string) {
  const v = await findVisitor(ctx.db, uid);
  if (!v) throw new Error('visitor vanished');
  return v;
}

/** setRequiredData and setUser (SPEC §7.1). */
export const profileResolvers: Resolvers = {
  Mutation: {
    setRequiredData: async (_, args, ctx) => {
      const data = {
        refCode: shortText(args.refCode, 100, 'ref_code'),
        gclid: shortText(args.gclid, 200, 'gclid'),
        requestInfo: requestInfoOf(args.requestInfo),
      };
      const profile = args.user ? profileOf(args.user) : {};
      // Every page asks this (the shell's visit): when it only records the request of a known visitor,
      // one UPDATE … RETURNING does it (atomic on its own; nothing of the visitor's stock is checked
      // or changed) instead of a transaction with a row lock and a second read, and answers the
      // badge counts, the A/B assignments and the favorites with it.
      const uid = ctx.identity.uid;
      if (uid && !ctx.identity.fresh && Object.keys(profile).length === 0) {
        const recorded = await recordRequest(ctx.db, uid, data);
        if (!recorded) throw userIdError();
        ctx.loaders.reset();
        ctx.loaders.known(recorded);
        return recorded.visitor;
      }
      let knows: VisitKnows | undefined;
      const locked = await withVisitorLock(
        ctx,
        async (trx, v) => {
          knows = await recordRequest(trx, v.uid, data);
          await updateProfile(trx, v.uid, profile);
          return v.uid;
        },
        // A page request is not a change of the visitor's stock; a profile change is.
        { touch: Object.keys(profile).length > 0 },
      );
      // The lock forgot what the request had read; the visit's reads stand (a profile is none of them).
      if (knows) ctx.loaders.known(knows);
      return reread(ctx, locked);
    },
    setUser: async (_, args, ctx) => {
      const profile = profileOf(args.user);
      const uid = await withVisitorLock(ctx, async (trx, v) => {
        await updateProfile(trx, v.uid, profile);
        return v.uid;
      });
      return reread(ctx, uid);
    },
  },
};
