/**
 * The map search's GeoHex levels (SPEC §3 map): the search subgraph keeps every listing's cell at
 * these levels, and the map page asks for the level whose cells are about CELL_PX wide at its zoom.
 */
export const MAP_LEVELS = { min: 3, max: 12 } as const;

/** The map page's view in its URL, next to the search's own parameters: a bounding box in degrees. */
export const MAP_BOX_PARAMS = ['south', 'west', 'north', 'east'] as const;

/** The least width a cell should have on screen, in CSS pixels (room for its count). */
const CELL_PX = 72;

/**
 * The GeoHex level for a web-mercator zoom: a level-L cell is 4·H/3^(L+3) metres wide (H the
 * half-circumference), a zoom-z pixel 2·H/(256·2^z) metres, so a cell is 512·2^z/3^(L+3) px wide;
 * the finest level whose cells are at least CELL_PX wide (72–216 px).
 */
export function mapLevelForZoom(zoom: number): number {
  const level = Math.floor(Math.log((512 * 2 ** zoom) / CELL_PX) / Math.log(3)) - 3;
  return Math.min(MAP_LEVELS.max, Math.max(MAP_LEVELS.min, level));
}

// ---- GeoHex v3 geometry: cells are regular hexagons on the spherical Mercator plane -------------

/** Half the Earth's circumference in spherical-Mercator metres (GeoHex's h_base). */
export const MERCATOR_HALF = 20037508.34;

export interface LatLngPoint {
  lat: number;
  lng: number;
}

export function toMercator(lat: number, lng: number): { x: number; y: number } {
  const x = (lng * MERCATOR_HALF) / 180;
  const y = ((Math.log(Math.tan(((90 + lat) * Math.PI) / 360)) / (Math.PI / 180)) * MERCATOR_HALF) / 180;
  return { x, y };
}

export function fromMercator(x: number, y: number): LatLngPoint {
  const lng = (x / MERCATOR_HALF) * 180;
  const latDeg = (y / MERCATOR_HALF) * 180;
  const lat = (180 / Math.PI) * (2 * Math.atan(Math.exp((latDeg * Math.PI) / 180)) - Math.PI / 2);
  return { lat, lng };
}

/** Circumradius unit of a level's cells in Mercator metres: a cell is 4·size wide. */
export function hexSize(level: number): number {
  return MERCATOR_HALF / 3 ** (level + 3);
}

/** The six corners of the level's cell centred at `center`, counter-clockwise from the west corner. */
export function hexCorners(center: LatLngPoint, level: number): LatLngPoint[] {
  const size = hexSize(level);
  const { x, y } = toMercator(center.lat, center.lng);
  const top = fromMercator(x, y + Math.sqrt(3) * size).lat;
  const bottom = fromMercator(x, y - Math.sqrt(3) * size).lat;
  const lngAt = (dx: number): number => fromMercator(x + dx * size, y).lng;
  return [
    { lat: center.lat, lng: lngAt(-2) },
    { lat: bottom, lng: lngAt(-1) },
    { lat: bottom, lng: lngAt(1) },
    { lat: center.lat, lng: lngAt(2) },
    { lat: top, lng: lngAt(1) },
    { lat: top, lng: lngAt(-1) },
  ];
}

/** A GeoHex code's level: its length less the two letters. */
export const geoHexLevel = (code: string): number => code.length - 2;
