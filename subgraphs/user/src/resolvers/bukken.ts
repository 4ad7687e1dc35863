import type { Resolvers } from '@sumika/subgraph-kit';
import type { Context } from '../context.js';
import { isGlobalKey } from '../domain/keys.js';
import type { BukkenState } from '../repositories/bukken-state.js';
import { iso } from './views.js';

/** A Bukken as the router hands it over (with the @requires fields when asked), plus the visitor's state. */
interface BukkenParent {
  globalKey: string;
  area?: number;
  arrivedAt?: string;
  builtDate?: string;
  chinryou?: number;
  state?: BukkenState | null;
}

/** The visitor's state of a listing: batched per request (one statement for every reference). */
async function stateOf(b: BukkenParent, ctx: Context): Promise<BukkenState | null> {
  if (b.state !== undefined) return b.state;
  if (!ctx.identity.uid || !isGlobalKey(b.globalKey)) return null;
  return (await ctx.loaders.bukkenState.load(b.globalKey)) ?? null;
}

/** Bukken extended with favorited, viewed, addedAt (SPEC §3) for the current visitor. */
export const bukkenResolvers: Resolvers<Context> = {
  Bukken: {
    __resolveReference: async (ref: BukkenParent, ctx: Context): Promise<BukkenParent> => ({ ...ref, state: await stateOf(ref, ctx) }),
    favorited: async (b: BukkenParent, _: unknown, ctx: Context) => !!(await stateOf(b, ctx))?.addedAt,
    viewed: async (b: BukkenParent, _: unknown, ctx: Context) => !!(await stateOf(b, ctx))?.viewedAt,
    addedAt: async (b: BukkenParent, _: unknown, ctx: Context) => iso((await stateOf(b, ctx))?.addedAt),
    viewedAt: async (b: BukkenParent, _: unknown, ctx: Context) => iso((await stateOf(b, ctx))?.viewedAt),
    bukkenSortParams: async (b: BukkenParent, _: unknown, ctx: Context) => ({
      addedAt: iso((await stateOf(b, ctx))?.addedAt),
      area: b.area,
      arrivedAt: b.arrivedAt,
      builtDate: b.builtDate,
      chinryou: b.chinryou,
    }),
  },
};
