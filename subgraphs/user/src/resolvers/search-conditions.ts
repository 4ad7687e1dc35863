import { AppError, badRequest } from '@sumika/server-kit';
import type { Resolvers } from '../__generated__/resolvers-types.js';
import { MESSAGES, SEARCH_CONDITION_LIMIT } from '../constants.js';
import type { Context } from '../context.js';
import { isEmptySearch, normaliseSearchArgs, searchArgsKey, type SearchArgs, type SearchArgsInput } from '../domain/search-args.js';
import { searchPathOf } from '../domain/search-path.js';
import type { SearchTexts } from '../domain/search-texts.js';
import { requireVisitor, withVisitorLock } from '../identity.js';
import {
  countSearchConditions,
  deleteSearchCondition,
  findByArgsKey,
  insertSearchCondition,
  saveTexts,
  searchConditionsNewestFirst,
  setAlertMail,
  type SearchConditionRecord,
} from '../repositories/search-conditions.js';
import type { AlertMail } from '../repositories/db.js';
import { saveLastSearch } from '../repositories/visitors.js';
import { isoOrThrow, rowId } from './views.js';

/**
 * Texts of a search from the search subgraph. Its verdicts (BAD_REQUEST, NOT_FOUND) reach the
 * caller; when it cannot be asked the texts stay null and are filled in on a later read.
 */
async function describe(ctx: Context, args: SearchArgs): Promise<SearchTexts | null> {
  try {
    return await ctx.describer.describe(args);
  } catch (err) {
    if (err instanceof AppError) throw err;
    ctx.log.warn({ err: (err as Error).message }, 'search texts unavailable; saved without them');
    return null;
  }
}

function validSearch(input: SearchArgsInput): SearchArgs {
  const args = normaliseSearchArgs(input);
  if (isEmptySearch(args)) throw badRequest(MESSAGES.searchConditionEmpty);
  return args;
}

const NO_TEXTS: SearchTexts = {
  searchText: '',
  conditionText: null,
  prefectureName: null,
  gdCityName: null,
  citiesShortName: null,
  linesStationsName: null,
  specialName: null,
};

/** Texts saved with a search, or asked for now (and saved) when they are missing. */
async function textsOf(ctx: Context, args: SearchArgs, texts: SearchTexts | null, save: (t: SearchTexts) => Promise<void>): Promise<SearchTexts> {
  // Texts saved before conditionText existed are asked for again once.
  if (texts && texts.conditionText !== undefined) return texts;
  try {
    const fresh = await ctx.describer.describe(args);
    await save(fresh);
    return fresh;
  } catch (err) {
    ctx.log.warn({ err: (err as Error).message }, 'search texts still unavailable');
    return NO_TEXTS;
  }
}

async function savedView(ctx: Context, r: SearchConditionRecord, index: number, opts: { retryTexts?: boolean } = {}) {
  const texts = opts.retryTexts === false ? (r.texts ?? NO_TEXTS) : await textsOf(ctx, r.args, r.texts, (t) => saveTexts(ctx.db, r.uid, r.id, t));
  return { id: String(r.id), index, searchPath: r.searchPath, ...texts, createdAt: isoOrThrow(r.createdAt), arguments: r.args, alertMail: r.alertMail };
}

const ALERT_MAIL_SETTINGS: readonly AlertMail[] = ['off', 'daily', 'instant'];
const isAlertMail = (v: string): v is AlertMail => (ALERT_MAIL_SETTINGS as readonly string[]).includes(v);

interface LastSearch {
  args: SearchArgs;
  searchPath: string;
  texts: SearchTexts | null;
}

export const searchConditionResolvers: Resolvers = {
  User: {
    searchConditions: async (v, _, ctx) => {
      const list = await ctx.loaders.searchConditions(v.uid);
      return Promise.all(list.map((r, i) => savedView(ctx, r, i)));
    },
    lastSearchCondition: async (v, _, ctx) => {
      const last = v.last_search as LastSearch | null;
      if (!last) return null;
      const texts = await textsOf(ctx, last.args, last.texts, (t) => saveLastSearch(ctx.db, v.uid, { ...last, texts: t }));
      return { searchPath: last.searchPath, ...texts };
    },
  },
  SearchArguments: {
    cityCodes: (a) => a.cityCodes ?? [],
    townCodes: (a) => a.townCodes ?? [],
    stationCodes: (a) => a.stationCodes ?? [],
    lineCodes: (a) => a.lineCodes ?? [],
    destinationStations: (a) => a.destinationStations ?? [],
  },
  SavedSearchConditionValues: {
    buildingTypes: (c) => c.buildingTypes ?? [],
    other: (c) => c.other ?? [],
  },
  Mutation: {
    createSearchCondition: async (_, input, ctx) => {
      const args = validSearch(input);
      await requireVisitor(ctx); // before asking the search subgraph for texts
      const argsKey = searchArgsKey(args);
      const searchPath = searchPathOf(args);
      const texts = await describe(ctx, args);
      const outcome = await withVisitorLock(ctx, async (trx, v) => {
        const count = await countSearchConditions(trx, v.uid);
        const duplicate = await findByArgsKey(trx, v.uid, argsKey);
        if (!duplicate && count >= SEARCH_CONDITION_LIMIT) {
          throw new AppError('OVER_LIMIT', MESSAGES.searchConditionOverLimit, { limit: SEARCH_CONDITION_LIMIT, count });
        }
        const record = duplicate ?? (await insertSearchCondition(trx, v.uid, { args, argsKey, searchPath, texts }));
        const list = await searchConditionsNewestFirst(trx, v.uid);
        return { record, saved: !duplicate, rest: SEARCH_CONDITION_LIMIT - list.length, index: list.findIndex((r) => r.id === record.id) };
      });
      // Texts just asked for are not asked for again in the same request.
      const searchCondition = await savedView(ctx, outcome.record, outcome.index, { retryTexts: outcome.saved ? false : undefined });
      return { rest: outcome.rest, saved: outcome.saved, searchCondition };
    },
    deleteSearchCondition: async (_, args, ctx) => {
      const byIndex = args.deleteIndex !== null && args.deleteIndex !== undefined;
      const byId = args.id !== null && args.id !== undefined;
      if (byIndex === byId) throw badRequest('削除する検索条件をdeleteIndexかidのどちらか一方で指定してください。');
      return withVisitorLock(ctx, async (trx, v) => {
        const list = await searchConditionsNewestFirst(trx, v.uid);
        const target = byIndex ? list[args.deleteIndex as number] : list.find((r) => r.id === rowId(args.id as string));
        if (!target || !(await deleteSearchCondition(trx, v.uid, target.id))) throw new AppError('NOT_FOUND', MESSAGES.searchConditionNotFound);
        return { status: true, rest: SEARCH_CONDITION_LIMIT - (list.length - 1) };
      });
    },
    setSearchConditionAlertMail: async (_, args, ctx) => {
      const alertMail = args.alertMail.trim();
      if (!isAlertMail(alertMail)) throw badRequest(MESSAGES.alertMailInvalid);
      const id = rowId(args.id);
      const outcome = await withVisitorLock(ctx, async (trx, v) => {
        if (id === undefined || !(await setAlertMail(trx, v.uid, id, alertMail))) throw new AppError('NOT_FOUND', MESSAGES.searchConditionNotFound);
        const list = await searchConditionsNewestFirst(trx, v.uid);
        const index = list.findIndex((r) => r.id === id);
        return { record: list[index] as SearchConditionRecord, index };
      });
      return { searchCondition: await savedView(ctx, outcome.record, outcome.index) };
    },
    setLastSearchCondition: async (_, input, ctx) => {
      const args = validSearch(input);
      await requireVisitor(ctx);
      const last: LastSearch = { args, searchPath: searchPathOf(args), texts: await describe(ctx, args) };
      await withVisitorLock(ctx, (trx, v) => saveLastSearch(trx, v.uid, last), { touch: false });
      return { searchPath: last.searchPath, ...(last.texts ?? NO_TEXTS) };
    },
  },
};
