import { Random } from '@sumika/domain';

/**
 * The fuzz suite's draws over the repository's one seeded PRNG (@sumika/domain's Random): the same
 * seed gives the same requests, so a failure can be replayed with --seed.
 */
export class Rng {
  private readonly random: Random;

  constructor(readonly seed: number) {
    this.random = new Random(seed >>> 0);
  }

  /** A float in [0, 1). */
  next(): number {
    return this.random.next();
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  chance(p: number): boolean {
    return this.random.chance(p);
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[this.int(items.length)] as T;
  }

  /** Up to n distinct items, in random order. */
  sample<T>(items: readonly T[], n: number): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy.slice(0, n);
  }
}
