import { Random } from '@sumika/domain';
import { caption, finite, fmt, hasCode, rect, ROOM_CODES, svgDocument, SVG_H, SVG_W, type RoomInput } from './room-scene.js';

type Pair = readonly [string, string];
/** Sky by the direction the window faces: south bright, north flat, east and west warmer. */
const SKY: Readonly<Record<string, Pair>> = {
  南: ['#7fb6e6', '#dcecf8'],
  南東: ['#8cbde6', '#e6f0f6'],
  南西: ['#8fb5dc', '#f3e4cf'],
  東: ['#9cc4e4', '#f6ead6'],
  西: ['#98aecb', '#f4d7b5'],
  北: ['#b5c7d6', '#e9eef2'],
  北東: ['#abc3d8', '#edf1f3'],
  北西: ['#aebfd0', '#efe6da'],
};
/** The sun's place in the frame by direction (none to the north). */
const SUN: Readonly<Record<string, readonly [number, number] | undefined>> = {
  南: [250, 50],
  南東: [150, 60],
  南西: [340, 70],
  東: [90, 90],
  西: [390, 110],
};

const HORIZON = 168;
/** Focal length in px: a building b metres high at d metres tops out at HORIZON + F × (eye − b) / d. */
const F = 400;
const ROWS = [28, 55, 110, 220, 440] as const;

/** Mixes a colour toward the sky's haze by distance (0 near … 1 far). */
function haze(near: readonly [number, number, number], t: number): string {
  const far = [196, 210, 222];
  const c = near.map((v, i) => Math.round(v + ((far[i] ?? v) - v) * t));
  return `rgb(${c.join(',')})`;
}

/** The view from the room's window: the city from its floor, the sky of its aspect, the balcony rail. */
export function renderView(input: RoomInput): string {
  const rng = new Random(`${finite(input.seed, 0)}|view`);
  const floor = Math.max(1, Math.round(finite(input.floor, 1)));
  const eye = Math.min(floor * 3 + (hasCode(input, ROOM_CODES.highGround) ? 15 : 0), 150);
  const aspect = Object.hasOwn(SKY, input.aspect) ? input.aspect : '南';
  const sky = SKY[aspect] ?? ['#7fb6e6', '#dcecf8'];
  const good = hasCode(input, ROOM_CODES.goodView);
  const green = hasCode(input, ROOM_CODES.quiet);
  const city = finite(input.floors, 1) >= 8;
  const defs: string[] = [
    `<linearGradient id="vsky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient>`,
  ];
  const body: string[] = [rect(0, 0, SVG_W, SVG_H, 'url(#vsky)')];
  const sun = SUN[aspect];
  if (sun)
    body.push(`<circle cx="${sun[0]}" cy="${sun[1]}" r="34" fill="#fff7d6" opacity=".45"/><circle cx="${sun[0]}" cy="${sun[1]}" r="14" fill="#fffbe8"/>`);
  for (let i = rng.int(1, 3); i > 0; i--) {
    const x = rng.float(30, 450);
    const y = rng.float(30, 110);
    body.push(`<ellipse cx="${fmt(x)}" cy="${fmt(y)}" rx="${fmt(rng.float(22, 44))}" ry="${fmt(rng.float(6, 10))}" fill="#fff" opacity=".75"/>`);
  }
  // Far away: mountains on a good day, or the sea's line, when the listing promises a view.
  if (good || rng.chance(0.25)) {
    let d = `M0 ${HORIZON}`;
    for (let x = 0; x <= SVG_W; x += 40) d += `L${x} ${fmt(HORIZON - rng.float(8, good ? 46 : 24))}`;
    body.push(`<path d="${d}L${SVG_W} ${HORIZON}Z" fill="#9fb3c4" opacity=".8" data-far="1"/>`);
  }
  body.push(rect(0, HORIZON, SVG_W, SVG_H - HORIZON, haze([150, 160, 150], 0.6)));

  // Rows of buildings from far to near; a low floor looks at the neighbours, a high one over the roofs.
  for (let r = ROWS.length - 1; r >= 0; r--) {
    const dist = ROWS[r] ?? 100;
    const t = r / (ROWS.length - 1);
    const ground = HORIZON + (F * eye) / dist;
    if (ground - (F * 60) / dist > SVG_H) continue;
    let x = rng.float(-30, 0);
    const parts: string[] = [];
    while (x < SVG_W) {
      const tall = city && rng.chance(0.3) ? rng.int(8, 20) : rng.int(2, 5);
      // A listed good view is open: the nearer roofs stay below the window.
      const storeys = good && r <= 2 ? Math.min(tall, Math.max(1, floor - 2)) : tall;
      const h = storeys * 3;
      const w = ((rng.float(10, 24) + storeys) * F) / dist;
      const top = HORIZON + (F * (eye - h)) / dist;
      const base = rng.pick([
        [232, 226, 214],
        [200, 200, 196],
        [176, 160, 142],
        [222, 214, 196],
        [150, 152, 156],
      ] as const);
      parts.push(rect(x, top, w, Math.max(0, Math.min(ground, SVG_H) - top), haze(base, t * 0.85)));
      // Windows on the nearer rows.
      if (r <= 2 && w > 14) {
        const rowH = (3 * F) / dist;
        let d = '';
        for (let y = top + rowH * 0.35; y < Math.min(ground, SVG_H) - rowH * 0.4; y += rowH) d += `M${fmt(x + w * 0.12)} ${fmt(y)}h${fmt(w * 0.76)}`;
        if (d) parts.push(`<path d="${d}" stroke="#6c7d8c" stroke-opacity=".45" stroke-width="${fmt(Math.max(1, rowH * 0.3))}"/>`);
      }
      if (green && rng.chance(0.35))
        parts.push(
          `<circle cx="${fmt(x + w)}" cy="${fmt(Math.min(ground, SVG_H) - (6 * F) / dist)}" r="${fmt((5 * F) / dist)}" fill="${haze([110, 150, 100], t * 0.7)}"/>`,
        );
      x += w + (rng.float(2, 10) * F) / dist;
    }
    body.push(`<g data-row="${r}">${parts.join('')}</g>`);
  }

  // The window: curtains, sash frame, and the balcony rail in front of the view.
  const railY = SVG_H - 96;
  if (floor >= 2 || hasCode(input, ROOM_CODES.balcony)) {
    const rail = rng.pick(['#6e7378', '#d9d9d6', '#3c3f43'] as const);
    if (rng.chance(0.4)) body.push(rect(0, railY, SVG_W, SVG_H - railY, '#cfe0e8', 'opacity=".45" data-rail="glass"'));
    else {
      let d = '';
      for (let x = 8; x < SVG_W; x += 12) d += `M${x} ${railY}V${SVG_H}`;
      body.push(`<path d="${d}" stroke="${rail}" stroke-width="2" data-rail="bars"/>`);
    }
    body.push(rect(0, railY - 6, SVG_W, 7, rail));
  } else {
    body.push(rect(0, railY + 20, SVG_W, SVG_H - railY, '#6d9868', 'data-hedge="1"'));
  }
  const frame = rng.pick(['#b8bcbf', '#d6d6d2', '#4a4d50'] as const);
  body.push(`<path d="M0 0H${SVG_W}V${SVG_H}H0Z M14 14V${SVG_H - 14}H${SVG_W - 14}V14Z" fill="${frame}" fill-rule="evenodd"/>`);
  body.push(rect(SVG_W / 2 - 5, 0, 10, SVG_H, frame));
  const curtain = rng.pick(['#efe7d8', '#dfe6ea', '#e8dccd', '#d4d9cf'] as const);
  body.push(`<path d="M0 0h${fmt(rng.float(34, 52))}q-12 ${SVG_H / 2} 6 ${SVG_H}H0z" fill="${curtain}"/>`);
  body.push(`<path d="M${SVG_W} 0h${fmt(-rng.float(34, 52))}q12 ${SVG_H / 2} -6 ${SVG_H}H${SVG_W}z" fill="${curtain}"/>`);

  const notes = [`${floor}階・${aspect}向き`, good ? '眺望良好' : '', hasCode(input, ROOM_CODES.sunny) ? '日当たり良好' : ''];
  body.push(caption(['眺望', ...notes]));
  return svgDocument('view', defs, body);
}
