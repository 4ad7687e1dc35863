/**
 * The map search's GeoHex levels (SPEC §3 map): the search subgraph keeps every listing's cell at
 * these levels, and the map page asks for the level whose cells are about CELL_PX wide at its zoom.
 */
export const MAP_LEVELS = { min: 3, max: 12 } as const;

/** The width a cell should have on screen, in CSS pixels. */
const CELL_PX = 80;

/**
 * The GeoHex level for a web-mercator zoom: a level-L cell is 4·H/3^(L+3) metres wide (H the
 * half-circumference), a zoom-z pixel 2·H/(256·2^z) metres, so a cell is 512·2^z/3^(L+3) px wide.
 */
export function mapLevelForZoom(zoom: number): number {
  const level = Math.round(Math.log((512 * 2 ** zoom) / CELL_PX) / Math.log(3)) - 3;
  return Math.min(MAP_LEVELS.max, Math.max(MAP_LEVELS.min, level));
}
