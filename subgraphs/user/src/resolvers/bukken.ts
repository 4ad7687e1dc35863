import type { Resolvers } from '../__generated__/resolvers-types.js';
import type { Context } from '../context.js';
import { isGlobalKey } from '../domain/keys.js';
import type { BukkenState } from '../repositories/bukken-state.js';
import { iso } from './views.js';

/** A Bukken as the router hands it over (with the @requires fields when asked), plus the visitor's state. */
export interface BukkenParent {
  globalKey: string;
  area?: number;
  arrivedAt?: string;
  builtDate?: string;
  chinryou?: number;
  state?: BukkenState | null;
}

/** A field the router sends through @requires; without it the query plan itself is broken. */
function requiredField<T>(value: T | undefined, field: string): T {
  if (value === undefined) throw new Error(`Bukken representation lacks its @requires field ${field}`);
  return value;
}

/** The visitor's state of a listing: batched per request (one statement for every reference). */
async function stateOf(b: BukkenParent, ctx: Context): Promise<BukkenState | null> {
  if (b.state !== undefined) return b.state;
  if (!ctx.identity.uid || !isGlobalKey(b.globalKey)) return null;
  return (await ctx.loaders.bukkenState.load(b.globalKey)) ?? null;
}

/** Bukken extended with favorited, viewed, addedAt (SPEC §3) for the current visitor. */
export const bukkenResolvers: Resolvers = {
  Bukken: {
    __resolveReference: async (ref, ctx): Promise<BukkenParent> => ({ ...ref, state: await stateOf(ref, ctx) }),
    favorited: async (b, _, ctx) => !!(await stateOf(b, ctx))?.addedAt,
    viewed: async (b, _, ctx) => !!(await stateOf(b, ctx))?.viewedAt,
    addedAt: async (b, _, ctx) => iso((await stateOf(b, ctx))?.addedAt),
    viewedAt: async (b, _, ctx) => iso((await stateOf(b, ctx))?.viewedAt),
    bukkenSortParams: async (b, _, ctx) => ({
      addedAt: iso((await stateOf(b, ctx))?.addedAt),
      area: requiredField(b.area, 'area'),
      arrivedAt: requiredField(b.arrivedAt, 'arrivedAt'),
      builtDate: requiredField(b.builtDate, 'builtDate'),
      chinryou: requiredField(b.chinryou, 'chinryou'),
    }),
  },
};
