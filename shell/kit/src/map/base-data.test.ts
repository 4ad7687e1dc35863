import { stations, stationsIn } from './base-data.js';
import { contains, type Box } from './geometry.js';

describe('the stations of a box', () => {
  it('are those of the whole list inside it, in its order, for boxes of every size and edge', () => {
    const boxes: Box[] = [
      // A place picture's box (a few km), one on a grid line (0.1°), a station's own point, a wide and an empty one.
      { south: 35.6935, west: 139.7575, north: 35.7075, east: 139.785 },
      { south: 35.6, west: 139.7, north: 35.8, east: 139.9 },
      { south: stations[0]![2], west: stations[0]![1], north: stations[0]![2], east: stations[0]![1] },
      { south: 20, west: 120, north: 46, east: 154 },
      { south: 10, west: 10, north: 11, east: 11 },
    ];
    // Around every 45th station, boxes up to 0.3° a side placed unevenly about it.
    for (let i = 0; i < stations.length; i += 45) {
      const [, lng, lat] = stations[i]!;
      const [h, w] = [((i * 7) % 31) / 100, ((i * 13) % 29) / 100];
      boxes.push({ south: lat - h * 0.3, west: lng - w * 0.6, north: lat + h * 0.7, east: lng + w * 0.4 });
    }
    for (const box of boxes) expect(stationsIn(box)).toEqual(stations.filter(([, lng, lat]) => contains(box, { lat, lng })));
    expect(stationsIn(boxes[0]!).length).toBeGreaterThan(3);
  });
});
