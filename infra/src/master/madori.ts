import type { Madori } from './types.js';

/** The plan (間取り) list in display order; `code` is the ordinal used for plan ranges. */
export const MADORI: readonly Madori[] = [
  ['1R', 1],
  ['1K', 1],
  ['1DK', 1],
  ['1LDK', 1],
  ['2K', 2],
  ['2DK', 2],
  ['2LDK', 2],
  ['3K', 3],
  ['3DK', 3],
  ['3LDK', 3],
  ['4K', 4],
  ['4DK', 4],
  ['4LDK+', 4],
].map(([name, rooms], i) => ({
  code: i + 1,
  name: name as string,
  path: (name as string).toLowerCase().replace('+', 'plus'),
  rooms: rooms as number,
}));

export const MADORI_BY_NAME: ReadonlyMap<string, Madori> = new Map(MADORI.map((m) => [m.name, m]));
