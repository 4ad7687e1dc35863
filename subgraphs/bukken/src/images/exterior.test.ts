import { EXTERIOR_MAX_FLOORS, renderExterior, type BuildingType, type ExteriorInput } from './exterior.js';
import { wellFormedErrors } from './well-formed.js';

const TYPES: readonly BuildingType[] = ['mansion', 'apartment', 'house', 'terrace'];

// UTF-8 size without relying on Node's Buffer typings.
const utf8Bytes = (text: string): number => {
  let n = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    n += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return n;
};

const floorCount = (svg: string): number => (svg.match(/\sdata-floor="\d+"/g) ?? []).length;

const input = (over: Partial<ExteriorInput> = {}): ExteriorInput => ({
  seed: 11,
  buildingType: 'mansion',
  floors: 10,
  struct: 'RC',
  builtYear: 2003,
  ...over,
});

describe('renderExterior', () => {
  it('is deterministic for the same input', () => {
    for (const buildingType of TYPES) {
      const a = renderExterior(input({ buildingType, seed: 5 }));
      expect(renderExterior(input({ buildingType, seed: 5 }))).toBe(a);
    }
  });

  it('varies with the seed', () => {
    for (const buildingType of TYPES) {
      const outputs = new Set([1, 2, 3, 4].map((seed) => renderExterior(input({ buildingType, seed }))));
      expect(outputs.size).toBe(4);
    }
  });

  it('renders well-formed SVG for every building type and height', () => {
    for (const buildingType of TYPES) {
      for (const floors of [1, 2, 3, 8, 25, 40, 60]) {
        for (const seed of [0, 7, 31337]) {
          const svg = renderExterior(input({ buildingType, floors, seed, builtYear: 1970 + (seed % 55) }));
          expect(svg.startsWith('<svg')).toBe(true);
          expect(svg.endsWith('</svg>')).toBe(true);
          expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
          expect(wellFormedErrors(svg)).toEqual([]);
          expect(utf8Bytes(svg)).toBeLessThan(12 * 1024);
        }
      }
    }
  });

  it('draws min(floors, cap) storeys', () => {
    expect(EXTERIOR_MAX_FLOORS).toBe(40);
    for (const buildingType of TYPES) {
      for (const floors of [1, 2, 3, 5, 14, 39, 40, 41, 58]) {
        const svg = renderExterior(input({ buildingType, floors }));
        expect(floorCount(svg)).toBe(Math.min(floors, EXTERIOR_MAX_FLOORS));
      }
    }
  });

  it('treats missing or invalid floor counts as one storey', () => {
    for (const floors of [0, -2, Number.NaN]) {
      expect(floorCount(renderExterior(input({ floors })))).toBe(1);
    }
  });

  it('captions type, structure, floors and year', () => {
    const svg = renderExterior(input({ buildingType: 'apartment', floors: 2, struct: '木造', builtYear: 1992 }));
    expect(svg).toContain('アパート / 木造 / 2階建 / 1992年築');
    expect(renderExterior(input({ floors: 45, struct: 'SRC' }))).toContain('マンション / SRC造 / 45階建');
  });

  it('escapes text taken from the input', () => {
    const svg = renderExterior(input({ struct: '<script>alert("x")</script>&\'' }));
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;');
    expect(wellFormedErrors(svg)).toEqual([]);
  });
});
