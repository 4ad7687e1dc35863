import { notFound } from '@sumika/server-kit';
import type { Resolvers } from '../__generated__/resolvers-types.js';
import type { Context } from '../context.js';
import { searchMaster } from '../repositories/listing-master.js';
import { baseFilter } from '../domain/filter.js';
import { prefectureOf } from './search/arguments.js';
import { cachedKeys } from './search/results.js';

// Special pages show these counts on every visit; five minutes of staleness is invisible.
const COUNT_TTL_SECONDS = 300;
const PICKUPS = 4;
const SIDE_PICKUPS = 6;

/** Active listings matching the special's rule, optionally in one prefecture (cached 5 minutes). */
export async function specialBukkenCount(ctx: Context, path: string, prefecturePath: string | null | undefined): Promise<number> {
  const prefectureCode = prefectureOf(prefecturePath) ?? 0;
  const key = `special-counts:v1:${prefectureCode}`;
  let counts: Record<string, number> | undefined;
  const hit = await ctx.cache.get(key);
  if (hit !== null) counts = JSON.parse(hit) as Record<string, number>;
  if (!counts || !(path in counts)) {
    counts = (await ctx.loaders.specialCounts.load(prefectureCode))?.counts ?? {};
    await ctx.cache.set(key, JSON.stringify(counts), COUNT_TTL_SECONDS);
  }
  return counts[path] ?? 0;
}

export const specialSearchResolvers: Resolvers = {
  Query: {
    async specialRecommendBukkens(_, args, ctx) {
      const prefectureCode = prefectureOf(args.prefecturePath);
      const special = (await searchMaster(ctx.db)).specials.get(args.specialName);
      if (!special) throw notFound('指定された特集が見つかりません。');
      const filter = { ...baseFilter(), prefectureCode, special: special.rule };
      const keys = await cachedKeys(ctx, filter, { column: 'view_count', direction: 'desc' }, PICKUPS + SIDE_PICKUPS);
      const refs = keys.map((globalKey) => ({ globalKey }));
      return { pickups: refs.slice(0, PICKUPS), sidePickups: refs.slice(PICKUPS) };
    },
  },
  Special: {
    bukkenCount: (special, args, ctx) => specialBukkenCount(ctx, special.path, args.prefecturePath),
  },
};
