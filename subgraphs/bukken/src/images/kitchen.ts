import { Random } from '@sumika/domain';
import {
  caption,
  finite,
  floorBoards,
  fmt,
  glow,
  hasCode,
  rect,
  ROOM_CODES,
  roomShell,
  svgDocument,
  SVG_H,
  SVG_W,
  type Back,
  type RoomInput,
} from './room-scene.js';

const WALLS = ['#f4f2ee', '#eeebe5', '#f1efe9'] as const;
const CABINETS = ['#f5f4f0', '#d8c3a5', '#6e5a4a', '#9aa3ab', '#e9e2d6', '#3f4a56'] as const;
const TOPS = ['#d9d7d2', '#b8b6b1', '#f0efeb', '#5a5a58'] as const;
const SPLASH = ['#ffffff', '#e8eef1', '#efe7dc', '#dfe3e0'] as const;
const FLOORS = [
  ['#c8a27a', '#a8825c'],
  ['#ddc7a6', '#bda783'],
  ['#e9e6df', '#c9c5bd'],
  ['#9a7656', '#7a583c'],
] as const;

/** The number of hob burners the listing's conditions promise (a compact one-ring hob otherwise). */
function burnersOf(input: RoomInput): number {
  if (hasCode(input, ROOM_CODES.threeBurners)) return 3;
  if (hasCode(input, ROOM_CODES.twoBurners)) return 2;
  return 1;
}

/** The kitchen: counter, hob (IH or gas, by ring count), sink, hood, and what the conditions list. */
export function renderKitchen(input: RoomInput): string {
  const rng = new Random(`${finite(input.seed, 0)}|kitchen`);
  const system = hasCode(input, ROOM_CODES.systemKitchen);
  const counter = hasCode(input, ROOM_CODES.counterKitchen);
  const ih = hasCode(input, ROOM_CODES.ih) || (!hasCode(input, ROOM_CODES.gas) && rng.chance(0.3));
  const burners = burnersOf(input);
  const large = input.area >= 40 || /LDK/.test(input.plan);
  const bw = large ? rng.float(290, 320) : rng.float(230, 260);
  const back: Back = { x: (SVG_W - bw) / 2, y: rng.float(40, 56), w: bw, h: rng.float(210, 226) };
  const [floor, floorLine] = rng.pick(FLOORS);
  const body: string[] = [];
  const defs: string[] = [];
  body.push(roomShell(back, { wall: rng.pick(WALLS), side: '#e4e0d8', ceiling: '#f8f7f4', floor }));
  body.push(floorBoards(back, floorLine, 6));

  const bottom = back.y + back.h;
  // The counter run: the whole wall in a system kitchen, a compact unit otherwise.
  const runW = system ? back.w - 16 : Math.min(back.w - 30, 120 + burners * 36 + rng.float(0, 20));
  const rx = system ? back.x + 8 : back.x + rng.float(10, back.w - runW - 10);
  const topY = bottom - 74;
  const cabinet = rng.pick(CABINETS);
  const top = rng.pick(TOPS);
  // Backsplash panel and, for a system kitchen, the wall cabinets.
  body.push(rect(rx, topY - 62, runW, 62, rng.pick(SPLASH), 'stroke="#000" stroke-opacity=".06"'));
  if (system || rng.chance(0.4)) {
    body.push(rect(rx, back.y + 8, runW, topY - 100 - back.y, cabinet, 'stroke="#000" stroke-opacity=".18" data-wall-cabinet="1"'));
    const doors = Math.max(2, Math.round(runW / 60));
    let d = '';
    for (let i = 1; i < doors; i++) d += `M${fmt(rx + (runW * i) / doors)} ${fmt(back.y + 10)}V${fmt(topY - 94)}`;
    body.push(`<path d="${d}" stroke="#000" stroke-opacity=".2"/>`);
  }
  // Lower cabinets and the worktop.
  body.push(rect(rx, topY, runW, bottom - topY, cabinet, 'stroke="#000" stroke-opacity=".2"'));
  body.push(rect(rx - 3, topY - 5, runW + 6, 7, top));
  const doors = Math.max(2, Math.round(runW / 54));
  let d = '';
  for (let i = 1; i < doors; i++) d += `M${fmt(rx + (runW * i) / doors)} ${fmt(topY + 6)}V${fmt(bottom - 6)}`;
  body.push(`<path d="${d}" stroke="#000" stroke-opacity=".22"/>`);
  body.push(rect(rx, bottom - 8, runW, 8, '#3b3b3b', 'opacity=".35"'));

  // Hob on the right of the run, sink on the left.
  const hobW = 40 + burners * 26;
  const hx = rx + runW - hobW - 12;
  body.push(rect(hx, topY - 9, hobW, 5, ih ? '#1c1c1e' : '#444', `data-hob="${ih ? 'ih' : 'gas'}" data-burners="${burners}"`));
  for (let i = 0; i < burners; i++) {
    const x = burners === 1 ? hx + hobW / 2 : hx + 20 + (i * (hobW - 40)) / (burners - 1);
    body.push(
      ih
        ? `<ellipse cx="${fmt(x)}" cy="${fmt(topY - 8)}" rx="11" ry="2.4" fill="none" stroke="#c0392b" stroke-opacity=".8"/>`
        : `<path d="M${fmt(x - 11)} ${fmt(topY - 12)}h22M${fmt(x)} ${fmt(topY - 15)}v5" stroke="#222" stroke-width="2"/>`,
    );
  }
  // A pan on one ring.
  const pan = rng.pick(['#8c8c8c', '#c0392b', '#2c3e50', '#d9d9d6'] as const);
  body.push(rect(hx + 8, topY - 24, 30, 14, pan, 'rx="3"') + rect(hx + 38, topY - 20, 16, 3, '#333'));
  // Range hood above the hob.
  const hoodY = topY - 96;
  body.push(
    `<path d="M${fmt(hx - 6)} ${fmt(hoodY + 26)}h${fmt(hobW + 12)}l-10 -18h${fmt(-(hobW - 8))}z" fill="#c9c9c6" stroke="#888" stroke-width=".8"/>` +
      rect(hx + hobW / 2 - 18, hoodY - 20, 36, 12, '#c9c9c6'),
  );
  if (hasCode(input, ROOM_CODES.grill)) body.push(rect(hx + 6, topY + 8, hobW - 12, 14, '#2b2b2b', 'rx="2" data-grill="1"'));
  if (hasCode(input, ROOM_CODES.dishwasher)) {
    const dwx = hx - 70;
    body.push(rect(dwx, topY + 8, 60, bottom - topY - 20, '#d7d7d4', 'stroke="#777" data-dishwasher="1"') + rect(dwx + 6, topY + 12, 48, 5, '#333'));
  }
  const sx = rx + 24 + rng.float(0, 20);
  const sinkW = large ? 78 : 62;
  body.push(rect(sx, topY - 7, sinkW, 4, '#9ea2a5'));
  // The faucet; a water purifier adds its cartridge beside it.
  const fx = sx + sinkW / 2;
  body.push(`<path d="M${fmt(fx)} ${fmt(topY - 5)}v-28q0 -8 8 -8h8v6" fill="none" stroke="#b5b8bb" stroke-width="4" stroke-linecap="round"/>`);
  if (hasCode(input, ROOM_CODES.waterPurifier)) body.push(rect(fx + 12, topY - 36, 7, 12, '#e8eef2', 'stroke="#7f8c8d" rx="2" data-purifier="1"'));
  // Dish rack, bottles, a plant: what makes it look lived-in.
  if (rng.chance(0.6)) body.push(rect(sx + sinkW + 8, topY - 22, 22, 17, 'none', 'stroke="#9aa" stroke-width="1.5"'));
  if (rng.chance(0.5)) body.push(`<ellipse cx="${fmt(rx + runW * 0.55)}" cy="${fmt(topY - 20)}" rx="7" ry="12" fill="#6d9868"/>`);

  // A counter kitchen is seen over its bar from the living room.
  if (counter) {
    const cy = SVG_H - 70;
    body.push(rect(0, cy, SVG_W, 10, top, 'data-counter="1"') + rect(0, cy + 10, SVG_W, SVG_H - cy - 10, cabinet, 'stroke="#000" stroke-opacity=".2"'));
    body.push(rect(0, cy + 10, SVG_W, 4, '#000', 'opacity=".12"'));
  }
  body.push(glow(SVG_W / 2, back.y * 0.5, 90));

  const notes = [
    system ? 'システムキッチン' : '',
    `${ih ? 'IH' : 'ガス'}${burners}口`,
    counter ? 'カウンター' : '',
    hasCode(input, ROOM_CODES.dishwasher) ? '食洗機' : hasCode(input, ROOM_CODES.grill) ? 'グリル付' : '',
  ];
  body.push(caption(['キッチン', ...notes]));
  return svgDocument('kitchen', defs, body);
}
