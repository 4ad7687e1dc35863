import { distanceKm, NearestIndex } from './nearest.js';

const shibuya = { name: '渋谷', lat: 35.658, lng: 139.7016 };
const shinjuku = { name: '新宿', lat: 35.6896, lng: 139.7006 };
const osaka = { name: '大阪', lat: 34.7025, lng: 135.4959 };

describe('NearestIndex', () => {
  const index = new NearestIndex([shibuya, shinjuku, osaka]);

  it('finds the nearest point, across grid cells', () => {
    expect(index.nearest({ lat: 35.66, lng: 139.7 }, 20)?.name).toBe('渋谷');
    expect(index.nearest({ lat: 35.7, lng: 139.71 }, 20)?.name).toBe('新宿');
    // Just across a 0.1° line from Shinjuku's cell.
    expect(index.nearest({ lat: 35.6999, lng: 139.6999 }, 20)?.name).toBe('新宿');
    expect(index.nearest({ lat: 34.8, lng: 135.6 }, 20)?.name).toBe('大阪');
  });

  it('gives nothing beyond the distance', () => {
    expect(index.nearest({ lat: 36.5, lng: 139.7 }, 20)).toBeUndefined();
    expect(index.nearest({ lat: 36.5, lng: 139.7 }, 100)?.name).toBe('新宿');
  });

  it('agrees with a linear scan', () => {
    const points = Array.from({ length: 400 }, (_, k) => ({ k, lat: 33 + ((k * 37) % 100) / 25, lng: 130 + ((k * 53) % 100) / 10 }));
    const idx = new NearestIndex(points);
    for (let t = 0; t < 200; t++) {
      const at = { lat: 33 + ((t * 13) % 100) / 25, lng: 130 + ((t * 29) % 100) / 10 };
      const want = points.filter((p) => distanceKm(at, p) <= 20).sort((a, b) => distanceKm(at, a) - distanceKm(at, b) || a.k - b.k)[0];
      expect(idx.nearest(at, 20)?.k).toBe(want?.k);
    }
  });
});
