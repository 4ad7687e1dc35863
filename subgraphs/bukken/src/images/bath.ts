import { Random } from '@sumika/domain';
import { caption, finite, fmt, glow, hasCode, rect, ROOM_CODES, roomShell, svgDocument, SVG_W, type Back, type RoomInput } from './room-scene.js';

const PANELS = ['#f1efe8', '#e6ebee', '#efe9df', '#dfe4e6', '#e9e4ea'] as const;
const ACCENTS = ['#c9d3d8', '#b8a99a', '#8e9aa5', '#d6c7b0', '#5f6b75'] as const;
const TUBS = ['#fbfbf9', '#f3f1ea', '#eef3f5'] as const;

/** A toilet seen from the front, with a washlet's side panel when the listing has one. */
function toilet(x: number, floorY: number, washlet: boolean): string {
  return (
    rect(x - 16, floorY - 78, 32, 34, '#f7f7f5', 'stroke="#aaa" rx="3"') +
    `<path d="M${fmt(x - 22)} ${fmt(floorY - 42)}h44l-6 22h-32z" fill="#fafaf8" stroke="#aaa"/>` +
    rect(x - 10, floorY - 20, 20, 20, '#f2f2f0', 'stroke="#aaa"') +
    (washlet ? rect(x + 22, floorY - 46, 10, 14, '#e0e4e6', 'stroke="#888" rx="2" data-washlet="1"') : '')
  );
}

/** A washbasin with its mirror; a shampoo dresser has the tall mirror cabinet and pull-out tap. */
function basin(x: number, floorY: number, dresser: boolean, cabinet: string): string {
  const w = dresser ? 66 : 54;
  return (
    rect(x - w / 2, floorY - 64, w, 64, cabinet, 'stroke="#000" stroke-opacity=".2" data-washbasin="1"') +
    rect(x - w / 2 - 2, floorY - 70, w + 4, 7, '#fbfbfa', 'stroke="#aaa"') +
    rect(x - w / 2 + 4, floorY - (dresser ? 152 : 128), w - 8, dresser ? 74 : 50, '#cfe0ea', 'stroke="#999"') +
    `<path d="M${fmt(x)} ${fmt(floorY - 70)}v-10h8" fill="none" stroke="#aaa" stroke-width="3"/>`
  );
}

/** The bath: a bathroom with its tub and shower when bath and toilet are separate, a unit bath otherwise. */
export function renderBath(input: RoomInput): string {
  const rng = new Random(`${finite(input.seed, 0)}|bath`);
  const separate = hasCode(input, ROOM_CODES.separateBath);
  const washlet = hasCode(input, ROOM_CODES.washlet);
  const dresser = hasCode(input, ROOM_CODES.shampooDresser);
  const basinRoom = hasCode(input, ROOM_CODES.washbasin) || dresser;
  const panel = rng.pick(PANELS);
  const accent = rng.pick(ACCENTS);
  const bw = separate ? rng.float(220, 250) : rng.float(250, 280);
  const back: Back = { x: (SVG_W - bw) / 2 - (separate ? 40 : 0), y: rng.float(50, 62), w: bw, h: rng.float(200, 214) };
  const body: string[] = [];
  const defs: string[] = [];
  const tileSize = rng.pick([14, 18, 24]);
  defs.push(
    `<pattern id="ftile" patternUnits="userSpaceOnUse" width="${tileSize}" height="${tileSize}">` +
      rect(0, 0, tileSize, tileSize, '#c9ccce') +
      `<path d="M0 0H${tileSize}M0 0V${tileSize}" stroke="#fff" stroke-opacity=".6"/></pattern>`,
  );
  body.push(roomShell(back, { wall: panel, side: panel, ceiling: '#fafaf9', floor: 'url(#ftile)' }));
  body.push(`<path d="M${fmt(back.x)} ${fmt(back.y)}L0 0M${fmt(back.x + back.w)} ${fmt(back.y)}L${SVG_W} 0" stroke="#000" stroke-opacity=".08"/>`);
  const floorY = back.y + back.h;
  // An accent panel on the back wall, as modern unit baths have.
  if (rng.chance(0.6)) body.push(rect(back.x, back.y, back.w * rng.float(0.3, 0.5), back.h, accent, 'opacity=".75"'));

  // The tub along the back wall, and its water.
  const tubW = separate ? back.w * 0.7 : back.w * 0.5;
  const tubX = back.x + 4;
  const tubTop = floorY - (separate ? 58 : 52);
  body.push(rect(tubX, tubTop, tubW, floorY - tubTop, rng.pick(TUBS), 'stroke="#aaa" rx="4" data-tub="1"'));
  body.push(rect(tubX + 6, tubTop + 3, tubW - 12, 6, '#9fc9dc', 'rx="2" opacity=".8"'));
  // The bath controller: 追い焚き / オートバス.
  const reheating = hasCode(input, ROOM_CODES.reheating) || hasCode(input, ROOM_CODES.autoBath);
  if (reheating)
    body.push(
      rect(tubX + tubW - 38, tubTop - 40, 26, 18, '#f5f5f3', 'stroke="#888" rx="2" data-reheat="1"') + rect(tubX + tubW - 34, tubTop - 36, 18, 6, '#4a7a9a'),
    );
  // Shower: mixer tap, slide bar and head beside the tub.
  const shx = tubX + tubW + (separate ? 30 : 14);
  body.push(rect(shx - 12, floorY - 86, 24, 8, '#c7cacc', 'rx="3"'));
  body.push(`<path d="M${fmt(shx + 18)} ${fmt(floorY - 170)}V${fmt(floorY - 92)}" stroke="#b9bcbf" stroke-width="3"/>`);
  body.push(`<path d="M${fmt(shx)} ${fmt(floorY - 80)}q10 30 18 -78" fill="none" stroke="#9ea2a5" stroke-width="2"/>`);
  body.push(`<ellipse cx="${fmt(shx + 18)}" cy="${fmt(floorY - 160)}" rx="6" ry="9" fill="#d2d5d7" stroke="#999"/>`);
  if (separate) {
    // Mirror and shelf over the washing area; a stool and bowl on the floor.
    body.push(rect(shx - 30, floorY - 150, 42, 56, '#d7e5ec', 'stroke="#aab" rx="2"'));
    body.push(rect(shx - 34, floorY - 90, 50, 4, '#ddd'));
    body.push(rect(shx - 24, floorY - 22, 26, 22, rng.pick(['#f3f3f1', '#d8dee2', '#c6b9a8'] as const), 'rx="3"'));
  } else {
    body.push(basin(tubX + tubW + 60, floorY, false, '#f4f4f2'));
    body.push(toilet(back.x + back.w - 34, floorY, washlet));
  }
  // Bathroom dryer in the ceiling.
  if (hasCode(input, ROOM_CODES.bathDryer)) {
    body.push(rect(SVG_W / 2 - 40, back.y * 0.3, 80, 18, '#e9eaeb', 'stroke="#aaa" data-dryer="1"'));
    let d = '';
    for (let i = 1; i < 8; i++) d += `M${fmt(SVG_W / 2 - 40 + i * 10)} ${fmt(back.y * 0.3 + 3)}v12`;
    body.push(`<path d="${d}" stroke="#999"/>`);
  }
  body.push(glow(back.x + back.w / 2, back.y * 0.6, 70));

  // Bath and toilet separate: the toilet room (and washroom) as an inset picture.
  if (separate) {
    const ix = SVG_W - 140;
    const iy = 14;
    const iw = 126;
    const ih = 170;
    const floorI = iy + ih - 16;
    body.push(rect(ix - 3, iy - 3, iw + 6, ih + 6, '#fff', 'rx="4"'));
    body.push(rect(ix, iy, iw, ih, rng.pick(['#f3f0e9', '#eef1f2', '#f5efe6'] as const)) + rect(ix, floorI, iw, ih - (floorI - iy), '#cfc6b8'));
    if (basinRoom) {
      body.push(basin(ix + 40, floorI, dresser, rng.pick(['#f4f4f2', '#d8c3a5', '#8e9aa5'] as const)));
      body.push(toilet(ix + 100, floorI, washlet));
    } else {
      body.push(rect(ix + 12, iy + 30, 30, 50, '#d7e5ec', 'stroke="#aab"'));
      body.push(toilet(ix + iw / 2 + 10, floorI, washlet));
    }
  }

  const notes = [
    separate ? 'バス・トイレ別' : 'ユニットバス',
    hasCode(input, ROOM_CODES.autoBath) ? 'オートバス' : reheating ? '追い焚き' : '',
    hasCode(input, ROOM_CODES.bathDryer) ? '浴室乾燥機' : '',
    dresser ? 'シャンプードレッサー' : basinRoom ? '独立洗面台' : washlet ? '温水洗浄便座' : '',
  ];
  body.push(caption(notes));
  return svgDocument('bath', defs, body);
}
