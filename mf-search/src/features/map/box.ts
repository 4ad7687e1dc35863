/**
 * The map's view as the URL carries it: a bounding box (?south=&west=&north=&east=), next to the
 * search condition's own parameters. A box that is missing, malformed or out of range is the default.
 */
import { MAP_BOX_PARAMS, mapLevelForZoom } from '@sumika/spec';

export interface Box {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** Central Tokyo: where most listings are. */
export const DEFAULT_BOX: Box = { south: 35.62, west: 139.62, north: 35.76, east: 139.82 };

export const BOX_PARAMS = MAP_BOX_PARAMS;

/** Japan and its seas: a box outside it shows nothing of ours. */
const BOUNDS: Box = { south: 20, west: 122, north: 46, east: 154 };

/** Whether the URL names a box of its own (all four parameters, valid or not). */
export function hasBoxParams(search: string): boolean {
  const q = new URLSearchParams(search);
  return BOX_PARAMS.every((k) => (q.get(k) ?? '').trim() !== '');
}

export function boxFromSearch(search: string): Box {
  const q = new URLSearchParams(search);
  const values = BOX_PARAMS.map((k) => (q.get(k) ?? '').trim());
  if (values.some((v) => v === '')) return DEFAULT_BOX;
  const [south, west, north, east] = values.map(Number) as [number, number, number, number];
  const ok =
    [south, west, north, east].every(Number.isFinite) &&
    south < north &&
    west < east &&
    south >= BOUNDS.south &&
    north <= BOUNDS.north &&
    west >= BOUNDS.west &&
    east <= BOUNDS.east;
  return ok ? { south, west, north, east } : DEFAULT_BOX;
}

/** Box parameters rounded to about 10 m, for the URL. */
export function boxParams(box: Box): [string, string][] {
  return BOX_PARAMS.map((k) => [k, String(Math.round(box[k] * 1e4) / 1e4)]);
}

/** The web-mercator zoom that fits the box's width into `px` pixels. */
export function zoomForBox(box: Box, px: number): number {
  return Math.max(3, Math.min(18, Math.floor(Math.log2((px * 360) / (256 * (box.east - box.west))))));
}

/** The GeoHex level to ask for: from the zoom the map shows. */
export const levelForZoom = mapLevelForZoom;

/** The box clamped into Japan's bounds (a map panned off to the sea still asks a valid box). */
export function clampBox(box: Box): Box {
  const south = Math.max(BOUNDS.south, box.south);
  const north = Math.min(BOUNDS.north, box.north);
  const west = Math.max(BOUNDS.west, box.west);
  const east = Math.min(BOUNDS.east, box.east);
  return south < north && west < east ? { south, west, north, east } : DEFAULT_BOX;
}
