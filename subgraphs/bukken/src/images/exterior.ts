import { BUILDING_TYPE_KEYS, BUILDING_TYPE_NAMES, Random } from '@sumika/domain';
import { escapeXml } from './escape.js';

export type BuildingType = 'mansion' | 'apartment' | 'house' | 'terrace';

export interface ExteriorInput {
  seed: number;
  /** mansion = マンション (RC/SRC), apartment = アパート, house = 一戸建て, terrace = テラスハウス */
  buildingType: BuildingType;
  floors: number;
  /** Structure as listed, e.g. "RC", "SRC", "木造", "軽量鉄骨". */
  struct: string;
  builtYear: number;
}

/** Taller buildings are drawn with this many floors (floor height shrinks to fit). */
export const EXTERIOR_MAX_FLOORS = 40;

const SVG_W = 480;
const SVG_H = 360;
const GROUND = 300;
const FONT = "'Hiragino Kaku Gothic ProN','Hiragino Sans','Noto Sans CJK JP','Yu Gothic',Meiryo,sans-serif";

const typeLabel = (t: BuildingType): string => BUILDING_TYPE_NAMES[BUILDING_TYPE_KEYS[t] ?? 0] ?? '';
const TYPE_LABEL: Readonly<Record<BuildingType, string>> = {
  mansion: typeLabel('mansion'),
  apartment: typeLabel('apartment'),
  house: typeLabel('house'),
  terrace: typeLabel('terrace'),
};

interface Facade {
  wall: string;
  trim: string;
  base: string;
}
type Era = 'modern' | 'mid' | 'old';

// Muted, realistic facade colours: tile beige, white, grey, brick.
const MANSION: Readonly<Record<Era, readonly [Facade, ...Facade[]]>> = {
  modern: [
    { wall: '#eceae4', trim: '#5f6267', base: '#7c7e81' },
    { wall: '#c8cac9', trim: '#f3f2ee', base: '#6d6965' },
    { wall: '#d8cab0', trim: '#6f6253', base: '#8a7e6f' },
    { wall: '#8e9094', trim: '#ecebe6', base: '#5d5f63' },
  ],
  mid: [
    { wall: '#dcc8a6', trim: '#f0eadc', base: '#9a8365' },
    { wall: '#a6634b', trim: '#eee5d6', base: '#6f4839' },
    { wall: '#e6dbc2', trim: '#b6a280', base: '#8a7a61' },
    { wall: '#eeebe4', trim: '#a7a299', base: '#8b867e' },
  ],
  old: [
    { wall: '#8d6c56', trim: '#e3dccd', base: '#5f4a3d' },
    { wall: '#b8b6af', trim: '#dedbd3', base: '#7f7d77' },
    { wall: '#cdb995', trim: '#e9e1cf', base: '#8f7d5f' },
    { wall: '#dcd5c5', trim: '#a59d8d', base: '#857d6e' },
  ],
};
const LOW_WALLS = ['#f1eee8', '#e5d8bf', '#d2d1cc', '#b9bfad', '#6d7580', '#eee1c5', '#c9b79a', '#8b98a4'] as const;
const ROOFS = ['#4a4f57', '#6a4b3c', '#3f4c5e', '#8c4b35', '#56534e'] as const;
const GLASS = ['#8fb0c6', '#7f9db3', '#9cb8ca', '#87a4b5'] as const;
type Pair = readonly [string, string];
const SKIES: readonly [Pair, ...Pair[]] = [
  ['#9ec9ea', '#e5f1fa'],
  ['#b3d3ec', '#f1f6f8'],
  ['#a7c3dc', '#f6ede0'],
  ['#c4d8e6', '#eef2f3'],
];

const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));
const fmt = (v: number): string => String(Math.round(v * 10) / 10);

function rect(x: number, y: number, w: number, h: number, fill: string, extra = ''): string {
  return `<rect x="${fmt(x)}" y="${fmt(y)}" width="${fmt(w)}" height="${fmt(h)}" fill="${fill}"${extra ? ' ' + extra : ''}/>`;
}

function eraOf(year: number, rng: Random): Era {
  if (!Number.isFinite(year)) return 'mid';
  if (year >= 2005) return rng.chance(0.75) ? 'modern' : 'mid';
  if (year >= 1985) return rng.chance(0.8) ? 'mid' : 'old';
  return 'old';
}

interface Scene {
  defs: string[];
  body: string[];
  rng: Random;
  drawn: number;
  cx: number;
  glass: string;
  era: Era;
}

export function renderExterior(input: ExteriorInput): string {
  const type: BuildingType = Object.hasOwn(TYPE_LABEL, input.buildingType) ? input.buildingType : 'mansion';
  const rng = new Random(`${Number.isFinite(input.seed) ? input.seed : 0}|exterior:${type}`);
  const floors = Number.isFinite(input.floors) ? Math.max(1, Math.round(input.floors)) : 1;
  const drawn = Math.min(floors, EXTERIOR_MAX_FLOORS);
  const sky = rng.pick(SKIES);
  const scene: Scene = {
    defs: [],
    body: [],
    rng,
    drawn,
    cx: SVG_W / 2 + rng.float(-18, 18),
    glass: rng.pick(GLASS),
    era: eraOf(input.builtYear, rng),
  };
  const { defs, body } = scene;
  defs.push(
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient>`,
  );
  body.push(rect(0, 0, SVG_W, SVG_H, 'url(#sky)'));

  // Clouds and a faint distant skyline behind the building.
  for (let i = rng.int(1, 3); i > 0; i--) {
    const x = rng.float(20, 440);
    const y = rng.float(18, 90);
    const k = rng.float(0.7, 1.3);
    body.push(
      `<g fill="#fff" opacity=".8"><ellipse cx="${fmt(x)}" cy="${fmt(y)}" rx="${fmt(26 * k)}" ry="${fmt(8 * k)}"/><ellipse cx="${fmt(x + 10 * k)}" cy="${fmt(y - 6 * k)}" rx="${fmt(14 * k)}" ry="${fmt(8 * k)}"/></g>`,
    );
  }
  let skyline = '';
  for (let x = -10; x < SVG_W;) {
    const w = rng.float(30, 70);
    const h = rng.float(25, type === 'mansion' ? 120 : 70);
    skyline += `M${fmt(x)} ${GROUND}v${fmt(-h)}h${fmt(w)}v${fmt(h)}`;
    x += w + rng.float(-5, 12);
  }
  body.push(`<path d="${skyline}Z" fill="#c9d5de" opacity=".55"/>`);

  // Ground: planting strip, sidewalk and road.
  body.push(rect(0, GROUND, SVG_W, 14, '#b9c4a5'));
  body.push(rect(0, GROUND + 14, SVG_W, 16, '#d6d1c6'));
  body.push(rect(0, GROUND + 30, SVG_W, SVG_H - GROUND - 30, '#9ea3a8'));
  body.push(`<path d="M0 ${GROUND + 30.5}H${SVG_W}" stroke="#eeeae2" stroke-width="1.5"/>`);
  body.push(`<path d="M0 ${GROUND + 47}H${SVG_W}" stroke="#f4f4f0" stroke-width="2" stroke-dasharray="18 14"/>`);

  if (type === 'mansion') drawMansion(scene);
  else if (type === 'apartment') drawApartment(scene, input.struct);
  else if (type === 'house') drawHouse(scene);
  else drawTerrace(scene);

  const struct = input.struct.trim();
  const parts = [
    TYPE_LABEL[type],
    struct ? (struct.endsWith('造') ? struct : struct + '造') : '',
    `${floors}階建`,
    Number.isFinite(input.builtYear) ? `${Math.round(input.builtYear)}年築` : '',
  ].filter(Boolean);
  const caption = parts.join(' / ');
  let ems = 0;
  for (const ch of caption) ems += (ch.codePointAt(0) ?? 0) > 0xff ? 1 : 0.6;
  body.push(rect(8, SVG_H - 27, ems * 11 + 16, 20, '#fff', 'rx="4" opacity=".88"'));
  body.push(`<text x="16" y="${SVG_H - 13}" font-size="11" fill="#333">${escapeXml(caption)}</text>`);

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SVG_W} ${SVG_H}" width="${SVG_W}" height="${SVG_H}" font-family="${escapeXml(FONT)}">` +
    `<defs>${defs.join('')}</defs>${body.join('')}</svg>`
  );
}

/** Rounded bush/tree canopy. */
function tree(x: number, r: number, green: string): string {
  return (
    rect(x - 2, GROUND - r * 1.2, 4, r * 1.2, '#7a5e47') +
    `<circle cx="${fmt(x)}" cy="${fmt(GROUND - r * 1.5)}" r="${fmt(r)}" fill="${green}"/>` +
    `<circle cx="${fmt(x - r * 0.35)}" cy="${fmt(GROUND - r * 1.7)}" r="${fmt(r * 0.45)}" fill="#fff" opacity=".12"/>`
  );
}

function trees(s: Scene, x0: number, x1: number): void {
  const green = s.rng.pick(['#7ea476', '#6d9868', '#88ab7a'] as const);
  if (x0 > 50 && s.rng.chance(0.8)) s.body.push(tree(x0 - s.rng.float(18, 30), s.rng.float(12, 18), green));
  if (SVG_W - x1 > 50 && s.rng.chance(0.6)) s.body.push(tree(x1 + s.rng.float(18, 30), s.rng.float(11, 16), green));
}

function hedge(x0: number, x1: number, color: string): string {
  return rect(x0, GROUND - 9, x1 - x0, 9, color, 'rx="4"');
}

function drawMansion(s: Scene): void {
  const { rng, drawn, defs, body } = s;
  const pal = rng.pick(MANSION[s.era]);
  const top = 30;
  const roofH = drawn >= 20 ? 12 : 8;
  const gfRatio = 1.35;
  const avail = GROUND - top - roofH;
  // Keep a readable entrance floor even when 40 storeys squeeze the rest.
  const gfh = Math.max(Math.min(28, avail / (drawn - 1 + gfRatio)) * gfRatio, Math.min(24, avail / 4));
  const fh = drawn > 1 ? Math.min(28, (avail - gfh) / (drawn - 1)) : 28;
  const bw = drawn <= 5 ? rng.float(290, 340) : drawn <= 14 ? rng.float(230, 280) : drawn <= 25 ? rng.float(190, 225) : rng.float(160, 190);
  const x0 = s.cx - bw / 2;
  const bodyTop = GROUND - gfh - fh * (drawn - 1);
  const hasCore = rng.chance(0.6);
  const coreW = hasCore ? clamp(bw * 0.12, 18, 32) : 0;
  const coreLeft = rng.chance(0.5);
  const ux = coreLeft ? x0 + coreW : x0;
  const uw = bw - coreW;
  const bays = clamp(Math.round(uw / (drawn > 20 ? 38 : 50)), 2, 8);
  const bw1 = uw / bays;
  const glassRail = rng.chance(s.era === 'modern' ? 0.6 : 0.25);
  const rail = glassRail ? '#c3d6e1' : pal.trim;
  const slab = pal.trim;

  body.push(rect(x0, bodyTop, bw, GROUND - bodyTop, pal.wall));
  defs.push(
    `<pattern id="bay" patternUnits="userSpaceOnUse" x="${fmt(ux)}" y="${fmt(bodyTop)}" width="${fmt(bw1)}" height="${fmt(fh)}">` +
      (fh < 11
        ? // Tiny storeys: just a glass band and a slab edge, finer detail only aliases.
          rect(bw1 * 0.06, 0, bw1 * 0.88, fh * 0.62, s.glass) + rect(0, fh * 0.62, bw1, fh * 0.38, slab)
        : rect(bw1 * 0.09, fh * 0.1, bw1 * 0.82, fh * 0.68, s.glass) +
          rect(bw1 * 0.5 - 0.5, fh * 0.1, 1, fh * 0.68, '#e8e8e4', 'opacity=".7"') +
          rect(0, fh * 0.5, bw1, fh * 0.36, rail, glassRail ? 'opacity=".8"' : '') +
          (glassRail ? rect(0, fh * 0.5, bw1, Math.max(0.8, fh * 0.05), '#7d8a92') : '') +
          rect(0, fh * 0.86, bw1, fh * 0.14, slab) +
          rect(0, 0, Math.max(1.2, bw1 * 0.03), fh * 0.86, pal.base, 'opacity=".6"')) +
      '</pattern>',
  );
  for (let k = 2; k <= drawn; k++) {
    const y = GROUND - gfh - (k - 1) * fh;
    body.push(`<rect data-floor="${k}" x="${fmt(ux)}" y="${fmt(y)}" width="${fmt(uw)}" height="${fmt(fh)}" fill="url(#bay)"/>`);
  }

  // Ground floor: stone base, entrance with canopy, small windows.
  const gy = GROUND - gfh;
  const entranceBay = rng.int(0, bays - 1);
  let g = rect(x0, gy, bw, gfh, pal.base);
  for (let b = 0; b < bays; b++) {
    const bx = ux + b * bw1;
    if (b === entranceBay) {
      const dw = Math.min(bw1 * 0.78, 44);
      const dx = bx + (bw1 - dw) / 2;
      g += rect(dx, gy + gfh * 0.28, dw, gfh * 0.72, '#dfe9ee', 'stroke="#555" stroke-width="1"');
      g += `<path d="M${fmt(dx + dw / 2)} ${fmt(gy + gfh * 0.28)}v${fmt(gfh * 0.72)}" stroke="#555" stroke-width="1"/>`;
      g += rect(dx - 6, gy + gfh * 0.2, dw + 12, Math.max(2, gfh * 0.08), pal.trim, 'stroke="#666" stroke-width=".5"');
    } else {
      g += rect(bx + bw1 * 0.15, gy + gfh * 0.22, bw1 * 0.7, gfh * 0.45, s.glass, 'opacity=".85"');
    }
  }
  body.push(`<g data-floor="1">${g}</g>`);

  if (hasCore) {
    const cxl = coreLeft ? x0 : x0 + bw - coreW;
    body.push(rect(cxl, bodyTop - 4, coreW, gy - bodyTop + 4, pal.trim === '#f3f2ee' ? pal.base : pal.trim));
    body.push(rect(cxl + coreW / 2 - 3, bodyTop + 4, 6, gy - bodyTop - 8, s.glass, 'opacity=".75"'));
  }
  // Parapet and rooftop machine room.
  body.push(rect(x0 - 2, bodyTop - roofH, bw + 4, roofH, pal.base));
  body.push(rect(x0 - 2, bodyTop - roofH, bw + 4, 2, pal.trim, 'opacity=".8"'));
  const boxW = clamp(bw * 0.16, 24, 44);
  const boxX = hasCore ? (coreLeft ? x0 + 4 : x0 + bw - boxW - 4) : x0 + rng.float(10, bw - boxW - 10);
  body.push(rect(boxX, bodyTop - roofH - 14, boxW, 14, pal.wall, `stroke="${pal.base}" stroke-width="1"`));
  if (s.era === 'old' && rng.chance(0.6)) {
    // Old-style rooftop water tank, on whichever side of the machine room has space.
    const tx = boxX + boxW + 28 < x0 + bw ? boxX + boxW + 8 : boxX - 24;
    body.push(rect(tx, bodyTop - roofH - 12, 16, 12, '#c9c6bd', 'stroke="#8a877f" stroke-width="1"'));
  }
  // Planting on both sides of the entrance, never in front of it.
  const ex0 = ux + entranceBay * bw1 - 4;
  const ex1 = ux + (entranceBay + 1) * bw1 + 4;
  if (ex0 - (x0 - 6) > 20) body.push(hedge(x0 - 6, ex0, '#6f9868'));
  if (x0 + bw + 6 - ex1 > 20) body.push(hedge(ex1, x0 + bw + 6, '#6f9868'));
  trees(s, x0, x0 + bw);
}

/** Pitched roof outline above a body spanning x0..x1, returned as an SVG element. */
function roofShape(style: 'gable' | 'hip' | 'shed' | 'flat', x0: number, x1: number, y: number, h: number, color: string): string {
  const o = 12;
  const pts =
    style === 'gable'
      ? [
          [x0 - o, y + 2],
          [(x0 + x1) / 2, y - h],
          [x1 + o, y + 2],
        ]
      : style === 'hip'
        ? [
            [x0 - o, y + 2],
            [x0 + (x1 - x0) * 0.22, y - h],
            [x1 - (x1 - x0) * 0.22, y - h],
            [x1 + o, y + 2],
          ]
        : style === 'shed'
          ? [
              [x0 - o, y + 2],
              [x0 - o, y - h * 0.25],
              [x1 + o, y - h],
              [x1 + o, y + 2],
            ]
          : [
              [x0 - 3, y + 1],
              [x0 - 3, y - 8],
              [x1 + 3, y - 8],
              [x1 + 3, y + 1],
            ];
  const d = pts.map((p) => `${fmt(p[0] ?? 0)},${fmt(p[1] ?? 0)}`).join(' ');
  return (
    `<polygon points="${d}" fill="${color}"/>` +
    rect(x0 - (style === 'flat' ? 3 : o), y - 1, x1 - x0 + 2 * (style === 'flat' ? 3 : o), 3, '#3d3b38', 'opacity=".35"')
  );
}

function siding(s: Scene, x: number, y: number, w: number, h: number): void {
  s.defs.push(
    '<pattern id="sd" patternUnits="userSpaceOnUse" width="8" height="6"><path d="M0 5.5H8" stroke="#000" stroke-opacity=".07" stroke-width="1"/></pattern>',
  );
  s.body.push(rect(x, y, w, h, 'url(#sd)'));
}

function drawApartment(s: Scene, struct: string): void {
  const { rng, drawn, defs, body } = s;
  const wood = /木/.test(struct);
  const roof = wood ? rng.pick(['gable', 'hip', 'gable'] as const) : rng.pick(['flat', 'shed', 'hip'] as const);
  const roofH = roof === 'flat' ? 8 : 28;
  const fh = Math.min(54, (GROUND - 40 - roofH) / drawn);
  const stairW = 30;
  const bw = rng.float(240, 300);
  const stairLeft = rng.chance(0.5);
  const x0 = s.cx - (bw + stairW) / 2 + (stairLeft ? stairW : 0);
  const units = clamp(Math.round(bw / 68), 3, 5);
  const unitW = bw / units;
  const bodyTop = GROUND - fh * drawn;
  const wall = rng.pick(LOW_WALLS);
  const door = rng.pick(['#6b4f3a', '#4f5860', '#8b6a4e', '#3f4a52'] as const);
  const rail = rng.pick(['#4f5357', '#efeee9', '#6d5644'] as const);

  body.push(rect(x0, bodyTop, bw, GROUND - bodyTop, wall));
  siding(s, x0, bodyTop, bw, GROUND - bodyTop);
  const unitTile = (ground: boolean): string =>
    rect(unitW * 0.14, fh * 0.16, unitW * 0.2, fh * (ground ? 0.84 : 0.7), door) +
    rect(unitW * 0.52, fh * 0.24, unitW * 0.3, fh * 0.28, s.glass) +
    `<path d="M${fmt(unitW * 0.59)} ${fmt(fh * 0.24)}v${fmt(fh * 0.28)}M${fmt(unitW * 0.67)} ${fmt(fh * 0.24)}v${fmt(fh * 0.28)}M${fmt(unitW * 0.75)} ${fmt(fh * 0.24)}v${fmt(fh * 0.28)}" stroke="#ddd" stroke-width="1"/>` +
    (ground ? '' : rect(0, fh * 0.56, unitW, fh * 0.32, rail) + rect(0, fh * 0.88, unitW, fh * 0.12, '#d9d6cf'));
  defs.push(
    `<pattern id="u" patternUnits="userSpaceOnUse" x="${fmt(x0)}" y="${fmt(bodyTop)}" width="${fmt(unitW)}" height="${fmt(fh)}">${unitTile(false)}</pattern>`,
    `<pattern id="u1" patternUnits="userSpaceOnUse" x="${fmt(x0)}" y="${fmt(bodyTop)}" width="${fmt(unitW)}" height="${fmt(fh)}">${unitTile(true)}</pattern>`,
  );
  for (let k = 1; k <= drawn; k++) {
    const y = GROUND - k * fh;
    body.push(`<rect data-floor="${k}" x="${fmt(x0)}" y="${fmt(y)}" width="${fmt(bw)}" height="${fmt(fh)}" fill="url(#${k === 1 ? 'u1' : 'u'})"/>`);
  }
  // External steel stair, one flight per storey.
  const sx = stairLeft ? x0 - stairW : x0 + bw;
  let d = '';
  for (let k = 1; k < drawn; k++) {
    const yb = GROUND - (k - 1) * fh;
    const yt = GROUND - k * fh;
    d += k % 2 ? `M${fmt(sx)} ${fmt(yb)}L${fmt(sx + stairW)} ${fmt(yt)}` : `M${fmt(sx + stairW)} ${fmt(yb)}L${fmt(sx)} ${fmt(yt)}`;
    d += `M${fmt(sx)} ${fmt(yt)}h${stairW}`;
  }
  if (d) {
    const steel = rail === '#efeee9' ? '#6b7075' : rail;
    body.push(`<path d="${d}" stroke="${steel}" stroke-width="3" fill="none"/>`);
    // Handrail: the same flights offset upwards.
    body.push(`<path d="${d}" stroke="${steel}" stroke-width="1" fill="none" transform="translate(0 -9)" opacity=".8"/>`);
    body.push(rect(stairLeft ? sx : sx + stairW - 2, GROUND - (drawn - 1) * fh, 2, (drawn - 1) * fh, steel));
  }
  body.push(roofShape(roof, x0, x0 + bw, bodyTop, roofH, rng.pick(ROOFS)));
  body.push(hedge(x0, x0 + bw, '#7ea476'));
  trees(s, Math.min(x0, sx), Math.max(x0 + bw, sx + stairW));
}

function drawHouse(s: Scene): void {
  const { rng, drawn, defs, body } = s;
  const bw = rng.float(170, 215);
  const roof = s.era === 'modern' ? rng.pick(['gable', 'shed', 'hip'] as const) : rng.pick(['gable', 'hip'] as const);
  const roofH = roof === 'shed' ? 30 : clamp(bw * 0.3, 44, 62);
  const fh = Math.min(62, (GROUND - 26 - roofH) / drawn);
  const x0 = s.cx - bw / 2 - rng.float(0, 30);
  const bodyTop = GROUND - fh * drawn;
  const wall = rng.pick(LOW_WALLS);
  const frame = rng.pick(['#f7f6f2', '#4d4f52', '#7a5b44'] as const);
  body.push(rect(x0, bodyTop, bw, GROUND - bodyTop, wall));
  if (rng.chance(0.5)) siding(s, x0, bodyTop, bw, GROUND - bodyTop);
  const hw = bw / 2;
  defs.push(
    `<pattern id="hw" patternUnits="userSpaceOnUse" x="${fmt(x0)}" y="${fmt(bodyTop)}" width="${fmt(hw)}" height="${fmt(fh)}">` +
      rect(hw * 0.26, fh * 0.22, hw * 0.48, fh * 0.46, s.glass, `stroke="${frame}" stroke-width="2.5"`) +
      `<path d="M${fmt(hw * 0.5)} ${fmt(fh * 0.22)}v${fmt(fh * 0.46)}" stroke="${frame}" stroke-width="1.5"/>` +
      rect(hw * 0.22, fh * 0.68, hw * 0.56, 2.5, '#8a8a86') +
      '</pattern>',
  );
  for (let k = 2; k <= drawn; k++) {
    const y = GROUND - k * fh;
    body.push(`<rect data-floor="${k}" x="${fmt(x0)}" y="${fmt(y)}" width="${fmt(bw)}" height="${fmt(fh)}" fill="url(#hw)"/>`);
  }
  const gy = GROUND - fh;
  const doorLeft = rng.chance(0.5);
  const dx = doorLeft ? x0 + bw * 0.12 : x0 + bw * 0.7;
  const dw = bw * 0.17;
  const wx = doorLeft ? x0 + bw * 0.46 : x0 + bw * 0.1;
  let g = rect(dx, gy + fh * 0.22, dw, fh * 0.78, rng.pick(['#7b5a41', '#5b5f63', '#9a7652'] as const));
  g += rect(dx - 6, gy + fh * 0.14, dw + 12, 4, '#5b5955');
  g += `<circle cx="${fmt(doorLeft ? dx + dw * 0.8 : dx + dw * 0.2)}" cy="${fmt(gy + fh * 0.62)}" r="1.6" fill="#d8c58e"/>`;
  g += rect(wx, gy + fh * 0.25, bw * 0.4, fh * 0.5, s.glass, `stroke="${frame}" stroke-width="2.5"`);
  g += `<path d="M${fmt(wx + bw * 0.2)} ${fmt(gy + fh * 0.25)}v${fmt(fh * 0.5)}" stroke="${frame}" stroke-width="1.5"/>`;
  body.push(`<g data-floor="1">${g}</g>`);
  if (drawn >= 2 && rng.chance(0.6)) {
    // Second-floor balcony over the ground-floor window.
    const by = GROUND - 2 * fh + fh * 0.55;
    const bx = x0 + (wx < x0 + hw ? 0 : hw) + hw * 0.1;
    body.push(rect(bx, by, hw * 0.8, fh * 0.4, frame === '#f7f6f2' ? '#e9e7e1' : frame, 'opacity=".92"'));
    body.push(rect(bx - 2, by + fh * 0.4, hw * 0.8 + 4, 3, '#77746e'));
  }
  body.push(roofShape(roof, x0, x0 + bw, bodyTop, roofH, rng.pick(ROOFS)));
  // Low fence along the lot, plus a carport when there is room.
  body.push(`<path d="M${fmt(x0 - 20)} ${GROUND - 8}H${fmt(x0 + bw + 20)}" stroke="#8d8a84" stroke-width="2"/>`);
  const right = x0 + bw;
  if (SVG_W - right > 90 && rng.chance(0.6)) {
    const px = right + 12;
    body.push(rect(px, GROUND - 48, 70, 4, '#6e6c68'));
    body.push(rect(px + 4, GROUND - 44, 3, 44, '#6e6c68') + rect(px + 63, GROUND - 44, 3, 44, '#6e6c68'));
    const car = rng.pick(['#c0392b', '#f2f2f0', '#3d5a80', '#5c5f63'] as const);
    body.push(
      `<path d="M${px + 10} ${GROUND - 6}v-12l8-10h26l10 10h4v12z" fill="${car}" stroke="#555" stroke-width=".8"/>` +
        `<circle cx="${px + 20}" cy="${GROUND - 5}" r="5" fill="#333"/><circle cx="${px + 48}" cy="${GROUND - 5}" r="5" fill="#333"/>`,
    );
    trees(s, x0, SVG_W);
  } else {
    trees(s, x0, right);
  }
}

function drawTerrace(s: Scene): void {
  const { rng, drawn, defs, body } = s;
  const units = rng.int(2, 4);
  const unitW = Math.min(rng.float(72, 92), 360 / units);
  const bw = units * unitW;
  const roof = rng.pick(['hip', 'gable', 'flat'] as const);
  const roofH = roof === 'flat' ? 8 : 30;
  const fh = Math.min(56, (GROUND - 40 - roofH) / drawn);
  const x0 = s.cx - bw / 2;
  const bodyTop = GROUND - fh * drawn;
  const wall = rng.pick(LOW_WALLS);
  const frame = rng.pick(['#f7f6f2', '#4d4f52', '#7a5b44'] as const);
  const door = rng.pick(['#7b5a41', '#5b5f63', '#9a7652'] as const);
  body.push(rect(x0, bodyTop, bw, GROUND - bodyTop, wall));
  if (rng.chance(0.5)) siding(s, x0, bodyTop, bw, GROUND - bodyTop);
  const win = (x: number, y: number, w: number, h: number): string =>
    rect(x, y, w, h, s.glass, `stroke="${frame}" stroke-width="2"`) + rect(x - 2, y + h, w + 4, 2, '#8a8a86');
  defs.push(
    `<pattern id="tu" patternUnits="userSpaceOnUse" x="${fmt(x0)}" y="${fmt(bodyTop)}" width="${fmt(unitW)}" height="${fmt(fh)}">` +
      win(unitW * 0.2, fh * 0.22, unitW * 0.6, fh * 0.42) +
      '</pattern>',
    `<pattern id="tu1" patternUnits="userSpaceOnUse" x="${fmt(x0)}" y="${fmt(bodyTop)}" width="${fmt(unitW)}" height="${fmt(fh)}">` +
      rect(unitW * 0.12, fh * 0.24, unitW * 0.26, fh * 0.76, door) +
      rect(unitW * 0.08, fh * 0.16, unitW * 0.34, 3, '#5b5955') +
      win(unitW * 0.52, fh * 0.26, unitW * 0.34, fh * 0.42) +
      '</pattern>',
  );
  for (let k = 1; k <= drawn; k++) {
    const y = GROUND - k * fh;
    body.push(`<rect data-floor="${k}" x="${fmt(x0)}" y="${fmt(y)}" width="${fmt(bw)}" height="${fmt(fh)}" fill="url(#${k === 1 ? 'tu1' : 'tu'})"/>`);
  }
  let d = '';
  for (let i = 1; i < units; i++) d += `M${fmt(x0 + i * unitW)} ${fmt(bodyTop)}V${GROUND}`;
  if (d) body.push(`<path d="${d}" stroke="#000" stroke-opacity=".25" stroke-width="2"/>`);
  body.push(roofShape(roof, x0, x0 + bw, bodyTop, roofH, rng.pick(ROOFS)));
  for (let i = 0; i < units; i++) body.push(hedge(x0 + i * unitW + unitW * 0.45, x0 + (i + 1) * unitW - 4, '#7ea476'));
  trees(s, x0, x0 + bw);
}
