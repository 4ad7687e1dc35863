import { AB_TEST_COOKIE_MAX_AGE, abTestCookieName } from '@sumika/spec';
import { badRequest } from '@sumika/server-kit';
import type { Resolvers } from '../__generated__/resolvers-types.js';
import { MESSAGES } from '../constants.js';
import type { Context } from '../context.js';
import { AB_TESTS, abTestByName, isVariantOf, pickVariant } from '../domain/ab-tests.js';
import { serializeCookie } from '../domain/cookies.js';
import { requireVisitor } from '../identity.js';
import { saveAssignments, type AbAssignmentRecord } from '../repositories/ab-assignments.js';

interface AbTestView {
  name: string;
  value: string;
  forced: boolean;
}

function setAbCookie(ctx: Context, name: string, value: string): void {
  ctx.reply.header('set-cookie', serializeCookie(abTestCookieName(name), value, AB_TEST_COOKIE_MAX_AGE));
}

/** Stored assignments (the page visit's, when it read them); a failing read is treated as none (A/B tests never break a page). */
async function storedAssignments(ctx: Context, uid: string): Promise<AbAssignmentRecord[]> {
  try {
    return await ctx.loaders.assignments(uid);
  } catch (err) {
    ctx.log.warn({ err: (err as Error).message }, 'A/B assignments unreadable');
    return [];
  }
}

/** SPEC §4: save failures are silently ignored. */
async function saveQuietly(
  ctx: Context,
  uid: string,
  list: { name: string; value: string }[],
  opts: { forced: boolean; releaseForced: boolean },
): Promise<void> {
  try {
    await saveAssignments(ctx.db, uid, list, opts);
    ctx.loaders.reset();
  } catch (err) {
    ctx.log.warn({ err: (err as Error).message }, 'A/B assignments not saved');
  }
}

/**
 * The visitor's variant per running test (SPEC §4): forced by an admin, else the cookie's, else
 * weighted-random; new or changed ones saved, and every cookie refreshed.
 */
async function visitorAbTests(ctx: Context, uid: string): Promise<AbTestView[]> {
  const stored = new Map((await storedAssignments(ctx, uid)).map((a) => [a.name, a]));
  const out: AbTestView[] = [];
  const toSave: { name: string; value: string }[] = [];
  for (const test of AB_TESTS) {
    const row = stored.get(test.name);
    const cookie = ctx.cookies.get(abTestCookieName(test.name));
    let view: AbTestView;
    if (row?.forced && isVariantOf(test, row.value)) view = { name: test.name, value: row.value, forced: true };
    else if (isVariantOf(test, cookie)) view = { name: test.name, value: cookie, forced: false };
    else view = { name: test.name, value: pickVariant(test, ctx.random), forced: false };
    if (!view.forced && row?.value !== view.value) toSave.push({ name: view.name, value: view.value });
    setAbCookie(ctx, view.name, view.value);
    out.push(view);
  }
  await saveQuietly(ctx, uid, toSave, { forced: false, releaseForced: false });
  return out;
}

/**
 * A/B tests (SPEC §4): a variant per test, weighted-random, kept 30 minutes in the
 * `{name}_for_ga_session` cookie (refreshed on every read); an admin can force one for themselves.
 */
export const abTestResolvers: Resolvers = {
  Query: {
    // A copy: the schema's list is mutable, the constant is not.
    abTestDefinitions: () => [...AB_TESTS],
    abTests: async (_, __, ctx) => visitorAbTests(ctx, (await requireVisitor(ctx)).uid),
  },
  // The same variants on the visitor's record, so the shell's one call per page (setRequiredData) answers them.
  User: {
    abTests: (v, _, ctx) => visitorAbTests(ctx, v.uid),
  },
  AbTestDefinition: {
    variants: (t) => [...t.variants],
  },
  Mutation: {
    setAbTests: async (_, args, ctx): Promise<AbTestView[]> => {
      const byName = new Map<string, string>();
      for (const { name, value } of args.inputs) {
        const test = abTestByName(name);
        if (!test) throw badRequest(`A/Bテスト「${name}」はありません。`);
        if (!isVariantOf(test, value)) throw badRequest(`A/Bテスト「${name}」に「${value}」というパターンはありません。`);
        byName.set(name, value);
      }
      const visitor = await requireVisitor(ctx);
      const force = args.force === true;
      if (force && !visitor.admin) throw badRequest(MESSAGES.adminOnly);
      const list = [...byName].map(([name, value]) => ({ name, value }));
      // An admin setting a plain value lifts their own force.
      await saveQuietly(ctx, visitor.uid, list, { forced: force, releaseForced: visitor.admin });
      const stored = new Map((await storedAssignments(ctx, visitor.uid)).map((a) => [a.name, a]));
      return list.map(({ name, value }) => {
        const row = stored.get(name);
        const view = row?.forced ? { name, value: row.value, forced: true } : { name, value, forced: false };
        setAbCookie(ctx, name, view.value);
        return view;
      });
    },
  },
};
