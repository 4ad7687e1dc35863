/**
 * The map stack's pure geometry (no base data, no Leaflet): web-mercator pixels, the box a map of a
 * given size shows around a point at a zoom, the projection of the static SVG picture, and clipping
 * of the base layer's rings and lines to a box. Shared by the search map (mf-search) and the
 * listing and building maps (mf-detail).
 */

export interface Box {
  south: number;
  west: number;
  north: number;
  east: number;
}

export interface LatLng {
  lat: number;
  lng: number;
}

/** [lng, lat], as the base layer stores a point. */
export type LngLat = [number, number];

/** The size every static picture is drawn at (its viewBox); the box on the page keeps this aspect. */
export const PICTURE = { width: 640, height: 400 } as const;

const TILE = 256;

/** World pixel x of a longitude at a zoom (web mercator, 256 px tiles). */
export function worldX(lng: number, zoom: number): number {
  return ((lng + 180) / 360) * TILE * 2 ** zoom;
}

/** World pixel y of a latitude at a zoom (web mercator). */
export function worldY(lat: number, zoom: number): number {
  const s = Math.sin((Math.max(-85, Math.min(85, lat)) * Math.PI) / 180);
  return (0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * TILE * 2 ** zoom;
}

function lngOfX(x: number, zoom: number): number {
  return (x / (TILE * 2 ** zoom)) * 360 - 180;
}

function latOfY(y: number, zoom: number): number {
  const n = Math.PI - (2 * Math.PI * y) / (TILE * 2 ** zoom);
  return (180 / Math.PI) * Math.atan(Math.sinh(n));
}

/** The box a map `width`×`height` px shows centred on `center` at `zoom`. */
export function boxAround(center: LatLng, zoom: number, width: number = PICTURE.width, height: number = PICTURE.height): Box {
  const cx = worldX(center.lng, zoom);
  const cy = worldY(center.lat, zoom);
  return {
    west: lngOfX(cx - width / 2, zoom),
    east: lngOfX(cx + width / 2, zoom),
    north: latOfY(cy - height / 2, zoom),
    south: latOfY(cy + height / 2, zoom),
  };
}

export function contains(box: Box, p: LatLng): boolean {
  return p.lat >= box.south && p.lat <= box.north && p.lng >= box.west && p.lng <= box.east;
}

/** The box with every side moved inwards by `ratio` of its size (a margin for labels). */
export function inset(box: Box, ratio: number): Box {
  const dx = (box.east - box.west) * ratio;
  const dy = (box.north - box.south) * ratio;
  return { south: box.south + dy, west: box.west + dx, north: box.north - dy, east: box.east - dx };
}

/** Zooms a place map may take: streets around the place, at most a few stations' walk out. */
export const PLACE_ZOOM = { max: 16, min: 14 } as const;

/**
 * The zoom of a place map: the closest (at most PLACE_ZOOM.max) whose picture keeps every point
 * inside its inner 80%, never wider than PLACE_ZOOM.min (a point further off stays in the list only).
 */
export function placeZoom(center: LatLng, points: readonly LatLng[]): number {
  for (let zoom: number = PLACE_ZOOM.max; zoom > PLACE_ZOOM.min; zoom--) {
    const inner = inset(boxAround(center, zoom), 0.1);
    if (points.every((p) => contains(inner, p))) return zoom;
  }
  return PLACE_ZOOM.min;
}

/** Great-circle distance in metres (haversine). */
export function distanceM(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371008.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The SVG picture's projection of a box onto width × height (web mercator, north up). */
export function projector(box: Box, width: number = PICTURE.width, height: number = PICTURE.height) {
  // Any zoom gives the same ratios; 20 keeps the numbers well inside double precision.
  const z = 20;
  const x0 = worldX(box.west, z);
  const y0 = worldY(box.north, z);
  const sx = width / (worldX(box.east, z) - x0);
  const sy = height / (worldY(box.south, z) - y0);
  return {
    x: (lng: number) => (worldX(lng, z) - x0) * sx,
    y: (lat: number) => (worldY(lat, z) - y0) * sy,
  };
}

type Edge = 'west' | 'east' | 'south' | 'north';
const EDGES: readonly Edge[] = ['west', 'east', 'south', 'north'];

function inside(p: LngLat, edge: Edge, box: Box): boolean {
  switch (edge) {
    case 'west':
      return p[0] >= box.west;
    case 'east':
      return p[0] <= box.east;
    case 'south':
      return p[1] >= box.south;
    case 'north':
      return p[1] <= box.north;
  }
}

function crossing(a: LngLat, b: LngLat, edge: Edge, box: Box): LngLat {
  if (edge === 'west' || edge === 'east') {
    const x = box[edge];
    const t = (x - a[0]) / (b[0] - a[0]);
    return [x, a[1] + t * (b[1] - a[1])];
  }
  const y = box[edge];
  const t = (y - a[1]) / (b[1] - a[1]);
  return [a[0] + t * (b[0] - a[0]), y];
}

/** Sutherland–Hodgman: a closed ring clipped to the box (empty when it lies outside). */
export function clipRing(ring: readonly LngLat[], box: Box): LngLat[] {
  let out: LngLat[] = [...ring];
  for (const edge of EDGES) {
    if (out.length === 0) break;
    const input = out;
    out = [];
    for (let i = 0; i < input.length; i++) {
      const cur = input[i] as LngLat;
      const prev = input[(i + input.length - 1) % input.length] as LngLat;
      const curIn = inside(cur, edge, box);
      const prevIn = inside(prev, edge, box);
      if (curIn) {
        if (!prevIn) out.push(crossing(prev, cur, edge, box));
        out.push(cur);
      } else if (prevIn) {
        out.push(crossing(prev, cur, edge, box));
      }
    }
  }
  return out.length >= 3 ? out : [];
}

/** Liang–Barsky on one segment: its part inside the box, or null. */
function clipSegment(a: LngLat, b: LngLat, box: Box): [LngLat, LngLat] | null {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  let t0 = 0;
  let t1 = 1;
  const checks: [number, number][] = [
    [-dx, a[0] - box.west],
    [dx, box.east - a[0]],
    [-dy, a[1] - box.south],
    [dy, box.north - a[1]],
  ];
  for (const [p, q] of checks) {
    if (p === 0) {
      if (q < 0) return null;
      continue;
    }
    const r = q / p;
    if (p < 0) {
      if (r > t1) return null;
      if (r > t0) t0 = r;
    } else {
      if (r < t0) return null;
      if (r < t1) t1 = r;
    }
  }
  return [
    [a[0] + t0 * dx, a[1] + t0 * dy],
    [a[0] + t1 * dx, a[1] + t1 * dy],
  ];
}

/** A polyline clipped to the box: the pieces that run inside it. */
export function clipLine(line: readonly LngLat[], box: Box): LngLat[][] {
  const pieces: LngLat[][] = [];
  let piece: LngLat[] = [];
  for (let i = 1; i < line.length; i++) {
    const seg = clipSegment(line[i - 1] as LngLat, line[i] as LngLat, box);
    if (!seg) {
      if (piece.length >= 2) pieces.push(piece);
      piece = [];
      continue;
    }
    const last = piece[piece.length - 1];
    if (last && last[0] === seg[0][0] && last[1] === seg[0][1]) piece.push(seg[1]);
    else {
      if (piece.length >= 2) pieces.push(piece);
      piece = [seg[0], seg[1]];
    }
    // A segment that leaves the box ends the piece.
    if (seg[1][0] !== (line[i] as LngLat)[0] || seg[1][1] !== (line[i] as LngLat)[1]) {
      pieces.push(piece);
      piece = [];
    }
  }
  if (piece.length >= 2) pieces.push(piece);
  return pieces;
}

/** The bounding box of a list of points. */
export function boundsOf(points: readonly LngLat[]): Box {
  let south = Infinity;
  let west = Infinity;
  let north = -Infinity;
  let east = -Infinity;
  for (const [lng, lat] of points) {
    if (lat < south) south = lat;
    if (lat > north) north = lat;
    if (lng < west) west = lng;
    if (lng > east) east = lng;
  }
  return { south, west, north, east };
}

export function intersects(a: Box, b: Box): boolean {
  return a.west <= b.east && a.east >= b.west && a.south <= b.north && a.north >= b.south;
}
