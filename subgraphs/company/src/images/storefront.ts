import { hashString } from '@sumika/domain';
import { escapeXml } from './escape.js';

export interface StorefrontInput {
  /** Store key: seeds the colours, so a store always looks the same. */
  key: string;
  /** Store name shown on the sign (clientName). */
  clientName: string;
  /** Corporation name shown above it (companyName). */
  companyName: string;
}

interface Palette {
  wall: string;
  trim: string;
  sign: string;
  awning: string;
  door: string;
}

const PALETTES: readonly Palette[] = [
  { wall: '#f4ead5', trim: '#8c6a4f', sign: '#2f4858', awning: '#e07a5f', door: '#3d405b' },
  { wall: '#e9f1ee', trim: '#5b7f73', sign: '#1f6f5c', awning: '#f2b134', door: '#2b3a42' },
  { wall: '#f7e7e1', trim: '#9c6b5e', sign: '#7a2e3a', awning: '#3a86a8', door: '#4a3b3b' },
  { wall: '#eef0f6', trim: '#5c6784', sign: '#243b6b', awning: '#e4572e', door: '#2e2e3a' },
  { wall: '#fbf3dc', trim: '#a2845e', sign: '#3e6b48', awning: '#d1495b', door: '#38423b' },
  { wall: '#ece6f2', trim: '#6f5f86', sign: '#4b3869', awning: '#66a182', door: '#2f2a3a' },
];

/** Rough rendered width in em: full-width (CJK) characters are 1em, the rest about 0.6em. */
function emWidth(text: string): number {
  let w = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0;
    w += c <= 0xff || (c >= 0xff61 && c <= 0xff9f) ? 0.6 : 1;
  }
  return w;
}

/** The largest font size (within bounds) at which `text` fits in `width`. */
function fitFont(text: string, width: number, min: number, max: number): number {
  const em = Math.max(1, emWidth(text));
  return Math.max(min, Math.min(max, Math.floor(width / em)));
}

const FONT = "'Hiragino Kaku Gothic ProN','Noto Sans JP','Yu Gothic',Meiryo,sans-serif";
const W = 640;
const H = 480;

/**
 * A flat storefront (店舗外観) with the store name on the sign. Pure and deterministic:
 * the same input always gives the same bytes, so callers can use a strong ETag.
 */
export function renderStorefront(input: StorefrontInput): string {
  // Colours follow the key, not the run.
  const h = hashString(input.key);
  const p = PALETTES[h % PALETTES.length] ?? (PALETTES[0] as Palette);
  const name = escapeXml(input.clientName);
  const corp = escapeXml(input.companyName);
  const nameSize = fitFont(input.clientName, 500, 14, 38);
  const corpSize = fitFont(input.companyName, 500, 10, 16);
  const parts: string[] = [];

  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-label="${name} 店舗外観">`,
    `<title>${name} 店舗外観</title>`,
    '<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#bfe3f5"/><stop offset="1" stop-color="#eaf6fb"/></linearGradient></defs>',
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>`,
    // Clouds drift with the key so neighbouring stores do not look identical.
    `<g fill="#ffffff" opacity="0.9"><ellipse cx="${90 + (h % 60)}" cy="52" rx="46" ry="16"/><ellipse cx="${120 + (h % 60)}" cy="42" rx="30" ry="14"/><ellipse cx="${500 + ((h >>> 8) % 70)}" cy="70" rx="40" ry="13"/></g>`,
  );

  // Building body and upper floor with three windows.
  parts.push(
    `<rect x="60" y="96" width="520" height="334" fill="${p.wall}" stroke="${p.trim}" stroke-width="4"/>`,
    `<rect x="52" y="84" width="536" height="16" fill="${p.trim}"/>`,
  );
  for (let i = 0; i < 3; i++) {
    const x = 110 + i * 160;
    parts.push(
      `<rect x="${x}" y="118" width="100" height="62" fill="#cfe8f3" stroke="${p.trim}" stroke-width="4"/>`,
      `<line x1="${x + 50}" y1="118" x2="${x + 50}" y2="180" stroke="${p.trim}" stroke-width="3"/>`,
      `<rect x="${x - 4}" y="180" width="108" height="6" fill="${p.trim}"/>`,
    );
  }

  // Sign board: corporation above, store name large.
  parts.push(
    `<rect x="70" y="198" width="500" height="74" rx="6" fill="${p.sign}"/>`,
    `<text x="320" y="220" text-anchor="middle" font-family="${FONT}" font-size="${corpSize}" fill="#ffffff" opacity="0.85">${corp}</text>`,
    `<text x="320" y="${256 - Math.round((38 - nameSize) / 3)}" text-anchor="middle" font-family="${FONT}" font-size="${nameSize}" font-weight="bold" fill="#ffffff">${name}</text>`,
  );

  // Striped awning with a scalloped edge.
  const stripes = 10;
  const sw = 520 / stripes;
  for (let i = 0; i < stripes; i++) {
    parts.push(`<rect x="${60 + i * sw}" y="276" width="${sw}" height="26" fill="${i % 2 === 0 ? p.awning : '#ffffff'}"/>`);
    parts.push(`<path d="M${60 + i * sw} 302 a${sw / 2} 10 0 0 0 ${sw} 0 z" fill="${i % 2 === 0 ? p.awning : '#ffffff'}"/>`);
  }

  // Shop window with listing flyers, and the glass door.
  parts.push(`<rect x="84" y="324" width="300" height="106" fill="#d9eef7" stroke="${p.trim}" stroke-width="4"/>`);
  for (let i = 0; i < 4; i++) {
    const fx = 100 + i * 70;
    parts.push(
      `<rect x="${fx}" y="338" width="56" height="72" fill="#ffffff" stroke="#c9c9c9"/>`,
      `<rect x="${fx + 6}" y="344" width="44" height="26" fill="${(h >>> (i * 3)) % 2 ? '#f6d6c8' : '#d7ead9'}"/>`,
      `<rect x="${fx + 6}" y="376" width="36" height="4" fill="#9a9a9a"/>`,
      `<rect x="${fx + 6}" y="386" width="28" height="4" fill="#b5b5b5"/>`,
      `<rect x="${fx + 6}" y="396" width="40" height="5" fill="${p.awning}"/>`,
    );
  }
  parts.push(
    `<rect x="420" y="320" width="120" height="110" fill="${p.door}"/>`,
    `<rect x="430" y="330" width="46" height="96" fill="#cfe8f3" opacity="0.9"/>`,
    `<rect x="484" y="330" width="46" height="96" fill="#cfe8f3" opacity="0.9"/>`,
    `<rect x="468" y="362" width="4" height="30" fill="#d4d4d4"/><rect x="488" y="362" width="4" height="30" fill="#d4d4d4"/>`,
    `<rect x="444" y="338" width="72" height="18" rx="3" fill="#ffffff"/>`,
    `<text x="480" y="351" text-anchor="middle" font-family="${FONT}" font-size="11" fill="${p.sign}">営業中</text>`,
  );

  // Pavement and potted plants.
  parts.push(
    `<rect x="0" y="430" width="${W}" height="50" fill="#cfcac2"/>`,
    `<rect x="0" y="430" width="${W}" height="6" fill="#b7b1a7"/>`,
    `<rect x="396" y="404" width="18" height="26" fill="${p.trim}"/><circle cx="405" cy="398" r="14" fill="#5a9a5b"/>`,
    `<rect x="548" y="404" width="18" height="26" fill="${p.trim}"/><circle cx="557" cy="398" r="14" fill="#5a9a5b"/>`,
    '</svg>',
  );
  return parts.join('');
}
