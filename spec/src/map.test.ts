import { MAP_LEVELS, mapLevelForZoom } from './map.js';

describe('map levels', () => {
  it('gives cells 72-216 px wide at each zoom, within the stored levels', () => {
    const width = (zoom: number) => (512 * 2 ** zoom) / 3 ** (mapLevelForZoom(zoom) + 3);
    for (let zoom = 8; zoom <= 17; zoom++) {
      expect(width(zoom)).toBeGreaterThanOrEqual(72);
      expect(width(zoom)).toBeLessThan(216);
    }
    expect(mapLevelForZoom(2)).toBe(MAP_LEVELS.min);
    expect(mapLevelForZoom(22)).toBe(MAP_LEVELS.max);
    expect(mapLevelForZoom(13)).toBe(6);
    expect(mapLevelForZoom(14)).toBe(7);
  });
});
