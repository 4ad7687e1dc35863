const EARTH_RADIUS_M = 6_371_008.8;
const RAD = Math.PI / 180;

export interface LatLng {
  lat: number;
  lng: number;
}

/** Great-circle distance in metres. */
export function distanceM(a: LatLng, b: LatLng): number {
  const dLat = (b.lat - a.lat) * RAD;
  const dLng = (b.lng - a.lng) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Walking speed used by Japanese real-estate advertising rules (不動産の表示に関する公正競争規約): 80 m per minute, rounded up. */
export const WALK_M_PER_MIN = 80;

export function walkMinutes(metres: number): number {
  return Math.max(1, Math.ceil(metres / WALK_M_PER_MIN));
}

/** Moves a point by metres north and east (good enough at city scale). */
export function offset(p: LatLng, northM: number, eastM: number): LatLng {
  return {
    lat: p.lat + northM / 111_320,
    lng: p.lng + eastM / (111_320 * Math.cos(p.lat * RAD)),
  };
}

/** A uniform grid over lat/lng for nearest-neighbour queries over thousands of points. */
export class GridIndex<T extends LatLng> {
  private readonly cells = new Map<string, T[]>();

  constructor(
    items: Iterable<T>,
    private readonly cellDeg = 0.02,
  ) {
    for (const item of items) {
      const key = this.key(Math.floor(item.lat / cellDeg), Math.floor(item.lng / cellDeg));
      let cell = this.cells.get(key);
      if (!cell) this.cells.set(key, (cell = []));
      cell.push(item);
    }
  }

  private key(y: number, x: number): string {
    return `${y}:${x}`;
  }

  /** Items within `radiusM` of `p`, nearest first (ties broken by input order, so results are stable). */
  within(p: LatLng, radiusM: number): { item: T; distance: number }[] {
    const spanLat = Math.ceil(radiusM / 111_320 / this.cellDeg);
    const spanLng = Math.ceil(radiusM / (111_320 * Math.cos(p.lat * RAD)) / this.cellDeg);
    const cy = Math.floor(p.lat / this.cellDeg);
    const cx = Math.floor(p.lng / this.cellDeg);
    const out: { item: T; distance: number }[] = [];
    for (let y = cy - spanLat; y <= cy + spanLat; y++) {
      for (let x = cx - spanLng; x <= cx + spanLng; x++) {
        for (const item of this.cells.get(this.key(y, x)) ?? []) {
          const distance = distanceM(p, item);
          if (distance <= radiusM) out.push({ item, distance });
        }
      }
    }
    return out.sort((a, b) => a.distance - b.distance);
  }

  /** The nearest item within `maxM`, widening the search until found. */
  nearest(p: LatLng, maxM = 50_000, filter?: (item: T) => boolean): { item: T; distance: number } | undefined {
    for (let r = 1000; r <= maxM * 2; r *= 2) {
      const hit = this.within(p, Math.min(r, maxM)).find((h) => !filter || filter(h.item));
      if (hit) return hit;
      if (r >= maxM) break;
    }
    return undefined;
  }
}
