import { Random } from '@sumika/domain';
import { escapeXml } from './escape.js';

export interface FloorPlanInput {
  seed: number;
  /** 1R, 1K, 1DK, 1LDK, 2K, ... 4LDK+ */
  plan: string;
  /** Floor area in m². */
  area: number;
  /** Direction the balcony faces: 北, 北東, 東, 南東, 南, 南西, 西, 北西. */
  aspect: string;
}

type MainKind = 'R' | 'K' | 'DK' | 'LDK';
type Side = 'top' | 'bottom' | 'left' | 'right';
type Role = 'room' | 'main' | 'hall' | 'toilet' | 'wash' | 'bath' | 'store';

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}
interface Cell extends Box {
  role: Role;
  room: number;
}
interface Targets {
  wetA: number;
  /** Shrinks minimum wet-room sizes for very small units. */
  wetScale: number;
  wh: number;
  roomA: number[];
}
interface Cand {
  r: number;
  nt: number;
  ntl: number;
  roomLeft: boolean;
  leftRoomTop: boolean;
  toiletTop: boolean;
}
/** Coarse layout in metres: wet block + hall + side rooms on the corridor side, LDK/rooms on the balcony side. */
interface Frame {
  W: number;
  D: number;
  wh: number;
  wl: number;
  wr: number;
  ht: number;
  eh: number;
  cells: Cell[];
}
/** Hinge at (x, y); u runs along the wall to the closed leaf end, n points to the swing side. */
interface Door {
  x: number;
  y: number;
  ux: number;
  uy: number;
  nx: number;
  ny: number;
  w: number;
  slide: boolean;
  ext: boolean;
}
interface Seg {
  vertical: boolean;
  at: number;
  from: number;
  to: number;
}
interface Fixture extends Box {
  kind: 'counter' | 'fridge' | 'tub' | 'basin' | 'washer' | 'wc' | 'shoes';
  side: Side;
}
interface Label {
  x: number;
  y: number;
  lines: string[];
  size: number;
  maxW: number;
}

const SVG_W = 480;
const SVG_H = 360;
const TATAMI_M2 = 1.62; // m² per 帖 under the real-estate fair-trade rules
const DOOR_SWING_CLEAR = 0.35;
const FONT = "'Hiragino Kaku Gothic ProN','Hiragino Sans','Noto Sans CJK JP','Yu Gothic',Meiryo,sans-serif";

const BEARINGS: Readonly<Record<string, number>> = {
  北: 0,
  北東: 45,
  東: 90,
  南東: 135,
  南: 180,
  南西: 225,
  西: 270,
  北西: 315,
};

const FILL: Readonly<Record<Role | 'washitsu' | 'genkan' | 'closet', string>> = {
  room: '#fbf5e8',
  washitsu: '#eef1d6',
  main: '#f8ecd6',
  hall: '#f5f3ee',
  genkan: '#dcd8d0',
  toilet: '#e9f2f8',
  wash: '#e9f2f8',
  bath: '#dcebf5',
  store: '#ebe7df',
  closet: '#ebe7df',
};

const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));
const fmt = (v: number): string => String(Math.round(v * 10) / 10);
const near = (a: number, b: number): boolean => Math.abs(a - b) < 1e-6;
const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.w - 0.01 && b.x < a.x + a.w - 0.01 && a.y < b.y + b.h - 0.01 && b.y < a.y + a.h - 0.01;
}

function parsePlan(plan: string): { rooms: number; kind: MainKind } {
  const m = /(\d+)\s*S?\s*(LDK|DK|K|R)/.exec(plan.normalize('NFKC').toUpperCase());
  if (!m) return { rooms: 1, kind: 'R' };
  const rooms = clamp(Number.parseInt(m[1] ?? '1', 10) || 1, 1, 4);
  const raw = (m[2] ?? 'R') as MainKind;
  // "2R" is not a real plan; treat multi-room studios as K.
  return { rooms, kind: raw === 'R' && rooms > 1 ? 'K' : raw };
}

/** Character-width estimate in ems (CJK full width, ASCII ~0.6). */
function textEms(text: string): number {
  let w = 0;
  for (const ch of text) w += (ch.codePointAt(0) ?? 0) > 0xff ? 1 : 0.62;
  return w;
}

function makeTargets(area: number, rooms: number, kind: MainKind, rng: Random): Targets {
  const wetA = clamp(area * 0.16, 3, 9) * rng.float(0.94, 1.06);
  const wetScale = clamp(area / 24, 0.7, 1);
  const wh = kind === 'K' || kind === 'R' ? rng.float(1.6, 1.85) : rng.float(0.95, 1.15);
  const hallEst = wh * clamp(Math.sqrt(area) * 0.5, 2.4, 5);
  const mainW = kind === 'LDK' ? (1.45 + rooms * 0.15) * rng.float(0.9, 1.12) : kind === 'DK' ? rng.float(0.85, 1.1) : 0;
  const ws = Array.from({ length: rooms }, () => rng.float(0.85, 1.15));
  const rest = Math.max(area - wetA - hallEst, area * 0.4);
  const total = sum(ws) + mainW;
  return { wetA, wetScale, wh, roomA: ws.map((w) => (rest * w) / total) };
}

/** Minimum sensible height of the wet block for a given width. */
function wetHeight(wl: number, t: Targets): number {
  return Math.max(t.wetA / wl, (wl >= 2.7 ? 2.3 : 3.2) * t.wetScale);
}

/** Splits the wet block (hall on its right) into bath / wash / toilet (+ storage). */
function wetCells(x0: number, y0: number, w: number, h: number, toiletTop: boolean): Cell[] {
  const cell = (role: Role, x: number, y: number, cw: number, ch: number): Cell => ({
    role,
    room: -1,
    x,
    y,
    w: cw,
    h: ch,
  });
  if (w >= 2.7) {
    const bathW = clamp(w * 0.48, 1.4, 2.1);
    const nx = x0 + bathW;
    const nw = w - bathW;
    const th = Math.min(clamp(h * 0.4, 0.95, 1.35), h - 1.1);
    const toilet = cell('toilet', nx, toiletTop ? y0 : y0 + h - th, nw, th);
    const wash = cell('wash', nx, toiletTop ? y0 + th : y0, nw, h - th);
    const bh = Math.min(h, 2.4);
    const out = [toilet, wash, cell('bath', x0, toiletTop ? y0 + h - bh : y0, bathW, bh)];
    if (h - bh > 0.45) out.push(cell('store', x0, toiletTop ? y0 : y0 + bh, bathW, h - bh));
    return out;
  }
  let th = clamp(h * 0.3, 0.95, 1.3);
  let bh = Math.min(2.2, h - th - 1.1);
  if (bh < 1.2) {
    th = h * 0.3;
    bh = h * 0.37;
  }
  const wsh = h - th - bh;
  const ty = toiletTop ? y0 : y0 + h - th;
  const out: Cell[] = [cell('wash', x0, toiletTop ? y0 + th : y0 + bh, w, wsh)];
  out.push(cell('bath', x0, toiletTop ? y0 + th + wsh : y0, w, bh));
  if (w > 2.0) {
    out.push(cell('toilet', x0 + w - 1.25, ty, 1.25, th));
    out.push(cell('store', x0, ty, w - 1.25, th));
  } else {
    out.push(cell('toilet', x0, ty, w, th));
  }
  return out;
}

function buildFrame(area: number, kind: MainKind, t: Targets, c: Cand, relaxed = false): Frame | null {
  const n = t.roomA.length;
  const hasMain = kind === 'DK' || kind === 'LDK';
  const nb = n - c.nt - c.ntl;
  if (nb < (hasMain ? 0 : 1) || nb > 2) return null;
  const W = Math.sqrt(area * c.r);
  const D = area / W;
  const wh = t.wh;
  const avail = W - wh;
  if (avail < (relaxed ? 0.8 : 1.4)) return null;
  const ra = (i: number): number => t.roomA[i] ?? 0;
  const ids = Array.from({ length: n }, (_, i) => i);
  const bottomRooms = ids.slice(0, nb);
  const rightRooms = ids.slice(nb, nb + c.nt);
  const leftRooms = ids.slice(nb + c.nt);
  const leftRoomsA = sum(leftRooms.map(ra));
  const rightA = sum(rightRooms.map(ra));
  const leftH = (wl: number): number => wetHeight(wl, t) + leftRoomsA / wl;

  let wl = avail;
  if (c.nt > 0) {
    let lo = 1.3;
    let hi = avail - 1.3;
    if (hi <= lo) return null;
    // Bisection: balance the height of the left (wet) stack against the right room stack.
    for (let k = 0; k < 32; k++) {
      const m = (lo + hi) / 2;
      if (leftH(m) > rightA / (avail - m)) lo = m;
      else hi = m;
    }
    wl = (lo + hi) / 2;
  }
  const wr = avail - wl;
  const ht = Math.max(leftH(wl), c.nt > 0 ? rightA / wr : 0);
  const hb = D - ht;
  if (hb < (relaxed ? 0.6 : 1.5)) return null;
  const eh = clamp(ht * 0.28, 1.0, 1.45);
  const cells: Cell[] = [{ role: 'hall', room: -1, x: wl, y: 0, w: wh, h: ht }];

  const extra = ht - leftH(wl);
  const wetH = wetHeight(wl, t) + (leftRooms.length ? 0 : extra);
  let y = 0;
  const pushLeftRooms = (): void => {
    for (const i of leftRooms) {
      const h = ra(i) / wl + extra / leftRooms.length;
      cells.push({ role: 'room', room: i, x: 0, y, w: wl, h });
      y += h;
    }
  };
  if (c.leftRoomTop) pushLeftRooms();
  cells.push(...wetCells(0, y, wl, wetH, c.toiletTop));
  y += wetH;
  if (!c.leftRoomTop) pushLeftRooms();

  y = 0;
  for (const i of rightRooms) {
    const h = (ra(i) / rightA) * ht;
    cells.push({ role: 'room', room: i, x: wl + wh, y, w: wr, h });
    y += h;
  }

  if (hasMain) {
    const leftRoom = nb === 2 || (nb === 1 && c.roomLeft) ? bottomRooms[0] : undefined;
    const rightRoom = nb === 2 ? bottomRooms[1] : nb === 1 && !c.roomLeft ? bottomRooms[0] : undefined;
    // The LDK must span the hall so the hall door opens into it.
    const xL = leftRoom === undefined ? 0 : Math.min(ra(leftRoom) / hb, wl);
    const xR = rightRoom === undefined ? W : Math.max(W - ra(rightRoom) / hb, wl + wh);
    if ((leftRoom !== undefined && xL < 1) || (rightRoom !== undefined && W - xR < 1)) return null;
    if (leftRoom !== undefined) cells.push({ role: 'room', room: leftRoom, x: 0, y: ht, w: xL, h: hb });
    cells.push({ role: 'main', room: -1, x: xL, y: ht, w: xR - xL, h: hb });
    if (rightRoom !== undefined) cells.push({ role: 'room', room: rightRoom, x: xR, y: ht, w: W - xR, h: hb });
  } else {
    const [a, b] = bottomRooms;
    if (a === undefined) return null;
    if (b === undefined) {
      cells.push({ role: 'room', room: a, x: 0, y: ht, w: W, h: hb });
    } else {
      const split = (W * ra(a)) / (ra(a) + ra(b));
      if (split < 1 || W - split < 1) return null;
      cells.push({ role: 'room', room: a, x: 0, y: ht, w: split, h: hb });
      cells.push({ role: 'room', room: b, x: split, y: ht, w: W - split, h: hb });
    }
  }
  return { W, D, wh, wl, wr, ht, eh, cells };
}

function hallSide(f: Frame, c: Cell): -1 | 1 | 0 {
  if (c.y >= f.ht - 1e-6) return 0;
  if (near(c.x + c.w, f.wl)) return -1;
  if (near(c.x, f.wl + f.wh)) return 1;
  return 0;
}

const needsHallDoor = (f: Frame, c: Cell): boolean => (c.role === 'room' || c.role === 'toilet' || c.role === 'wash') && hallSide(f, c) !== 0;

/** Lower is better: penalises cramped rooms, odd proportions and unreachable doors. */
function scoreFrame(f: Frame, kind: MainKind, t: Targets): number {
  let p = 0;
  const shape = (w: number, h: number, minSide: number, maxAspect: number, weight: number): void => {
    const mn = Math.min(w, h);
    const mx = Math.max(w, h);
    if (mn < minSide) p += (minSide - mn) ** 2 * 8 * weight;
    const aspect = mx / Math.max(mn, 0.1);
    if (aspect > maxAspect) p += (aspect - maxAspect) * 4 * weight;
  };
  let mainArea = 0;
  let maxRoom = 0;
  for (const c of f.cells) {
    if (c.role === 'room') {
      shape(c.w, c.h, 2.45, 1.75, 1);
      const a = c.w * c.h;
      maxRoom = Math.max(maxRoom, a);
      const want = Math.min(t.roomA[c.room] ?? a, 12) * 0.75;
      if (a < want) p += (want - a) * 0.8;
    } else if (c.role === 'main') {
      shape(c.w, c.h, kind === 'LDK' ? 3.1 : 2.6, 2.1, 1.5);
      mainArea = c.w * c.h;
    } else if (c.role === 'bath') shape(c.w, c.h, 1.2, 2, 0.5);
    else if (c.role === 'toilet') shape(c.w, c.h, 0.8, 2.2, 0.5);
    else if (c.role === 'wash') shape(c.w, c.h, 0.95, 2.4, 0.5);
    if (needsHallDoor(f, c)) {
      const len = c.y + c.h - Math.max(c.y, f.eh);
      if (len < 0.85) p += 4 + (0.85 - len) * 4;
    }
    if (kind === 'K' && c.role === 'room' && c.y >= f.ht - 1e-6) {
      const ov = Math.min(c.x + c.w, f.wl + f.wh) - Math.max(c.x, f.wl);
      if (ov < 0.7) p += 0.3;
    }
  }
  if (f.wl >= 2.7 && f.wl > 3.8) p += (f.wl - 3.8) ** 2 * 4;
  if (f.ht - f.eh < 1.2) p += (1.2 - (f.ht - f.eh)) * 4;
  const ratio = f.D / f.W;
  if (ratio > 2.1) p += (ratio - 2.1) * 3;
  if (ratio < 0.6) p += (0.6 - ratio) * 3;
  if (mainArea > 0 && mainArea < maxRoom) p += 1.5;
  if (kind === 'K' || kind === 'R') {
    const doorsOn = (side: -1 | 1): number => f.cells.filter((c) => needsHallDoor(f, c) && hallSide(f, c) === side).length;
    const free = f.ht - f.eh;
    const best = Math.max(free - 0.95 * doorsOn(-1), f.wr < 0.01 ? free : free - 0.95 * doorsOn(1));
    if (best < 1.5) p += (1.5 - best) * 5;
  }
  return p;
}

function chooseFrame(area: number, rooms: number, kind: MainKind, rng: Random): Frame {
  const t = makeTargets(area, rooms, kind, rng);
  const base =
    rooms === 1 && (kind === 'R' || kind === 'K')
      ? [0.5, 0.58, 0.66, 0.75]
      : rooms === 1
        ? [0.7, 0.82, 0.95, 1.1, 1.25]
        : rooms === 2
          ? [0.8, 0.95, 1.1, 1.25, 1.4]
          : [0.9, 1.05, 1.2, 1.38, 1.55];
  const jitter = rng.float(0.94, 1.06);
  const scored: { f: Frame; s: number }[] = [];
  const flags = [false, true];
  for (const r0 of base) {
    for (let nt = 0; nt <= Math.min(2, rooms); nt++) {
      for (let ntl = 0; ntl <= Math.min(1, rooms - nt); ntl++) {
        for (const roomLeft of flags) {
          for (const leftRoomTop of flags) {
            if (ntl === 0 && leftRoomTop) continue;
            for (const toiletTop of flags) {
              const f = buildFrame(area, kind, t, { r: r0 * jitter, nt, ntl, roomLeft, leftRoomTop, toiletTop });
              if (f) scored.push({ f, s: scoreFrame(f, kind, t) });
            }
          }
        }
      }
    }
  }
  scored.sort((a, b) => a.s - b.s);
  const first = scored[0];
  if (!first) {
    // Degenerate input (e.g. 4LDK in 15 m²): relax limits and take the first layout that fits.
    for (const r of [0.6, 0.8, 1, 1.3, 1.7]) {
      for (let nt = 0; nt <= Math.min(2, rooms); nt++) {
        const c = { r, nt, ntl: rooms > nt ? 1 : 0, roomLeft: true, leftRoomTop: false, toiletTop: false };
        const f = buildFrame(area, kind, t, c, true) ?? buildFrame(area, kind, t, { ...c, ntl: 0 }, true);
        if (f) return f;
      }
    }
    // Still impossible: draw fewer rooms rather than failing the whole listing page.
    if (rooms > 1) return chooseFrame(area, rooms - 1, kind, rng);
    throw new Error('floor plan: cannot lay out area ' + String(area));
  }
  const limit = first.s + 0.35 + first.s * 0.15;
  const good = scored.filter((x) => x.s <= limit);
  return (good[Math.floor(rng.next() * good.length)] ?? first).f;
}

/** Box of an axis-aligned strip of `depth` against `side` of `cell`, `len` long. */
function against(cell: Box, side: Side, depth: number, len: number, at: 'start' | 'end' | 'mid'): Box | null {
  const horiz = side === 'top' || side === 'bottom';
  const wallLen = horiz ? cell.w : cell.h;
  const across = horiz ? cell.h : cell.w;
  if (len > wallLen + 1e-6 || depth > across + 1e-6 || len <= 0) return null;
  const off = at === 'start' ? 0 : at === 'end' ? wallLen - len : (wallLen - len) / 2;
  if (horiz) return { x: cell.x + off, y: side === 'top' ? cell.y : cell.y + cell.h - depth, w: len, h: depth };
  return { x: side === 'left' ? cell.x : cell.x + cell.w - depth, y: cell.y + off, w: depth, h: len };
}

function placeAgainst(
  cell: Box,
  sides: readonly Side[],
  depth: number,
  lens: readonly number[],
  ats: readonly ('start' | 'end' | 'mid')[],
  obstacles: readonly Box[],
): { box: Box; side: Side } | null {
  for (const len of lens) {
    for (const side of sides) {
      for (const at of ats) {
        const box = against(cell, side, depth, len, at);
        if (box && !obstacles.some((o) => overlaps(o, box))) return { box, side };
      }
    }
  }
  return null;
}

/** Shrinks a cell by strips occupied along its walls (closets, counters) to find a clear label area. */
function clearArea(cell: Box, strips: readonly { box: Box; side: Side }[]): Box {
  let { x, y, w, h } = cell;
  for (const { box, side } of strips) {
    if (!overlaps(box, cell)) continue;
    if (side === 'top') {
      const d = box.y + box.h - y;
      if (h - d > cell.h * 0.45) {
        y += d;
        h -= d;
      }
    } else if (side === 'bottom') {
      const d = y + h - box.y;
      if (h - d > cell.h * 0.45) h -= d;
    } else if (side === 'left') {
      const d = box.x + box.w - x;
      if (w - d > cell.w * 0.45) {
        x += d;
        w -= d;
      }
    } else {
      const d = x + w - box.x;
      if (w - d > cell.w * 0.45) w -= d;
    }
  }
  return { x, y, w, h };
}

export function renderFloorPlan(input: FloorPlanInput): string {
  const rng = new Random(`${Number.isFinite(input.seed) ? input.seed : 0}|floor-plan:${input.plan}`);
  const { rooms, kind } = parsePlan(input.plan);
  const area = clamp(Number.isFinite(input.area) ? input.area : 25, 12, 200);
  const f = chooseFrame(area, rooms, kind, rng);
  const { W, D, wl, wh, ht, eh } = f;
  const cells = f.cells;
  const hasMain = kind === 'DK' || kind === 'LDK';
  const mirror = rng.chance(0.5);
  const washitsu = Array.from({ length: rooms }, () => false);
  for (const c of cells) {
    if (c.role !== 'room') continue;
    const nextToMain = c.y >= ht - 1e-6 && hasMain;
    const p = kind === 'DK' || kind === 'K' ? 0.45 : nextToMain ? 0.3 : 0.08;
    washitsu[c.room] = rng.chance(p);
  }
  const isWashitsu = (c: Cell): boolean => c.role === 'room' && washitsu[c.room] === true;

  // ---- doors -------------------------------------------------------------
  const doors: Door[] = [];
  const addDoor = (
    vertical: boolean,
    at: number,
    from: number,
    to: number,
    into: number,
    width: number,
    pos: 'start' | 'end' | 'mid',
    slide = false,
    ext = false,
  ): void => {
    const len = to - from;
    if (len < 0.45) return;
    const w = Math.min(width, Math.max(0.45, len - 0.12));
    const s0 = pos === 'start' ? from + 0.08 : pos === 'end' ? to - 0.08 - w : (from + to - w) / 2;
    const start = clamp(s0, from, to - w);
    const hinge = pos === 'end' ? start + w : start;
    const dir = pos === 'end' ? -1 : 1;
    doors.push(
      vertical ? { x: at, y: hinge, ux: 0, uy: dir, nx: into, ny: 0, w, slide, ext } : { x: hinge, y: at, ux: dir, uy: 0, nx: 0, ny: into, w, slide, ext },
    );
  };
  const endPos = (): 'start' | 'end' => (rng.chance(0.5) ? 'start' : 'end');

  addDoor(false, 0, wl, wl + wh, -1, Math.min(0.85, wh - 0.15), endPos(), false, true);
  for (const c of cells) {
    if (!needsHallDoor(f, c)) continue;
    const side = hallSide(f, c);
    const width = c.role === 'room' ? 0.78 : c.role === 'toilet' ? 0.65 : 0.7;
    addDoor(true, side < 0 ? wl : wl + wh, Math.max(c.y, eh), c.y + c.h, side, width, endPos());
  }
  const bottom = cells.filter((c) => c.y >= ht - 1e-6);
  const main = cells.find((c) => c.role === 'main');
  if (main) {
    addDoor(false, ht, wl, wl + wh, 1, Math.min(0.8, wh - 0.15), 'mid');
    for (const c of bottom) {
      if (c.role !== 'room') continue;
      const left = c.x < main.x;
      const wa = isWashitsu(c);
      addDoor(true, left ? c.x + c.w : c.x, ht, D, left ? -1 : 1, wa ? Math.min(1.7, (D - ht) * 0.6) : 0.78, 'start', wa);
    }
  } else if (kind !== 'R') {
    for (const c of bottom) {
      const lo = Math.max(c.x, wl);
      const hi = Math.min(c.x + c.w, wl + wh);
      if (hi - lo >= 0.6) {
        addDoor(false, ht, lo, hi, 1, 0.8, 'mid');
      } else {
        const other = bottom.find((o) => o !== c);
        if (!other) continue;
        const at = other.x > c.x ? c.x + c.w : c.x;
        addDoor(true, at, ht + 0.1, D - 0.1, other.x > c.x ? -1 : 1, Math.min(1.7, (D - ht) * 0.6), 'start', true);
      }
    }
  }
  for (const c of cells) {
    if (c.role !== 'bath' && c.role !== 'store') continue;
    const nextTo = cells.find((o) => (o.role === 'wash' || (c.role === 'store' && o.role === 'toilet')) && touching(c, o));
    if (!nextTo) continue;
    const slide = c.role === 'store';
    if (near(c.x + c.w, nextTo.x)) {
      const lo = Math.max(c.y, nextTo.y);
      const hi = Math.min(c.y + c.h, nextTo.y + nextTo.h);
      addDoor(true, c.x + c.w, lo, hi, -1, slide ? 0.8 : 0.65, slide ? 'mid' : endPos(), slide);
    } else {
      const lo = Math.max(c.x, nextTo.x);
      const hi = Math.min(c.x + c.w, nextTo.x + nextTo.w);
      const below = c.y > nextTo.y;
      addDoor(false, below ? c.y : c.y + c.h, lo, hi, below ? 1 : -1, slide ? 0.8 : 0.65, slide ? 'mid' : 'end', slide);
    }
  }
  const doorBoxes = doors.map((d): Box => {
    const back = d.slide ? 0.4 : DOOR_SWING_CLEAR;
    const fwd = d.slide ? 0.4 : d.w;
    const xs = [d.x - d.nx * back, d.x + d.nx * fwd, d.x + d.ux * d.w - d.nx * back, d.x + d.ux * d.w + d.nx * fwd];
    const ys = [d.y - d.ny * back, d.y + d.ny * fwd, d.y + d.uy * d.w - d.ny * back, d.y + d.uy * d.w + d.ny * fwd];
    const x = Math.min(...xs);
    const y = Math.min(...ys);
    return { x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y };
  });

  // 1R has no door at the end of the kitchen corridor; keep that opening clear all the same.
  if (kind === 'R') doorBoxes.push({ x: wl, y: ht - 0.05, w: wh, h: 0.95 });

  // ---- closets, kitchen and sanitary fixtures ------------------------------
  const fixtures: Fixture[] = [];
  const closets = new Map<Cell, { box: Box; side: Side }>();
  const obstacles = (): Box[] => [...doorBoxes, ...fixtures, ...[...closets.values()].map((c) => c.box)];
  const isExterior = (c: Box, side: Side): boolean =>
    side === 'top' ? near(c.y, 0) : side === 'bottom' ? near(c.y + c.h, D) : side === 'left' ? near(c.x, 0) : near(c.x + c.w, W);
  const opposite: Record<Side, Side> = { top: 'bottom', bottom: 'top', left: 'right', right: 'left' };

  for (const c of cells) {
    if (c.role !== 'room') continue;
    const wa = isWashitsu(c);
    const depth = wa ? 0.8 : 0.6;
    const doorSide = (['left', 'right', 'top', 'bottom'] as const).find((s) =>
      doors.some((d) =>
        s === 'left' || s === 'right'
          ? d.ux === 0 && near(d.x, s === 'left' ? c.x : c.x + c.w) && d.y >= c.y - 1e-6 && d.y <= c.y + c.h + 1e-6
          : d.uy === 0 && near(d.y, s === 'top' ? c.y : c.y + c.h) && d.x >= c.x - 1e-6 && d.x <= c.x + c.w + 1e-6,
      ),
    );
    // Prefer the wall opposite the door, then interior walls, never the balcony wall.
    const rank = (s: Side): number => {
      if (doorSide && s === opposite[doorSide]) return 0;
      if (s === doorSide) return 3;
      return isExterior(c, s) ? 2 : 1;
    };
    const all: Side[] = ['top', 'right', 'left', 'bottom'];
    const sides = all
      .filter((s) => !(s === 'bottom' && near(c.y + c.h, D)))
      .filter((s) => (s === 'top' || s === 'bottom' ? c.h : c.w) >= depth + 1.9)
      .sort((a, b) => rank(a) - rank(b));
    const longSide = Math.max(c.w, c.h);
    const lens = [wa ? 1.75 : rng.pick([1.8, 2.4, 1.2] as const), 1.2, 0.9].filter((l) => l <= longSide - 0.5);
    const placed = placeAgainst(c, sides, depth, lens, rng.chance(0.5) ? ['end', 'start'] : ['start', 'end'], obstacles());
    if (placed) closets.set(c, placed);
  }

  const counterStrips = new Map<Cell, { box: Box; side: Side }>();
  const addCounter = (host: Cell, area0: Box, sides: Side[], lens: number[], ats: ('start' | 'end' | 'mid')[]): void => {
    const placed = placeAgainst(area0, sides, 0.65, lens, ats, obstacles());
    if (!placed) return;
    fixtures.push({ ...placed.box, kind: 'counter', side: placed.side });
    counterStrips.set(host, placed);
    // Fridge slot next to the counter, on the same wall.
    const b = placed.box;
    const horiz = placed.side === 'top' || placed.side === 'bottom';
    const tries: Box[] = horiz
      ? [
          { x: b.x + b.w + 0.05, y: b.y, w: 0.65, h: 0.65 },
          { x: b.x - 0.7, y: b.y, w: 0.65, h: 0.65 },
        ]
      : [
          { x: b.x, y: b.y + b.h + 0.05, w: 0.65, h: 0.65 },
          { x: b.x, y: b.y - 0.7, w: 0.65, h: 0.65 },
        ];
    const fr = tries.find(
      (t) =>
        t.x >= area0.x - 1e-6 &&
        t.y >= area0.y - 1e-6 &&
        t.x + t.w <= area0.x + area0.w + 1e-6 &&
        t.y + t.h <= area0.y + area0.h + 1e-6 &&
        !obstacles().some((o) => overlaps(o, t)),
    );
    if (fr) fixtures.push({ ...fr, kind: 'fridge', side: placed.side });
  };
  const hall = cells.find((c) => c.role === 'hall');
  if (main) {
    const big = kind === 'LDK';
    addCounter(main, main, rng.chance(0.75) ? ['top', 'left', 'right'] : ['left', 'right', 'top'], big ? [2.55, 2.1, 1.8, 1.5] : [2.1, 1.8, 1.5], [
      'end',
      'start',
      'mid',
    ]);
  } else if (hall) {
    const lower: Box = { x: hall.x, y: eh, w: hall.w, h: hall.h - eh };
    addCounter(hall, lower, f.wr < 0.01 ? ['right', 'left'] : ['left', 'right'], [2.4, 1.8, 1.5, 1.2, 0.9, 0.75], ['mid', 'start', 'end']);
    // No free wall in the corridor: use a kitchen corner in the room at the end of it.
    for (const c of bottom) {
      if (counterStrips.has(hall) || counterStrips.has(c)) break;
      addCounter(c, c, ['top'], [1.8, 1.5, 1.2], ['start', 'end']);
    }
  }
  if (hall) {
    const genkan: Box = { x: hall.x, y: 0, w: hall.w, h: eh };
    const placed = placeAgainst(genkan, rng.chance(0.5) ? ['left', 'right'] : ['right', 'left'], 0.35, [Math.min(1.1, eh - 0.15)], ['end'], obstacles());
    if (placed) fixtures.push({ ...placed.box, kind: 'shoes', side: placed.side });
  }
  const fixtureStrips = new Map<Cell, { box: Box; side: Side }[]>();
  const addFixture = (host: Cell, kindF: Fixture['kind'], placed: { box: Box; side: Side } | null): void => {
    if (!placed) return;
    fixtures.push({ ...placed.box, kind: kindF, side: placed.side });
    fixtureStrips.set(host, [...(fixtureStrips.get(host) ?? []), placed]);
  };
  const allSides: Side[] = ['left', 'top', 'right', 'bottom'];
  for (const c of cells) {
    if (c.role === 'bath') {
      const inner = { x: c.x + 0.08, y: c.y + 0.08, w: c.w - 0.16, h: c.h - 0.16 };
      tub: for (const share of [0.48, 0.4]) {
        for (const side of allSides) {
          const horiz = side === 'top' || side === 'bottom';
          const len = Math.min(horiz ? inner.w : inner.h, 1.8);
          const depth = Math.min((horiz ? inner.h : inner.w) * share, 0.9);
          const box = against(inner, side, depth, len, 'mid');
          if (box && len > depth && !obstacles().some((o) => overlaps(o, box))) {
            addFixture(c, 'tub', { box, side });
            break tub;
          }
        }
      }
    } else if (c.role === 'wash') {
      addFixture(c, 'basin', placeAgainst(c, allSides, 0.5, [0.75, 0.6], ['start', 'end', 'mid'], obstacles()));
      addFixture(c, 'washer', placeAgainst(c, allSides, 0.64, [0.64], ['end', 'start', 'mid'], obstacles()));
    } else if (c.role === 'toilet') {
      addFixture(c, 'wc', placeAgainst(c, allSides, 0.7, [0.45], ['mid'], obstacles()));
    }
  }

  // ---- windows ---------------------------------------------------------------
  const windows: Seg[] = [];
  const corner = rng.chance(0.4) ? (rng.chance(0.5) ? 'left' : 'right') : undefined;
  for (const c of cells) {
    if (c.role !== 'room' && c.role !== 'main' && c.role !== 'bath') continue;
    const closetSide = closets.get(c)?.side;
    const wide = c.role === 'main';
    const addWin = (side: Side, width: number): void => {
      if (closetSide === side && c.role !== 'main') return;
      const horiz = side === 'top' || side === 'bottom';
      const mid = horiz ? c.x + c.w / 2 : c.y + c.h / 2;
      const at = side === 'top' ? c.y : side === 'bottom' ? c.y + c.h : side === 'left' ? c.x : c.x + c.w;
      windows.push({ vertical: !horiz, at, from: mid - width / 2, to: mid + width / 2 });
    };
    if (c.role === 'bath') {
      if (near(c.y, 0)) addWin('top', 0.5);
      continue;
    }
    if (near(c.y + c.h, D)) addWin('bottom', clamp(c.w * 0.62, 0.8, wide ? 2.8 : 1.9));
    if (near(c.y, 0)) addWin('top', clamp(c.w * 0.45, 0.6, 1.6));
    if (corner && isExterior(c, corner) && !counterStrips.has(c)) addWin(corner, clamp(c.h * 0.4, 0.6, 1.5));
  }

  // ---- projection to pixels --------------------------------------------------
  const balc = clamp(area / 60, 0.95, 1.5) * rng.float(0.9, 1.1);
  const topPad = 0.95; // room for the outward-opening front door
  const boxW = 398;
  const boxH = 314;
  const s = Math.min(46, boxW / (W + 0.3), boxH / (D + balc + topPad + 0.2));
  const ox = 14 + (boxW - W * s) / 2;
  const oy = 12 + (boxH - (D + balc + topPad) * s) / 2 + topPad * s;
  const X = (x: number): number => ox + s * (mirror ? W - x : x);
  const Y = (y: number): number => oy + s * y;
  const P = (b: Box): { x: number; y: number; w: number; h: number } => ({
    x: X(mirror ? b.x + b.w : b.x),
    y: Y(b.y),
    w: b.w * s,
    h: b.h * s,
  });
  const rect = (b: Box, attrs: string): string => {
    const p = P(b);
    return `<rect x="${fmt(p.x)}" y="${fmt(p.y)}" width="${fmt(p.w)}" height="${fmt(p.h)}" ${attrs}/>`;
  };
  const fillOf = (c: Cell): string => (isWashitsu(c) ? FILL.washitsu : FILL[c.role]);
  const cellAt = (x: number, y: number): Cell | undefined => cells.find((c) => x > c.x && x < c.x + c.w && y > c.y && y < c.y + c.h);

  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SVG_W} ${SVG_H}" width="${SVG_W}" height="${SVG_H}" font-family="${escapeXml(FONT)}">`);
  out.push(
    '<style>text{text-anchor:middle;fill:#333}.h{paint-order:stroke;stroke:#fff;stroke-width:2.4px;stroke-linejoin:round}' +
      '.c{stroke:#555;stroke-width:2.2}.d{fill:none;stroke:#777;stroke-width:.8}.l{stroke:#555;stroke-width:1.2}' +
      '.f{fill:#fff;stroke:#888;stroke-width:.8}.k{fill:#f4f1ea;stroke:#777;stroke-width:.8}</style>',
  );
  out.push(`<rect width="${SVG_W}" height="${SVG_H}" fill="#fff"/>`);

  // Balcony outside the balcony-side wall.
  out.push(rect({ x: 0, y: D, w: W, h: balc }, 'fill="#eef0f2" stroke="#888" stroke-width="1"'));
  out.push(rect({ x: 0.1, y: D + balc - 0.14, w: W - 0.2, h: 0.08 }, 'fill="none" stroke="#999" stroke-width=".7"'));

  for (const c of cells) out.push(rect(c, `fill="${fillOf(c)}" class="c"`));
  if (hall) out.push(rect({ x: hall.x, y: 0, w: hall.w, h: eh }, `fill="${FILL.genkan}"`));
  if (hall) {
    const y = fmt(Y(eh));
    out.push(`<path d="M${fmt(X(hall.x))} ${y}H${fmt(X(hall.x + hall.w))}" stroke="#888" stroke-width="1"/>`);
  }

  // Tatami grid for 和室 (approximate 0.9 m module).
  for (const c of cells) {
    if (!isWashitsu(c)) continue;
    const a = clearArea(c, [...(closets.has(c) ? [closets.get(c) as { box: Box; side: Side }] : [])]);
    const vertical = a.w >= a.h;
    const span = vertical ? a.w : a.h;
    const n = Math.max(2, Math.round(span / 0.9));
    let d = '';
    for (let i = 1; i < n; i++) {
      const v = (vertical ? a.x : a.y) + (span * i) / n;
      d += vertical ? `M${fmt(X(v))} ${fmt(Y(a.y))}V${fmt(Y(a.y + a.h))}` : `M${fmt(X(a.x))} ${fmt(Y(v))}H${fmt(X(a.x + a.w))}`;
    }
    d += vertical ? `M${fmt(X(a.x))} ${fmt(Y(a.y + a.h / 2))}H${fmt(X(a.x + a.w))}` : `M${fmt(X(a.x + a.w / 2))} ${fmt(Y(a.y))}V${fmt(Y(a.y + a.h))}`;
    out.push(`<path d="${d}" stroke="#c3cb9a" stroke-width=".8" fill="none"/>`);
  }

  for (const { box } of closets.values()) out.push(rect(box, `fill="${FILL.closet}" class="l"`));
  for (const fx of fixtures) out.push(drawFixture(fx));

  out.push(rect({ x: 0, y: 0, w: W, h: D }, 'fill="none" stroke="#333" stroke-width="6"'));

  // 1R: the kitchen corridor opens straight into the room.
  if (kind === 'R' && hall) {
    const room = bottom[0];
    const t = 3.5 / s;
    out.push(rect({ x: wl + t / 2, y: ht - t / 2, w: wh - t, h: t }, `fill="${room ? fillOf(room) : FILL.room}"`));
  }

  for (const d of doors) {
    const thick = (d.ext ? 8 : 3.8) / s;
    const x1 = d.x + d.ux * d.w;
    const y1 = d.y + d.uy * d.w;
    const gap: Box =
      d.ux === 0 ? { x: d.x - thick / 2, y: Math.min(d.y, y1), w: thick, h: d.w } : { x: Math.min(d.x, x1), y: d.y - thick / 2, w: d.w, h: thick };
    const into = cellAt(d.x + d.nx * 0.2 + (d.ux * d.w) / 2, d.y + d.ny * 0.2 + (d.uy * d.w) / 2);
    out.push(rect(gap, `fill="${into ? fillOf(into) : '#fff'}"`));
    const hx = X(d.x);
    const hy = Y(d.y);
    const ux = (mirror ? -d.ux : d.ux) * d.w * s;
    const uy = d.uy * d.w * s;
    const nx = (mirror ? -d.nx : d.nx) * d.w * s;
    const ny = d.ny * d.w * s;
    if (d.slide) {
      // Two offset panels (引き戸 / 襖).
      const ox2 = (mirror ? -d.nx : d.nx) * 1.4;
      const oy2 = d.ny * 1.4;
      out.push(
        `<path d="M${fmt(hx + ox2)} ${fmt(hy + oy2)}l${fmt(ux * 0.55)} ${fmt(uy * 0.55)}M${fmt(hx + ux * 0.45 - ox2)} ${fmt(hy + uy * 0.45 - oy2)}l${fmt(ux * 0.55)} ${fmt(uy * 0.55)}" stroke="#555" stroke-width="1.6"/>`,
      );
    } else {
      const sweep = nx * uy - ny * ux > 0 ? 1 : 0;
      const r = fmt(d.w * s);
      out.push(
        `<path d="M${fmt(hx)} ${fmt(hy)}l${fmt(nx)} ${fmt(ny)}" class="l"/><path d="M${fmt(hx + nx)} ${fmt(hy + ny)}A${r} ${r} 0 0 ${sweep} ${fmt(hx + ux)} ${fmt(hy + uy)}" class="d"/>`,
      );
    }
  }

  for (const w of windows) {
    const t = 6.5 / s;
    const b: Box = w.vertical ? { x: w.at - t / 2, y: w.from, w: t, h: w.to - w.from } : { x: w.from, y: w.at - t / 2, w: w.to - w.from, h: t };
    out.push(rect(b, 'fill="#fff" stroke="#444" stroke-width=".8"'));
    const p = P(b);
    out.push(
      w.vertical
        ? `<path d="M${fmt(p.x + p.w / 2)} ${fmt(p.y)}v${fmt(p.h)}" stroke="#444" stroke-width=".8"/>`
        : `<path d="M${fmt(p.x)} ${fmt(p.y + p.h / 2)}h${fmt(p.w)}" stroke="#444" stroke-width=".8"/>`,
    );
  }

  // ---- labels ---------------------------------------------------------------
  const labels: Label[] = [];
  const bigFont = clamp(s * 0.36, 9, 12.5);
  const smallFont = clamp(s * 0.28, 7.5, 10);
  const addLabel = (b: Box, lines: string[], size: number): void => {
    const p = P(b);
    labels.push({ x: p.x + p.w / 2, y: p.y + p.h / 2, lines, size, maxW: Math.max(p.w - 4, 8) });
  };
  const tatami = (m2: number): string => (Math.floor((m2 / TATAMI_M2) * 10) / 10).toFixed(1) + '帖';
  for (const c of cells) {
    const closet = closets.get(c);
    const strips = [
      ...(closet ? [closet] : []),
      ...(counterStrips.has(c) ? [counterStrips.get(c) as { box: Box; side: Side }] : []),
      ...(fixtureStrips.get(c) ?? []),
    ];
    const clear = clearArea(c, strips);
    if (c.role === 'room') {
      const net = c.w * c.h - (closet ? closet.box.w * closet.box.h : 0);
      addLabel(clear, [isWashitsu(c) ? '和室' : '洋室', tatami(net)], bigFont);
      if (closet) addLabel(closet.box, [isWashitsu(c) ? '押入' : 'CL'], smallFont * 0.9);
    } else if (c.role === 'main') {
      addLabel(clear, [kind === 'LDK' ? 'LDK' : 'DK', tatami(c.w * c.h)], bigFont * 1.05);
    } else if (c.role === 'hall') {
      const genkan = clearArea(
        { x: c.x, y: 0, w: c.w, h: eh },
        fixtures.filter((x) => x.kind === 'shoes').map((x) => ({ box: x, side: x.side })),
      );
      addLabel(genkan, ['玄関'], smallFont);
      if (kind === 'K') addLabel(clearArea({ x: c.x, y: eh, w: c.w, h: c.h - eh }, strips), ['K'], bigFont);
    } else {
      const name = c.role === 'bath' ? '浴室' : c.role === 'wash' ? '洗面所' : c.role === 'toilet' ? 'トイレ' : '収納';
      addLabel(clear, [name], smallFont);
    }
  }
  addLabel({ x: 0, y: D + 0.1, w: W, h: balc - 0.1 }, ['バルコニー'], smallFont);
  for (const l of labels) {
    const widest = Math.max(...l.lines.map(textEms));
    const size = Math.max(6.5, Math.min(l.size, l.maxW / widest));
    const lh = size * 1.15;
    l.lines.forEach((line, i) => {
      const y = l.y + (i - (l.lines.length - 1) / 2) * lh + size * 0.36;
      out.push(`<text x="${fmt(l.x)}" y="${fmt(y)}" font-size="${fmt(size)}" class="h">${escapeXml(line)}</text>`);
    });
  }

  // ---- north arrow, caption, scale -------------------------------------------------
  const aspect = input.aspect.trim();
  const known = Object.hasOwn(BEARINGS, aspect);
  const bearing = known ? BEARINGS[aspect]! : 180;
  // Balcony is drawn at the bottom, so north sits at (180 - bearing) degrees clockwise from up.
  const rot = (((180 - bearing) % 360) + 360) % 360;
  const cx = 444;
  const cy = 46;
  const rad = (rot * Math.PI) / 180;
  out.push(
    `<g transform="translate(${cx} ${cy})"><circle r="19" fill="#fff" stroke="#666" stroke-width="1.2"/>` +
      `<g transform="rotate(${rot})"><path d="M0 -16L5 0H-5Z" fill="#c0392b"/><path d="M0 16L5 0H-5Z" fill="#fff" stroke="#555" stroke-width=".8"/></g></g>`,
  );
  out.push(`<text x="${fmt(cx + Math.sin(rad) * 27)}" y="${fmt(cy - Math.cos(rad) * 27 + 4)}" font-size="11" font-weight="bold">N</text>`);
  out.push(`<text x="${cx}" y="${cy + 52}" font-size="9" fill="#666">方位</text>`);

  const areaText = Number.isFinite(input.area) ? String(Math.round(input.area * 100) / 100) : '-';
  const aspectText = known ? aspect : '南';
  out.push(
    `<text x="16" y="349" font-size="15" font-weight="bold" style="text-anchor:start">${escapeXml(`${input.plan} ${areaText}㎡`)}` +
      `<tspan dx="10" font-size="11" font-weight="normal" fill="#666">${escapeXml(`バルコニー${aspectText}向き`)}</tspan></text>`,
  );
  const bar = 2 * s;
  out.push(
    `<path d="M${fmt(468 - bar)} 340v5h${fmt(bar)}v-5M${fmt(468 - bar / 2)} 342v3" fill="none" stroke="#666" stroke-width="1"/>` +
      `<text x="${fmt(468 - bar / 2)}" y="336" font-size="8" fill="#666">2m</text>`,
  );
  out.push('</svg>');
  return out.join('');

  function drawFixture(fx: Fixture): string {
    const p = P(fx);
    const cxp = p.x + p.w / 2;
    const cyp = p.y + p.h / 2;
    switch (fx.kind) {
      case 'counter': {
        const horiz = p.w >= p.h;
        const len = horiz ? p.w : p.h;
        const sink = horiz
          ? `<rect x="${fmt(p.x + len * 0.18)}" y="${fmt(p.y + p.h * 0.2)}" width="${fmt(len * 0.24)}" height="${fmt(p.h * 0.6)}" rx="2" class="f"/>`
          : `<rect x="${fmt(p.x + p.w * 0.2)}" y="${fmt(p.y + len * 0.18)}" width="${fmt(p.w * 0.6)}" height="${fmt(len * 0.24)}" rx="2" class="f"/>`;
        const r = fmt(Math.min(p.w, p.h) * 0.16);
        const c1 = horiz ? [p.x + len * 0.66, cyp] : [cxp, p.y + len * 0.66];
        const c2 = horiz ? [p.x + len * 0.82, cyp] : [cxp, p.y + len * 0.82];
        return (
          `<rect x="${fmt(p.x)}" y="${fmt(p.y)}" width="${fmt(p.w)}" height="${fmt(p.h)}" class="k"/>` +
          sink +
          `<circle cx="${fmt(c1[0] ?? 0)}" cy="${fmt(c1[1] ?? 0)}" r="${r}" class="d"/><circle cx="${fmt(c2[0] ?? 0)}" cy="${fmt(c2[1] ?? 0)}" r="${r}" class="d"/>`
        );
      }
      case 'fridge':
      case 'washer': {
        const ch = fx.kind === 'fridge' ? '冷' : '洗';
        const fs = fmt(Math.min(p.w, p.h) * 0.55);
        return `<rect x="${fmt(p.x + 1)}" y="${fmt(p.y + 1)}" width="${fmt(p.w - 2)}" height="${fmt(p.h - 2)}" fill="#fff" stroke="#999" stroke-width=".7" stroke-dasharray="2 1.5"/><text x="${fmt(cxp)}" y="${fmt(cyp + Number(fs) * 0.36)}" font-size="${fs}" fill="#999">${ch}</text>`;
      }
      case 'tub':
        return `<rect x="${fmt(p.x)}" y="${fmt(p.y)}" width="${fmt(p.w)}" height="${fmt(p.h)}" rx="${fmt(Math.min(p.w, p.h) * 0.25)}" class="f"/>`;
      case 'basin':
        return `<rect x="${fmt(p.x)}" y="${fmt(p.y)}" width="${fmt(p.w)}" height="${fmt(p.h)}" class="k"/><ellipse cx="${fmt(cxp)}" cy="${fmt(cyp)}" rx="${fmt(p.w * 0.3)}" ry="${fmt(p.h * 0.3)}" class="f"/>`;
      case 'wc': {
        const vertical = fx.side === 'top' || fx.side === 'bottom';
        const tank = 0.18 * s;
        const tb: Box = vertical
          ? { x: p.x, y: fx.side === 'top' ? p.y : p.y + p.h - tank, w: p.w, h: tank }
          : { x: fx.side === 'left' ? p.x : p.x + p.w - tank, y: p.y, w: tank, h: p.h };
        const bx = vertical ? cxp : fx.side === 'left' ? p.x + tank + (p.w - tank) / 2 : p.x + (p.w - tank) / 2;
        const by = vertical ? (fx.side === 'top' ? p.y + tank + (p.h - tank) / 2 : p.y + (p.h - tank) / 2) : cyp;
        const rx = vertical ? p.w * 0.42 : (p.w - tank) * 0.45;
        const ry = vertical ? (p.h - tank) * 0.45 : p.h * 0.42;
        return `<rect x="${fmt(tb.x)}" y="${fmt(tb.y)}" width="${fmt(tb.w)}" height="${fmt(tb.h)}" class="k"/><ellipse cx="${fmt(bx)}" cy="${fmt(by)}" rx="${fmt(rx)}" ry="${fmt(ry)}" class="f"/>`;
      }
      case 'shoes':
        return `<rect x="${fmt(p.x)}" y="${fmt(p.y)}" width="${fmt(p.w)}" height="${fmt(p.h)}" class="k"/>`;
    }
  }
}

function touching(a: Box, b: Box): boolean {
  const vert = (near(a.x + a.w, b.x) || near(b.x + b.w, a.x)) && Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y) > 0.3;
  const horiz = (near(a.y + a.h, b.y) || near(b.y + b.h, a.y)) && Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x) > 0.3;
  return vert || horiz;
}
