import { keyedLoader } from '@sumika/server-kit';
import type DataLoader from 'dataloader';
import type { Kysely } from 'kysely';
import { japanYear } from '../domain/filter.js';
import type { DB } from '../repositories/db.js';
import { searchMaster } from '../repositories/listing-master.js';
import { specialCounts } from '../repositories/listing-search.js';

/** Active listings per special path, for one prefecture (0 = nationwide). */
export interface SpecialCounts {
  prefectureCode: number;
  counts: Record<string, number>;
}

export interface SearchLoaders {
  /** Every special's count in one scan per prefecture, however many Special.bukkenCount fields ask. */
  specialCounts: DataLoader<number, SpecialCounts | undefined>;
}

export function createSearchLoaders(db: Kysely<DB>): SearchLoaders {
  return {
    specialCounts: keyedLoader(
      async (prefectureCodes: readonly number[]) => {
        const specials = [...(await searchMaster(db)).specials.values()];
        const year = japanYear();
        return Promise.all(
          prefectureCodes.map(async (prefectureCode) => {
            const n = await specialCounts(
              db,
              specials.map((s) => s.rule),
              prefectureCode === 0 ? null : prefectureCode,
              year,
            );
            return { prefectureCode, counts: Object.fromEntries(specials.map((s, i) => [s.path, n[i] ?? 0])) };
          }),
        );
      },
      (r) => r.prefectureCode,
    ),
  };
}
