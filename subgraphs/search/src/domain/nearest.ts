/** Nearest-point lookups over a few thousand points (station groups), on a 0.1° grid. */

export interface Point {
  lat: number;
  lng: number;
}

const CELL_DEG = 0.1;
const EARTH_KM = 6371;
/** The least width of a grid cell in km, east-west at 47°N (Japan's northern tip is 45.5°N). */
const KM_PER_CELL = 7.5;

/** Great-circle distance in km. */
export function distanceKm(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export class NearestIndex<T extends Point> {
  private readonly cells = new Map<string, T[]>();

  constructor(points: Iterable<T>) {
    for (const p of points) {
      const key = NearestIndex.key(Math.floor(p.lat / CELL_DEG), Math.floor(p.lng / CELL_DEG));
      const list = this.cells.get(key);
      if (list) list.push(p);
      else this.cells.set(key, [p]);
    }
  }

  private static key(i: number, j: number): string {
    return `${i}:${j}`;
  }

  /** The nearest point within maxKm of `at`, or undefined; ties go to the first indexed. */
  nearest(at: Point, maxKm: number): T | undefined {
    const i0 = Math.floor(at.lat / CELL_DEG);
    const j0 = Math.floor(at.lng / CELL_DEG);
    // A grid cell is at least 7.5 km wide east-west up to 47°N (11 km north-south): ring r covers r cells.
    const maxRing = Math.ceil(maxKm / KM_PER_CELL) + 1;
    let best: T | undefined;
    let bestKm = maxKm;
    for (let r = 0; r <= maxRing; r++) {
      for (let i = i0 - r; i <= i0 + r; i++) {
        for (let j = j0 - r; j <= j0 + r; j++) {
          if (Math.max(Math.abs(i - i0), Math.abs(j - j0)) !== r) continue;
          for (const p of this.cells.get(NearestIndex.key(i, j)) ?? []) {
            const km = distanceKm(at, p);
            if (km <= bestKm && (best === undefined || km < bestKm)) {
              best = p;
              bestKm = km;
            }
          }
        }
      }
      // Anything in ring r+1 or beyond is at least r cells, r·7.5 km, away: stop once that exceeds the best.
      if (best !== undefined && r * KM_PER_CELL > bestKm) break;
    }
    return best;
  }
}
