import { Random } from '@sumika/domain';
import { cellsInBox, decode, encode, hexSize, polygon } from './geohex.js';

/** The shared seeded PRNG, so failures reproduce. */
function random(seed: number): () => number {
  const r = new Random(seed);
  return () => r.next();
}

/** Spherical Mercator in metres, written out independently of the module. */
function mercator(lat: number, lng: number): [number, number] {
  const r = 20037508.34 / Math.PI;
  return [(lng * Math.PI * r) / 180, r * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360))];
}

/** Point in convex polygon (any winding), in projected metres. */
function contains(corners: { lat: number; lng: number }[], lat: number, lng: number): boolean {
  const [px, py] = mercator(lat, lng);
  const pts = corners.map((c) => mercator(c.lat, c.lng));
  let sign = 0;
  for (let i = 0; i < pts.length; i++) {
    const [ax, ay] = pts[i]!;
    const [bx, by] = pts[(i + 1) % pts.length]!;
    const cross = (bx - ax) * (py - ay) - (by - ay) * (px - ax);
    const scale = Math.hypot(bx - ax, by - ay);
    if (Math.abs(cross) <= 1e-7 * scale * scale) continue;
    const s = Math.sign(cross);
    if (sign !== 0 && s !== sign) return false;
    sign = s;
  }
  return true;
}

function badRequestOf(f: () => unknown): string | undefined {
  try {
    f();
  } catch (err) {
    return (err as { extensions?: { code?: string } }).extensions?.code;
  }
  return 'no error';
}

// Mainland Japan and the nearby islands.
const JAPAN = { south: 24, west: 123, north: 45.5, east: 146 };
const randomPoint = (next: () => number, box = JAPAN): [number, number] => [
  box.south + next() * (box.north - box.south),
  box.west + next() * (box.east - box.west),
];

describe('GeoHex v3', () => {
  // Published GeoHex v3 test vectors (lat, lng, level, code) around Japan and elsewhere.
  const anchors: [number, number, number, string][] = [
    [33.35137950146622, 135.6104480957031, 0, 'XM'],
    [-1.150500622870068, -9.233301904296898, 0, 'OY'],
    [82.99315605554614, -35.952051904296894, 0, 'bD'],
    [31.95216223802497, 140.625, 1, 'XM4'],
    [35.239085491966435, 137.0166980957031, 2, 'XM56'],
    [42.87010132809042, 142.6416980957031, 2, 'XX03'],
    [34.02782288983624, 137.47812387695296, 3, 'XM454'],
    [40.04443758460856, 135.52734375, 3, 'XU630'],
    [35.38904996691167, 139.7021484375, 4, 'XM4881'],
    [0, -60.46875, 4, 'OG6663'],
    [35.02999636902565, 138.33984375, 5, 'XM48257'],
    [43.51668853502906, 141.416015625, 5, 'XX03156'],
    [32.54681317351514, 138.8671875, 6, 'XM442337'],
    [35.817813158696616, 137.900390625, 7, 'XM5643552'],
    [38.20365531807151, 145.6787109375, 7, 'XM7851800'],
    [35.23544008841136, 138.43221781005877, 8, 'XM56301016'],
    [40.58058466412761, 134.296875, 8, 'XU63124187'],
    [35.579826, 139.654524, 9, 'XM488276746'],
    [34.884719615800655, 138.37728616943377, 9, 'XM482452815'],
    [34.69976336974951, 141.56881448974627, 10, 'XM4863207510'],
    [36.00125691778753, 137.72222635498065, 11, 'XM56456700534'],
    [42.5013892782751, 143.0945408081056, 12, 'XP251226173262'],
    [31.353636941500987, 137.4609375, 13, 'XM4117607703260'],
    [41.93183471670877, 141.56366464843762, 14, 'XP22503400845082'],
    [28.613459424004414, 144.4921875, 15, 'XM314886135481601'],
  ];

  it.each(anchors)('encodes (%f, %f) at level %i as %s', (lat, lng, level, code) => {
    expect(encode(lat, lng, level)).toBe(code);
    const zone = decode(code);
    expect(zone.code).toBe(code);
    expect(zone.level).toBe(level);
    expect(contains(polygon(code), lat, lng)).toBe(true);
  });

  it('matches published cell sizes, grid coordinates and centres', () => {
    expect(hexSize(7)).toBeCloseTo(339.336963200054, 9);
    expect(hexSize(9)).toBeCloseTo(37.7041070222282, 9);
    expect(decode('XM566370240')).toMatchObject({ x: 101375, y: -35983, level: 9 });
    const zone = decode('XM488276746');
    expect(zone.lat).toBeCloseTo(35.579825, 5);
    expect(zone.lng).toBeCloseTo(139.654524, 5);
  });

  it('round-trips random points across Japan at levels 3..12, with codes of length level + 2', () => {
    const next = random(7);
    for (let level = 3; level <= 12; level++) {
      for (let i = 0; i < 150; i++) {
        const [lat, lng] = randomPoint(next);
        const code = encode(lat, lng, level);
        expect(code).toHaveLength(level + 2);
        expect(code).toMatch(/^[A-Za-z]{2}[0-8]*$/);
        const zone = decode(code);
        expect(zone.level).toBe(level);
        expect(encode(zone.lat, zone.lng, level)).toBe(code);
        // The centre is within one cell radius (2·size) of the point, in metres.
        const [px, py] = mercator(lat, lng);
        const [cx, cy] = mercator(zone.lat, zone.lng);
        expect(Math.hypot(px - cx, py - cy)).toBeLessThanOrEqual(2 * hexSize(level) * (1 + 1e-9));
      }
    }
  });

  it('round-trips near the antimeridian, where two top-level cells share names', () => {
    const next = random(5);
    for (let level = 0; level <= 15; level++) {
      for (let i = 0; i < 40; i++) {
        const lat = -80 + next() * 160;
        const lng = i % 2 === 0 ? 170 + next() * 10 : -180 + next() * 10;
        const zone = decode(encode(lat, lng, level));
        expect(encode(zone.lat, zone.lng, level)).toBe(zone.code);
      }
    }
  });

  it('puts every point inside the polygon of its own cell, and no other sampled cell', () => {
    const next = random(11);
    for (const level of [3, 6, 9, 12, 15]) {
      for (let i = 0; i < 120; i++) {
        const [lat, lng] = randomPoint(next);
        const code = encode(lat, lng, level);
        expect(contains(polygon(code), lat, lng)).toBe(true);
        // The six surrounding cells do not claim the point's interior.
        const zone = decode(code);
        const [cx, cy] = mercator(zone.lat, zone.lng);
        const [px, py] = mercator(lat, lng);
        const d = 2 * Math.sqrt(3) * hexSize(level);
        for (let k = 0; k < 6; k++) {
          const angle = Math.PI / 6 + (k * Math.PI) / 3;
          const nx = cx + d * Math.cos(angle);
          const ny = cy + d * Math.sin(angle);
          // Inverse Mercator for the neighbour's centre.
          const r = 20037508.34 / Math.PI;
          const nLat = (Math.atan(Math.exp(ny / r)) * 360) / Math.PI - 90;
          const nLng = (nx / r) * (180 / Math.PI);
          const neighbour = encode(nLat, nLng, level);
          expect(neighbour).not.toBe(code);
          const strictlyInside = Math.hypot(px - cx, py - cy) < 1.5 * hexSize(level);
          if (strictlyInside) expect(contains(polygon(neighbour), lat, lng)).toBe(false);
        }
      }
    }
  });

  it('tiles a line without gaps: consecutive samples stay in one cell or step to an adjacent one', () => {
    const level = 8;
    const size = hexSize(level);
    const [x0, y0] = mercator(35.3, 139.2);
    const r = 20037508.34 / Math.PI;
    let previous: { lat: number; lng: number; code: string } | undefined;
    const seen = new Set<string>();
    for (let i = 0; i < 4000; i++) {
      // A slanted line, sampled every quarter of a cell size.
      const x = x0 + i * size * 0.25;
      const y = y0 + i * size * 0.1;
      const lat = (Math.atan(Math.exp(y / r)) * 360) / Math.PI - 90;
      const lng = (x / r) * (180 / Math.PI);
      const code = encode(lat, lng, level);
      const zone = decode(code);
      if (previous && previous.code !== code) {
        const [ax, ay] = mercator(previous.lat, previous.lng);
        const [bx, by] = mercator(zone.lat, zone.lng);
        expect(Math.hypot(ax - bx, ay - by) / (2 * Math.sqrt(3) * size)).toBeCloseTo(1, 6);
      }
      seen.add(code);
      previous = { lat: zone.lat, lng: zone.lng, code };
    }
    expect(seen.size).toBeGreaterThan(100);
  });

  it('cellsInBox covers every point of the box, without duplicates or far-away cells', () => {
    const next = random(23);
    for (const level of [5, 7, 9]) {
      for (let b = 0; b < 6; b++) {
        const size = hexSize(level);
        // A box about 10..30 cells wide and 5..20 high.
        const [south, west] = randomPoint(next);
        const widthM = size * (40 + next() * 80);
        const heightM = size * (20 + next() * 60);
        const [x, y] = mercator(south, west);
        const r = 20037508.34 / Math.PI;
        const north = (Math.atan(Math.exp((y + heightM) / r)) * 360) / Math.PI - 90;
        const east = ((x + widthM) / r) * (180 / Math.PI);
        const cells = cellsInBox(south, west, north, east, level);
        const set = new Set(cells);
        expect(set.size).toBe(cells.length);
        for (let i = 0; i < 500; i++) {
          const [lat, lng] = randomPoint(next, { south, west, north, east });
          expect(set.has(encode(lat, lng, level))).toBe(true);
        }
        for (const corner of [
          [south, west],
          [south, east],
          [north, west],
          [north, east],
        ] as const) {
          expect(set.has(encode(corner[0], corner[1], level))).toBe(true);
        }
        // Every returned cell reaches into the box: its centre is within a cell radius of it.
        for (const code of cells) {
          const zone = decode(code);
          const [cx, cy] = mercator(zone.lat, zone.lng);
          expect(cx).toBeGreaterThanOrEqual(x - 2 * size - 1e-6);
          expect(cx).toBeLessThanOrEqual(x + widthM + 2 * size + 1e-6);
          expect(cy).toBeGreaterThanOrEqual(y - Math.sqrt(3) * size - 1e-6);
          expect(cy).toBeLessThanOrEqual(y + heightM + Math.sqrt(3) * size + 1e-6);
        }
        // Area check: no more than the box plus a rim one cell wide on every side.
        const hexArea = 6 * Math.sqrt(3) * size * size;
        expect(cells.length).toBeLessThanOrEqual(((widthM + 8 * size) * (heightM + 4 * Math.sqrt(3) * size)) / hexArea);
        expect(cells.length).toBeGreaterThanOrEqual((widthM * heightM) / hexArea);
      }
    }
  });

  it('rejects bad input with BAD_REQUEST', () => {
    expect(badRequestOf(() => encode(35, 139, 16))).toBe('BAD_REQUEST');
    expect(badRequestOf(() => encode(35, 139, -1))).toBe('BAD_REQUEST');
    expect(badRequestOf(() => encode(35, 139, 2.5))).toBe('BAD_REQUEST');
    expect(badRequestOf(() => encode(Number.NaN, 139, 7))).toBe('BAD_REQUEST');
    expect(badRequestOf(() => encode(95, 139, 7))).toBe('BAD_REQUEST');
    expect(badRequestOf(() => encode(35, 181, 7))).toBe('BAD_REQUEST');
    for (const code of ['', 'X', 'XM9', 'XM48-', '12345', 'zz123', 'XM4885487000000000', 'ÄM12']) {
      expect(badRequestOf(() => decode(code))).toBe('BAD_REQUEST');
      expect(badRequestOf(() => polygon(code))).toBe('BAD_REQUEST');
    }
    // Tokyo at street level: far more than 2000 cells.
    expect(badRequestOf(() => cellsInBox(35.5, 139.5, 35.9, 139.9, 12))).toBe('BAD_REQUEST');
    expect(badRequestOf(() => cellsInBox(35.9, 139.5, 35.5, 139.9, 7))).toBe('BAD_REQUEST');
    expect(badRequestOf(() => cellsInBox(35.5, 139.5, 35.9, 139.9, 20))).toBe('BAD_REQUEST');
    expect(cellsInBox(35.6, 139.6, 35.75, 139.8, 7).length).toBeGreaterThan(50);
  });
});
