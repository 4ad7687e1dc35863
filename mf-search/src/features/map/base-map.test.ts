import { readFileSync } from 'node:fs';
import path from 'node:path';
// @ts-expect-error the generator is a plain Node script without declarations
import { buildBaseMap, OUT_DIR, serialise } from '../../../scripts/base-map.mjs';

describe("the map's base layer", () => {
  const built = buildBaseMap() as Record<string, unknown>;

  it('is what `npm run base-map -w mf-search` writes from the packages installed (regenerate after updating them)', () => {
    for (const [file, data] of Object.entries(built)) {
      expect([file, readFileSync(path.join(OUT_DIR as string, file), 'utf8') === serialise(data)]).toEqual([file, true]);
    }
  });

  it("covers Japan: the four main islands' coast, hundreds of railway lines, thousands of stations", () => {
    const base = built['japan.json'] as { coast: [number, number][][]; railways: { name: string; coords: [number, number][] }[] };
    const stations = built['stations.json'] as [string, number, number][];
    expect(base.coast.length).toBeGreaterThan(50);
    const points = base.coast.flat();
    expect(Math.min(...points.map((p) => p[1]))).toBeLessThan(25); // Okinawa
    expect(Math.max(...points.map((p) => p[1]))).toBeGreaterThan(45); // Hokkaido
    expect(base.railways.length).toBeGreaterThan(500);
    expect(base.railways.map((r) => r.name)).toContain('JR山手線');
    expect(stations.length).toBeGreaterThan(8000);
    const shibuya = stations.find(([name]) => name === '渋谷');
    expect(shibuya && [Math.round(shibuya[1]), Math.round(shibuya[2])]).toEqual([140, 36]);
  });
});
