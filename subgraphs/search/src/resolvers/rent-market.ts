import type { Resolvers } from '../__generated__/resolvers-types.js';
import type { Context } from '../context.js';
import { bandOrdinals, RENT_BANDS, RENT_MEDIAN_MIN_LISTINGS, type RentBand } from '../domain/rent-market.js';
import { cachedJson } from '../loaders/places.js';
import { linesInPrefecture } from '../repositories/railways.js';
import { bandMedians, type BandMedianRow } from '../repositories/rent-market.js';
import { LIVABILITY_TTL_SECONDS } from './livability.js';
import { requirePrefecture, searchableCities } from './places.js';

export interface PlaceRentFigures {
  code: number;
  name: string;
  /** Active listings of the place in any band. */
  bukkenCount: number;
  /** Median per band (RENT_BANDS order), null where fewer than RENT_MEDIAN_MIN_LISTINGS. */
  medians: (number | null)[];
}

export interface RentMarketFigures {
  bands: RentBand[];
  cities: PlaceRentFigures[];
  lines: PlaceRentFigures[];
}

function figuresOf(places: { code: number; name: string }[], rows: BandMedianRow[]): PlaceRentFigures[] {
  const byPlace = new Map<number, BandMedianRow[]>();
  for (const r of rows) byPlace.set(r.k, [...(byPlace.get(r.k) ?? []), r]);
  return places.map((p) => {
    const own = byPlace.get(p.code) ?? [];
    return {
      code: p.code,
      name: p.name,
      bukkenCount: own.reduce((n, r) => n + r.n, 0),
      medians: RENT_BANDS.map((_, i) => {
        const r = own.find((o) => o.band === i);
        return r && r.n >= RENT_MEDIAN_MIN_LISTINGS ? Math.round(r.median) : null;
      }),
    };
  });
}

/** The rent-market picker of a prefecture: two grouped queries (cities, lines), cached like livability figures. */
export async function rentMarket(ctx: Context, prefectureCode: number): Promise<RentMarketFigures> {
  return cachedJson(ctx.cache, `master:rent-market:v1:${prefectureCode}`, LIVABILITY_TTL_SECONDS, async () => {
    const ordinals = bandOrdinals(RENT_BANDS);
    const [cities, lines, cityRows, lineRows] = await Promise.all([
      searchableCities(ctx, prefectureCode),
      linesInPrefecture(ctx.db, prefectureCode),
      bandMedians(ctx.db, prefectureCode, ordinals, 'city'),
      bandMedians(ctx.db, prefectureCode, ordinals, 'line'),
    ]);
    return {
      bands: [...RENT_BANDS],
      cities: figuresOf(cities, cityRows),
      // A line that crosses the prefecture without a listing in it is left out.
      lines: figuresOf(lines, lineRows).filter((l) => l.bukkenCount > 0),
    };
  });
}

export const rentMarketResolvers: Resolvers = {
  Query: {
    rentMarket: (_, args, ctx) => rentMarket(ctx, requirePrefecture(args.prefecturePath)),
  },
};
