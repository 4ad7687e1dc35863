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
