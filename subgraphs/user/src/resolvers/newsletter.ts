import { badRequest } from '@sumika/server-kit';
import type { Resolvers } from '../__generated__/resolvers-types.js';
import { DEFAULT_REVIEW_PERIOD, MESSAGES, REVIEW_PERIODS } from '../constants.js';
import type { Context } from '../context.js';
import { requireVisitor, withVisitorLock } from '../identity.js';
import { newsletterOf, registerNewsletter, stopNewsletters, type NewsletterKind } from '../repositories/newsletters.js';
import { updateProfile } from '../repositories/visitors.js';
import { validEmail } from './profile.js';
import { iso, isoOrThrow } from './views.js';

function reviewPeriodOf(days: number | null | undefined): number {
  const d = days ?? DEFAULT_REVIEW_PERIOD;
  if (!(REVIEW_PERIODS as readonly number[]).includes(d)) throw badRequest(`検討期間は${REVIEW_PERIODS.join('・')}日から選んでください。`);
  return d;
}

async function register(ctx: Context, kind: NewsletterKind, args: { email: string; reviewPeriod?: number | null }) {
  const email = validEmail(args.email);
  const period = reviewPeriodOf(args.reviewPeriod);
  const row = await withVisitorLock(ctx, async (trx, v) => {
    await updateProfile(trx, v.uid, { email });
    return registerNewsletter(trx, v.uid, kind, email, period);
  });
  return { reviewPeriod: row.review_period, reviewUntil: isoOrThrow(row.review_until) };
}

/** Newsletters (alert mails) and the mail-magazine stop. */
export const newsletterResolvers: Resolvers = {
  User: {
    newsLetter: async (v, _, ctx) => {
      const n = await newsletterOf(ctx.db, v.uid);
      return {
        favoriteHistory: !!n?.favorite_history && !n.stopped_at,
        list: !!n?.list && !n.stopped_at,
        reviewPeriod: n?.review_period ?? null,
        reviewUntil: iso(n?.review_until),
        stopped: !!n?.stopped_at,
      };
    },
  },
  Mutation: {
    registerNewsLetterForFavoriteHistory: (_, args, ctx) => register(ctx, 'favorite_history', args),
    registerNewsLetterForList: (_, args, ctx) => register(ctx, 'list', args),
    stopAllMailMagazine: async (_, { token }, ctx) => {
      if (token !== null && token !== undefined) {
        if (!/^[A-Za-z0-9_-]{16,128}$/.test(token)) throw badRequest(MESSAGES.mailToken);
        return { stopped: await stopNewsletters(ctx.db, { token }) };
      }
      const visitor = await requireVisitor(ctx);
      return { stopped: await withVisitorLock(ctx, (trx) => stopNewsletters(trx, { uid: visitor.uid })) };
    },
  },
};
