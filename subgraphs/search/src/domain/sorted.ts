/** The first index of the ascending `values` at or above `v` (`above`: strictly above); `values.length` when none is. */
export function firstIndex(values: ArrayLike<number>, v: number, above: boolean): number {
  let [lo, hi] = [0, values.length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (above ? values[mid]! <= v : values[mid]! < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** `key <= bound` (an upper bound: rent up to, walk within) or `key >= bound` (a lower one). */
export interface Within {
  op: '<=' | '>=';
  bounds: readonly number[];
}

/**
 * Matches within each bound, from counts per key added one by one: each key is placed among the
 * sorted bounds once (a rent facet adds thousands of keys against ~40 bounds), then the places are
 * summed across the bounds. `counts()` answers each bound with its count, in the order given.
 */
export class WithinBounds {
  private readonly sorted: number[];
  private readonly at: Float64Array;

  constructor(private readonly within: Within) {
    this.sorted = [...within.bounds].sort((a, b) => a - b);
    this.at = new Float64Array(this.sorted.length);
  }

  add(key: number, count: number): void {
    // `<=`: every bound from the first at or above the key counts it; `>=`: every bound up to the last at or below it.
    const j = this.within.op === '<=' ? firstIndex(this.sorted, key, false) : firstIndex(this.sorted, key, true) - 1;
    if (j >= 0 && j < this.sorted.length) this.at[j]! += count;
  }

  counts(): { key: number; count: number }[] {
    const at = Float64Array.from(this.at);
    if (this.within.op === '<=') for (let j = 1; j < at.length; j++) at[j]! += at[j - 1]!;
    else for (let j = at.length - 2; j >= 0; j--) at[j]! += at[j + 1]!;
    return this.within.bounds.map((key) => ({ key, count: at[firstIndex(this.sorted, key, false)]! }));
  }
}
