import DataLoader from 'dataloader';

/**
 * A per-request loader that batches keys into one repository call and returns results in
 * key order (undefined where a key has no row).
 */
export function keyedLoader<K, V>(
  fetch: (keys: readonly K[]) => Promise<V[]>,
  keyOf: (v: V) => K,
  opts: { maxBatchSize?: number } = {},
): DataLoader<K, V | undefined> {
  return new DataLoader<K, V | undefined>(
    async (keys) => {
      const rows = await fetch(keys);
      const byKey = new Map(rows.map((r) => [keyOf(r), r]));
      return keys.map((k) => byKey.get(k));
    },
    { maxBatchSize: opts.maxBatchSize ?? 500 },
  );
}

/** Like keyedLoader, for one-to-many relations (rooms of a building, reviews of a store). */
export function groupedLoader<K, V>(fetch: (keys: readonly K[]) => Promise<V[]>, keyOf: (v: V) => K): DataLoader<K, V[]> {
  return new DataLoader<K, V[]>(async (keys) => {
    const rows = await fetch(keys);
    const byKey = new Map<K, V[]>();
    for (const r of rows) {
      const k = keyOf(r);
      let list = byKey.get(k);
      if (!list) byKey.set(k, (list = []));
      list.push(r);
    }
    return keys.map((k) => byKey.get(k) ?? []);
  });
}
