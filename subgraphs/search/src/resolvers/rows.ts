/** A row its foreign key guarantees: a missing one is a broken invariant, not the caller's mistake. */
export function existing<T>(row: T | undefined, what: string): T {
  if (row === undefined) throw new Error(`${what} is missing`);
  return row;
}
