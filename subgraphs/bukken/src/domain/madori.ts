/** Plans (間取り) in display order; a plan's ordinal (1-based) is what plan ranges compare. */
export const MADORI_NAMES = ['1R', '1K', '1DK', '1LDK', '2K', '2DK', '2LDK', '3K', '3DK', '3LDK', '4K', '4DK', '4LDK+'] as const;

const ORDINALS: ReadonlyMap<string, number> = new Map(MADORI_NAMES.map((name, i) => [name, i + 1]));

/** The madori ordinal 1..13 of a plan name, undefined for anything else. */
export function planOrdinal(plan: string): number | undefined {
  return ORDINALS.get(plan);
}
