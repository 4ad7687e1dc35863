import { boxAround, clipLine, clipRing, placeZoom, projector, PICTURE, type Box, type LngLat } from './geometry.js';

const box: Box = { south: 0, west: 0, north: 10, east: 10 };

describe('the map geometry', () => {
  it('clips a ring to the box (Sutherland–Hodgman): a square over a corner keeps the part inside', () => {
    const ring: LngLat[] = [
      [5, 5],
      [15, 5],
      [15, 15],
      [5, 15],
    ];
    const clipped = clipRing(ring, box);
    expect(new Set(clipped.map((p) => p.join(',')))).toEqual(new Set(['5,5', '10,5', '10,10', '5,10']));
    expect(
      clipRing(
        [
          [20, 20],
          [30, 20],
          [30, 30],
        ],
        box,
      ),
    ).toEqual([]);
    // A ring around the whole box becomes the box.
    const around = clipRing(
      [
        [-5, -5],
        [15, -5],
        [15, 15],
        [-5, 15],
      ],
      box,
    );
    expect(new Set(around.map((p) => p.join(',')))).toEqual(new Set(['0,0', '10,0', '10,10', '0,10']));
  });

  it('clips a line to the pieces inside the box, cut where it leaves and comes back', () => {
    const line: LngLat[] = [
      [-5, 5],
      [5, 5],
      [5, 15],
      [8, 15],
      [8, 5],
    ];
    expect(clipLine(line, box)).toEqual([
      [
        [0, 5],
        [5, 5],
        [5, 10],
      ],
      [
        [8, 10],
        [8, 5],
      ],
    ]);
    expect(
      clipLine(
        [
          [20, 0],
          [30, 0],
        ],
        box,
      ),
    ).toEqual([]);
  });

  it('centres the box on the place at a zoom, the picture projecting the place to its middle', () => {
    const center = { lat: 35.6835, lng: 139.7404 };
    const b = boxAround(center, 15);
    // 640 px at zoom 15 is 640·360/(256·2^15) degrees of longitude.
    expect(b.east - b.west).toBeCloseTo((640 * 360) / (256 * 2 ** 15), 10);
    const { x, y } = projector(b);
    expect(x(center.lng)).toBeCloseTo(PICTURE.width / 2, 6);
    expect(y(center.lat)).toBeCloseTo(PICTURE.height / 2, 6);
    expect(y(b.north)).toBeCloseTo(0, 6);
    expect(y(b.south)).toBeCloseTo(PICTURE.height, 6);
  });

  it('zooms in as far as keeps the nearby points in view, out to 14 at most', () => {
    const center = { lat: 35.6835, lng: 139.7404 };
    expect(placeZoom(center, [])).toBe(16);
    expect(placeZoom(center, [{ lat: 35.6857, lng: 139.7416 }])).toBe(16); // 半蔵門, 260 m
    expect(placeZoom(center, [{ lat: 35.686, lng: 139.7306 }])).toBe(15); // 四ツ谷, 900 m west
    expect(placeZoom(center, [{ lat: 35.7, lng: 139.8 }])).toBe(14); // 6 km off: the list names it
  });
});
