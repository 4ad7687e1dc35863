import { MAP_LEVELS, mapLevelForZoom } from './map.js';

describe('map levels', () => {
  it('gives cells about 80 px wide at each zoom, within the stored levels', () => {
    const width = (zoom: number) => (512 * 2 ** zoom) / 3 ** (mapLevelForZoom(zoom) + 3);
    for (let zoom = 8; zoom <= 17; zoom++) {
      expect(width(zoom)).toBeGreaterThan(45);
      expect(width(zoom)).toBeLessThan(140);
    }
    expect(mapLevelForZoom(2)).toBe(MAP_LEVELS.min);
    expect(mapLevelForZoom(22)).toBe(MAP_LEVELS.max);
    expect(mapLevelForZoom(13)).toBe(7);
  });
});
