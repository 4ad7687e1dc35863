import { distanceKm, type Point } from './nearest.js';

/** Walking speed of Japanese real-estate advertising (不動産の表示に関する公正競争規約): 80 m a minute, rounded up. */
export const WALK_M_PER_MIN = 80;
/** How far a campus may be to count as near a building. */
export const NEARBY_CAMPUS_M = 2000;
export const NEARBY_CAMPUS_LIMIT = { min: 1, max: 10, default: 5 } as const;

export const walkMinutes = (metres: number): number => Math.max(1, Math.ceil(metres / WALK_M_PER_MIN));

/** The box of latitudes and longitudes that holds every point within `metres` of `at`. */
export function boxAround(at: Point, metres: number): { south: number; west: number; north: number; east: number } {
  const dLat = metres / 111_320;
  const dLng = metres / (111_320 * Math.max(0.1, Math.cos((at.lat * Math.PI) / 180)));
  return { south: at.lat - dLat, north: at.lat + dLat, west: at.lng - dLng, east: at.lng + dLng };
}

/** The points within `metres` of `at`, nearest first (ties by the order given), with their distance and walk. */
export function nearby<T extends Point>(at: Point, points: readonly T[], metres: number): { item: T; distanceM: number; walkMin: number }[] {
  return points
    .map((item, i) => ({ item, i, distanceM: Math.round(distanceKm(at, item) * 1000) }))
    .filter((p) => p.distanceM <= metres)
    .sort((a, b) => a.distanceM - b.distanceM || a.i - b.i)
    .map(({ item, distanceM }) => ({ item, distanceM, walkMin: walkMinutes(distanceM) }));
}
