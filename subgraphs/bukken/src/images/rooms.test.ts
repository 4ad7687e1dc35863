import { renderBath } from './bath.js';
import { renderEntrance } from './entrance.js';
import { renderKitchen } from './kitchen.js';
import { ROOM_CODES, type RoomInput } from './room-scene.js';
import { renderView } from './view.js';
import { wellFormedErrors } from './well-formed.js';

const RENDERERS = { entrance: renderEntrance, kitchen: renderKitchen, bath: renderBath, view: renderView } as const;
const KINDS = Object.keys(RENDERERS) as (keyof typeof RENDERERS)[];

const input = (over: Partial<RoomInput> = {}): RoomInput => ({
  seed: 11,
  plan: '1K',
  area: 24.5,
  floor: 3,
  floors: 5,
  struct: 'RC',
  aspect: '南',
  builtYear: 2008,
  codes: [],
  ...over,
});

const ALL_CODES = Object.values(ROOM_CODES);

describe.each(KINDS)('%s illustration', (kind) => {
  const render = RENDERERS[kind];

  it('is well-formed SVG of a fixed size for any listing', () => {
    for (const plan of ['1R', '1K', '2LDK', '4LDK+']) {
      for (const floor of [1, 2, 7, 30, Number.NaN]) {
        for (const seed of [0, 7, 31337]) {
          for (const codes of [[], ALL_CODES, ALL_CODES.filter((_, i) => i % 2 === seed % 2)]) {
            const svg = render(input({ plan, floor, seed, codes, area: 18 + (seed % 60), aspect: ['北', '南西', '東', '?'][seed % 4] ?? '南' }));
            expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 360" width="480" height="360"')).toBe(true);
            expect(svg.endsWith('</svg>')).toBe(true);
            expect(svg).toContain(`data-kind="${kind}"`);
            expect(svg).not.toContain('NaN');
            expect(wellFormedErrors(svg)).toEqual([]);
            expect(svg.length).toBeLessThan(16 * 1024);
          }
        }
      }
    }
  });

  it('is deterministic: the same listing draws the same bytes', () => {
    const listing = input({ seed: 4242, codes: ALL_CODES });
    expect(render({ ...listing })).toBe(render(listing));
  });

  it('differs between listings', () => {
    const outputs = new Set([1, 2, 3, 4, 5].map((seed) => render(input({ seed }))));
    expect(outputs.size).toBe(5);
  });
});

const captionOf = (svg: string): string => /<text[^>]*>([^<]*)<\/text>/.exec(svg)?.[1] ?? '';

describe('what the listing data changes', () => {
  it('entrance: locks, shoe storage and intercom follow the conditions', () => {
    const plain = renderEntrance(input());
    const equipped = renderEntrance(input({ codes: [ROOM_CODES.doubleLock, ROOM_CODES.shoeCloset, ROOM_CODES.monitorIntercom] }));
    expect(plain.match(/data-lock=/g)).toHaveLength(1);
    expect(equipped.match(/data-lock=/g)).toHaveLength(2);
    expect(plain).not.toContain('data-intercom');
    expect(equipped).toContain('data-intercom');
    expect(equipped).toContain('data-shoe-closet');
    expect(captionOf(equipped)).toBe('玄関 / シューズインクローゼット / ダブルロック / モニター付きインターホン');
  });

  it('kitchen: IH or gas with the listed burners, system kitchen, dishwasher, counter', () => {
    const compact = renderKitchen(input({ codes: [ROOM_CODES.gas] }));
    expect(compact).toContain('data-hob="gas" data-burners="1"');
    expect(captionOf(compact)).toBe('キッチン / ガス1口');
    const system = renderKitchen(
      input({ codes: [ROOM_CODES.systemKitchen, ROOM_CODES.ih, ROOM_CODES.threeBurners, ROOM_CODES.dishwasher, ROOM_CODES.counterKitchen] }),
    );
    expect(system).toContain('data-hob="ih" data-burners="3"');
    expect(system).toContain('data-dishwasher');
    expect(system).toContain('data-counter');
    expect(captionOf(system)).toBe('キッチン / システムキッチン / IH3口 / カウンター / 食洗機');
  });

  it('bath: a unit bath with its toilet, or a separate bathroom with the toilet room beside it', () => {
    const unit = renderBath(input());
    expect(captionOf(unit)).toBe('ユニットバス');
    expect(unit).toContain('data-washbasin');
    const separate = renderBath(
      input({ codes: [ROOM_CODES.separateBath, ROOM_CODES.reheating, ROOM_CODES.bathDryer, ROOM_CODES.washbasin, ROOM_CODES.washlet] }),
    );
    expect(separate).toContain('data-reheat');
    expect(separate).toContain('data-dryer');
    expect(separate).toContain('data-washlet');
    expect(captionOf(separate)).toBe('バス・トイレ別 / 追い焚き / 浴室乾燥機 / 独立洗面台');
  });

  it('view: the floor and aspect of the room, a balcony rail above the ground floor', () => {
    expect(captionOf(renderView(input({ floor: 12, aspect: '南東', codes: [ROOM_CODES.goodView] })))).toBe('眺望 / 12階・南東向き / 眺望良好');
    expect(renderView(input({ floor: 1 }))).toContain('data-hedge');
    expect(renderView(input({ floor: 6 }))).toMatch(/data-rail="(glass|bars)"/);
    // Higher up, fewer rows of near buildings stay in the frame.
    const rows = (floor: number) => (renderView(input({ floor })).match(/data-row=/g) ?? []).length;
    expect(rows(30)).toBeLessThan(rows(1));
  });
});
