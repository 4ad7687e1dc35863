import { renderFloorPlan, type FloorPlanInput } from './floor-plan.js';
import { wellFormedErrors } from './well-formed.js';

const PLANS = ['1R', '1K', '1DK', '1LDK', '2K', '2DK', '2LDK', '3K', '3DK', '3LDK', '4K', '4DK', '4LDK+'] as const;
const ASPECTS = ['北', '北東', '東', '南東', '南', '南西', '西', '北西'] as const;
const ROOMS: Record<(typeof PLANS)[number], number> = {
  '1R': 1,
  '1K': 1,
  '1DK': 1,
  '1LDK': 1,
  '2K': 2,
  '2DK': 2,
  '2LDK': 2,
  '3K': 3,
  '3DK': 3,
  '3LDK': 3,
  '4K': 4,
  '4DK': 4,
  '4LDK+': 4,
};
// Typical floor areas per plan, used to keep the sweeps realistic.
const AREAS: Record<(typeof PLANS)[number], readonly number[]> = {
  '1R': [15, 22.5, 30],
  '1K': [18, 25.02, 32],
  '1DK': [25, 32.4, 40],
  '1LDK': [30, 40.25, 55],
  '2K': [28, 36.3, 45],
  '2DK': [35, 44.1, 55],
  '2LDK': [45, 58.6, 75],
  '3K': [40, 50, 60],
  '3DK': [45, 57.9, 70],
  '3LDK': [55, 70.2, 95],
  '4K': [50, 62, 75],
  '4DK': [55, 68.5, 85],
  '4LDK+': [70, 96.3, 120],
};

// UTF-8 size without relying on Node's Buffer typings.
const utf8Bytes = (text: string): number => {
  let n = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    n += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return n;
};

const tatamiLabels = (svg: string): number[] => [...svg.matchAll(/>(\d+\.\d)帖</g)].map((m) => Number(m[1]));
const textNodes = (svg: string): string[] => [...svg.matchAll(/<text[^>]*>([^<]*)</g)].map((m) => m[1] ?? '');

const input = (over: Partial<FloorPlanInput> = {}): FloorPlanInput => ({
  seed: 42,
  plan: '2LDK',
  area: 55.3,
  aspect: '南',
  ...over,
});

describe('renderFloorPlan', () => {
  it('is deterministic for the same input', () => {
    for (const plan of PLANS) {
      const a = renderFloorPlan(input({ plan, seed: 7 }));
      const b = renderFloorPlan(input({ plan, seed: 7 }));
      expect(a).toBe(b);
    }
  });

  it('varies the layout with the seed for the same plan', () => {
    for (const plan of PLANS) {
      const area = AREAS[plan][1] ?? 40;
      const outputs = new Set([1, 2, 3, 4, 5].map((seed) => renderFloorPlan({ seed, plan, area, aspect: '南' })));
      expect(outputs.size).toBeGreaterThanOrEqual(4);
      expect(renderFloorPlan({ seed: 1, plan, area, aspect: '南' })).not.toBe(renderFloorPlan({ seed: 2, plan, area, aspect: '南' }));
    }
  });

  it('renders a well-formed standalone SVG for every plan type', () => {
    for (const plan of PLANS) {
      for (const area of AREAS[plan]) {
        for (const seed of [0, 1, 99, 123456]) {
          const svg = renderFloorPlan({ seed, plan, area, aspect: ASPECTS[seed % ASPECTS.length] ?? '南' });
          expect(svg.startsWith('<svg')).toBe(true);
          expect(svg.endsWith('</svg>')).toBe(true);
          expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
          expect(svg).toContain('viewBox="0 0 480 360"');
          expect(wellFormedErrors(svg)).toEqual([]);
          expect(utf8Bytes(svg)).toBeLessThan(12 * 1024);
        }
      }
    }
  });

  it('labels rooms in 帖 that add up to a plausible share of the area', () => {
    for (const plan of PLANS) {
      for (const area of AREAS[plan]) {
        for (const seed of [3, 17, 2024]) {
          const svg = renderFloorPlan({ seed, plan, area, aspect: '南' });
          const labels = tatamiLabels(svg);
          const total = labels.reduce((a, b) => a + b, 0);
          expect(labels.length).toBeGreaterThanOrEqual(1);
          expect(total).toBeLessThanOrEqual(area / 1.62);
          expect(total).toBeGreaterThanOrEqual((area / 1.62) * 0.35);
          for (const t of labels) expect(t).toBeGreaterThan(2);
        }
      }
    }
  });

  it('draws one 洋室/和室 per room and labels the kitchen type', () => {
    for (const plan of PLANS) {
      const texts = textNodes(renderFloorPlan({ seed: 5, plan, area: AREAS[plan][1] ?? 40, aspect: '東' }));
      expect(texts.filter((t) => t === '洋室' || t === '和室')).toHaveLength(ROOMS[plan]);
      const kitchen = plan.includes('LDK') ? 'LDK' : plan.includes('DK') ? 'DK' : plan.includes('K') ? 'K' : null;
      if (kitchen) expect(texts).toContain(kitchen);
      else expect(texts).not.toContain('K');
      for (const required of ['玄関', '浴室', '洗面所', 'トイレ', 'バルコニー', 'N', '方位']) {
        expect(texts).toContain(required);
      }
    }
  });

  it('puts the plan and area in the caption', () => {
    expect(renderFloorPlan(input({ plan: '1LDK', area: 40.25 }))).toContain('>1LDK 40.25㎡<');
    expect(renderFloorPlan(input({ plan: '4LDK+', area: 96.3 }))).toContain('>4LDK+ 96.3㎡<');
    expect(renderFloorPlan(input({ plan: '1R', area: 18 }))).toContain('>1R 18㎡<');
  });

  it('rotates the north arrow according to the balcony direction', () => {
    // The balcony is drawn at the bottom, so a south-facing unit has north pointing up.
    expect(renderFloorPlan(input({ aspect: '南' }))).toContain('rotate(0)');
    expect(renderFloorPlan(input({ aspect: '北' }))).toContain('rotate(180)');
    expect(renderFloorPlan(input({ aspect: '東' }))).toContain('rotate(90)');
    expect(renderFloorPlan(input({ aspect: '北西' }))).toContain('rotate(225)');
  });

  it('escapes text taken from the input', () => {
    const svg = renderFloorPlan(input({ plan: '2LDK<script>&"\'' }));
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('2LDK&lt;script&gt;&amp;&quot;&#39;');
    expect(wellFormedErrors(svg)).toEqual([]);
  });

  it('survives odd inputs', () => {
    const odd: FloorPlanInput[] = [
      input({ area: Number.NaN }),
      input({ area: 5 }),
      input({ area: 400, plan: '1R' }),
      input({ area: 14, plan: '4LDK+' }),
      input({ plan: 'ワンルーム' }),
      input({ plan: '５ＬＤＫ' }),
      input({ aspect: '上' }),
      input({ seed: -3.5 }),
    ];
    for (const i of odd) {
      const svg = renderFloorPlan(i);
      expect(wellFormedErrors(svg)).toEqual([]);
      expect(renderFloorPlan(i)).toBe(svg);
    }
  });
});
