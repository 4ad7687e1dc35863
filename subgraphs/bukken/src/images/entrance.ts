import { Random } from '@sumika/domain';
import {
  caption,
  finite,
  floorBoards,
  fmt,
  glow,
  hasCode,
  poly,
  rect,
  ROOM_CODES,
  roomShell,
  svgDocument,
  SVG_H,
  SVG_W,
  type Back,
  type RoomInput,
} from './room-scene.js';

const WALLS = ['#f3f1ec', '#eeeae2', '#f5f3ef', '#e9e6df'] as const;
const WOODS = [
  ['#c8a27a', '#a8825c'],
  ['#d9bd94', '#b89b72'],
  ['#8f6a4c', '#6f5038'],
  ['#e3d2b8', '#c3ae90'],
] as const;
const DOORS_NEW = ['#5b4636', '#6b6e72', '#3e4246', '#8a6a4e', '#2f3a46'] as const;
const DOORS_OLD = ['#7c7f80', '#8b8d86', '#6d5f52'] as const;
const TILES = ['#9a958d', '#6f6d69', '#b7afa2', '#4f5154'] as const;

/** Where a point at depth t (0 at the back wall, 1 at the viewer) lies on the floor's left and right edges. */
function floorEdge(back: Back, t: number): { left: number; right: number; y: number } {
  const bottom = back.y + back.h;
  return { left: back.x * (1 - t), right: back.x + back.w + (SVG_W - back.x - back.w) * t, y: bottom + (SVG_H - bottom) * t };
}

/** Where a point at depth t lies on the right wall: its x, and the wall's top and bottom there. */
function rightWall(back: Back, t: number): { x: number; top: number; bottom: number } {
  const bottom = back.y + back.h;
  return { x: back.x + back.w + (SVG_W - back.x - back.w) * t, top: back.y * (1 - t), bottom: bottom + (SVG_H - bottom) * t };
}

function leftWall(back: Back, t: number): { x: number; top: number; bottom: number } {
  const bottom = back.y + back.h;
  return { x: back.x * (1 - t), top: back.y * (1 - t), bottom: bottom + (SVG_H - bottom) * t };
}

/** The entrance (玄関) seen from the hallway: front door, tiled doma, step, shoe storage, locks. */
export function renderEntrance(input: RoomInput): string {
  const rng = new Random(`${finite(input.seed, 0)}|entrance`);
  const old = finite(input.builtYear, 2000) < 1995;
  const wide = input.area >= 45 || /LDK/.test(input.plan);
  const bw = wide ? rng.float(190, 215) : rng.float(160, 185);
  const back: Back = { x: (SVG_W - bw) / 2, y: rng.float(44, 58), w: bw, h: rng.float(218, 232) };
  const [wood, woodLine] = rng.pick(WOODS);
  const wall = rng.pick(WALLS);
  const body: string[] = [];
  const defs: string[] = [];
  body.push(roomShell(back, { wall, side: '#e2ddd3', ceiling: '#f7f6f3', floor: wood }));
  body.push(floorBoards(back, woodLine, wide ? 7 : 5));

  // The doma: tiles between the door and the step up to the hallway.
  const depth = wide ? 0.3 : 0.24;
  const step = floorEdge(back, depth);
  const tile = rng.pick(TILES);
  const tileSize = old ? 8 : rng.pick([16, 22]);
  defs.push(
    `<pattern id="tile" patternUnits="userSpaceOnUse" width="${tileSize}" height="${fmt(tileSize / 2)}">` +
      rect(0, 0, tileSize, tileSize / 2, tile) +
      `<path d="M0 0H${tileSize}M0 0V${fmt(tileSize / 2)}" stroke="#fff" stroke-opacity=".25"/></pattern>`,
  );
  body.push(
    poly(
      [
        [back.x, back.y + back.h],
        [back.x + back.w, back.y + back.h],
        [step.right, step.y],
        [step.left, step.y],
      ],
      'url(#tile)',
    ),
  );
  // The step's edge (上がり框).
  body.push(`<path d="M${fmt(step.left)} ${fmt(step.y)}H${fmt(step.right)}" stroke="${woodLine}" stroke-width="7"/>`);

  // The front door: steel for older buildings, wood-grain or dark steel for newer ones.
  const doorW = rng.float(72, 84);
  const doorH = back.h * 0.8;
  const dx = back.x + back.w / 2 - doorW / 2 + rng.float(-10, 10);
  const dy = back.y + back.h - doorH;
  const door = rng.pick(old ? DOORS_OLD : DOORS_NEW);
  body.push(rect(dx - 5, dy - 5, doorW + 10, doorH + 5, '#d8d4cc'));
  body.push(rect(dx, dy, doorW, doorH, door, 'stroke="#000" stroke-opacity=".25"'));
  if (!old && rng.chance(0.5)) {
    let grain = '';
    for (let i = 1; i < 6; i++) grain += `M${fmt(dx + (doorW * i) / 6)} ${fmt(dy + 4)}V${fmt(dy + doorH - 4)}`;
    body.push(`<path d="${grain}" stroke="#000" stroke-opacity=".08"/>`);
  }
  const hx = dx + doorW - 14;
  const hy = dy + doorH * 0.52;
  body.push(rect(hx - 12, hy - 2, 16, 4, '#c9c9c4', 'rx="2"'));
  const locks = hasCode(input, ROOM_CODES.doubleLock) ? 2 : 1;
  for (let i = 0; i < locks; i++) {
    const ly = i === 0 ? hy - 22 : hy + 20;
    body.push(
      `<circle cx="${fmt(hx - 4)}" cy="${fmt(ly)}" r="${hasCode(input, ROOM_CODES.dimpleKey) ? 5 : 4}" fill="#d6d3cc" stroke="#777" data-lock="${i + 1}"/>`,
    );
  }
  if (hasCode(input, ROOM_CODES.cardKey)) body.push(rect(hx - 10, hy - 48, 12, 18, '#222', 'rx="2" data-card-key="1"'));
  // Door viewer and a mail slot.
  body.push(`<circle cx="${fmt(dx + doorW / 2)}" cy="${fmt(dy + doorH * 0.3)}" r="2" fill="#222"/>`);
  if (rng.chance(0.6)) body.push(rect(dx + doorW / 2 - 14, dy + doorH * 0.72, 28, 6, '#bfbcb5', 'rx="1"'));

  // Intercom monitor on the back wall beside the door.
  if (hasCode(input, ROOM_CODES.monitorIntercom)) {
    const mx = dx - 34;
    body.push(rect(mx, dy + doorH * 0.3, 20, 26, '#f9f9f7', 'stroke="#999" rx="2" data-intercom="1"') + rect(mx + 3, dy + doorH * 0.3 + 3, 14, 10, '#2d3b4a'));
  }

  // Shoe storage on the right wall: a low cabinet, or a tall one in larger units.
  const shoeBox = hasCode(input, ROOM_CODES.shoeBox) || rng.chance(0.35);
  if (shoeBox) {
    const tall = wide && rng.chance(0.5);
    const a = rightWall(back, 0.02);
    const b = rightWall(back, depth + 0.12);
    const k = tall ? 0.82 : 0.42;
    const topA = a.bottom - (a.bottom - a.top) * k;
    const topB = b.bottom - (b.bottom - b.top) * k;
    const colour = rng.pick(['#efe9df', '#d9c4a4', '#b48d66', '#f4f2ee'] as const);
    body.push(
      poly(
        [
          [a.x, topA],
          [b.x, topB],
          [b.x, b.bottom],
          [a.x, a.bottom],
        ],
        colour,
        'stroke="#000" stroke-opacity=".2" data-shoe-box="1"',
      ),
    );
    const mid = rightWall(back, (depth + 0.14) / 2);
    body.push(`<path d="M${fmt(mid.x)} ${fmt(mid.bottom - (mid.bottom - mid.top) * k + 4)}V${fmt(mid.bottom - 4)}" stroke="#000" stroke-opacity=".2"/>`);
    if (!tall) body.push(`<ellipse cx="${fmt((a.x + b.x) / 2)}" cy="${fmt((topA + topB) / 2 - 8)}" rx="7" ry="9" fill="#7ea476"/>`);
  }
  // A shoe-in closet's door on the left wall.
  if (hasCode(input, ROOM_CODES.shoeCloset)) {
    const a = leftWall(back, 0.05);
    const b = leftWall(back, 0.3);
    const k = 0.8;
    body.push(
      poly(
        [
          [a.x, a.bottom - (a.bottom - a.top) * k],
          [b.x, b.bottom - (b.bottom - b.top) * k],
          [b.x, b.bottom],
          [a.x, a.bottom],
        ],
        '#e8e1d4',
        'stroke="#000" stroke-opacity=".2" data-shoe-closet="1"',
      ),
    );
  }
  // A pair of shoes on the doma.
  const sx = (step.left + step.right) / 2 + rng.float(-50, 20);
  const sy = (back.y + back.h + step.y) / 2;
  const shoe = rng.pick(['#3b3b3b', '#f2f2f0', '#7a4e35'] as const);
  body.push(
    `<ellipse cx="${fmt(sx)}" cy="${fmt(sy)}" rx="12" ry="4" fill="${shoe}"/><ellipse cx="${fmt(sx + 20)}" cy="${fmt(sy + 2)}" rx="12" ry="4" fill="${shoe}"/>`,
  );
  body.push(glow(SVG_W / 2, back.y * 0.55, 70));

  const notes = [
    hasCode(input, ROOM_CODES.shoeCloset) ? 'シューズインクローゼット' : shoeBox ? 'シューズボックス' : '',
    hasCode(input, ROOM_CODES.cardKey) ? 'カードキー' : locks === 2 ? 'ダブルロック' : '',
    hasCode(input, ROOM_CODES.monitorIntercom) ? 'モニター付きインターホン' : '',
  ];
  body.push(caption(['玄関', ...notes]));
  return svgDocument('entrance', defs, body);
}
