/**
 * `v` with its unpaired surrogates as U+FFFD: PostgreSQL's jsonb and text refuse them ('\ud800' in
 * stored JSON), and a string cut at a UTF-16 length can end in half a pair.
 */
export function storable(v: string): string {
  return v.replace(/\p{Surrogate}/gu, '\uFFFD');
}
