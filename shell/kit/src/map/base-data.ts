/**
 * The site's own base layer (`npm run base-map -w mf-search` writes base/*.json): Japan's coastline,
 * every railway line and every station. ~740 KB of JSON: only lazy chunks import this module (the
 * static picture's and Leaflet's), never a page's first chunk.
 */
import base from './base/japan.json' with { type: 'json' };
import stationList from './base/stations.json' with { type: 'json' };
import { boundsOf, contains, distanceM, type Box, type LatLng, type LngLat } from './geometry.js';

export interface Railway {
  name: string;
  coords: LngLat[];
}
export interface BaseLayer {
  coast: LngLat[][];
  railways: Railway[];
}
/** [name, lng, lat] per station (one per station group). */
export type StationPoint = [name: string, lng: number, lat: number];

export const baseLayer = base as BaseLayer;
export const stations = stationList as StationPoint[];

/** Each coast ring's and railway's bounds, computed once: a box is matched against them first. */
let indexed: { coast: { ring: LngLat[]; box: Box }[]; railways: { line: LngLat[]; box: Box }[] } | undefined;
export function indexedLayer() {
  indexed ??= {
    coast: baseLayer.coast.map((ring) => ({ ring, box: boundsOf(ring) })),
    railways: baseLayer.railways.map((r) => ({ line: r.coords, box: boundsOf(r.coords) })),
  };
  return indexed;
}

/** The stations' grid: the indices of the stations in each cell of this many degrees, built once. */
const CELL_DEG = 0.1;
/** A box over more cells than this (none a place picture draws) is matched station by station. */
const MAX_CELLS = 2_500;
let grid: Map<number, number[]> | undefined;
/** A cell by its row (latitude / CELL_DEG, floored) and column (longitude). */
const cellKey = (row: number, column: number) => row * 100_000 + column;

/** The stations inside the box, in the list's order: from the grid's cells the box touches, not all ~9,000. */
export function stationsIn(box: Box): StationPoint[] {
  const inBox = (s: StationPoint) => contains(box, { lat: s[2], lng: s[1] });
  const [south, north, west, east] = [box.south, box.north, box.west, box.east].map((v) => Math.floor(v / CELL_DEG)) as [number, number, number, number];
  if (!((north - south + 1) * (east - west + 1) <= MAX_CELLS)) return stations.filter(inBox);
  if (!grid) {
    grid = new Map();
    stations.forEach((s, i) => {
      const key = cellKey(Math.floor(s[2] / CELL_DEG), Math.floor(s[1] / CELL_DEG));
      const cell = grid!.get(key);
      if (cell) cell.push(i);
      else grid!.set(key, [i]);
    });
  }
  const found: number[] = [];
  for (let y = south; y <= north; y++) for (let x = west; x <= east; x++) for (const i of grid.get(cellKey(y, x)) ?? []) if (inBox(stations[i]!)) found.push(i);
  return found.sort((a, b) => a - b).map((i) => stations[i]!);
}

let byName: Map<string, StationPoint[]> | undefined;
/** How far a station named like a listing's may be to be taken for it (names repeat across Japan). */
const SAME_STATION_M = 15_000;

/** The station of that name nearest to `near` (within 15 km), or null: where a listing's traffic points. */
export function locateStation(name: string, near: LatLng): LatLng | null {
  if (!byName) {
    byName = new Map();
    for (const s of stations) {
      const list = byName.get(s[0]);
      if (list) list.push(s);
      else byName.set(s[0], [s]);
    }
  }
  const bare = name.replace(/駅$/, '');
  let best: LatLng | null = null;
  let bestM = SAME_STATION_M;
  for (const [, lng, lat] of byName.get(bare) ?? []) {
    const m = distanceM(near, { lat, lng });
    if (m <= bestM) {
      best = { lat, lng };
      bestM = m;
    }
  }
  return best;
}
