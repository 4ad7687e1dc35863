import { badRequest } from '@sumika/server-kit';
import { fromMercator, hexCorners, hexSize, toMercator } from '@sumika/spec';

export { hexSize };

/**
 * GeoHex v3: hexagonal cells over the spherical Mercator plane, the cell system Japanese map
 * portals use. A code is two letters (the first three ternary digit pairs) followed by one
 * base-9 digit per further level, so its length is level + 2 (level 7: 'XM4885487').
 */
export interface Zone {
  code: string;
  lat: number;
  lng: number;
  level: number;
  /** Hex grid coordinates of the cell at its level. */
  x: number;
  y: number;
}

export const MIN_LEVEL = 0;
export const MAX_LEVEL = 15;
export const MAX_CELLS_IN_BOX = 2000;

const H_KEY = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const H_DEG = Math.PI / 6;
const H_K = Math.tan(H_DEG);

/** Zone code of the cell holding the point at the level (0..15). */
export function encode(lat: number, lng: number, level: number): string {
  checkLevel(level);
  checkPoint(lat, lng);
  const { x, y } = xyOfLocation(lat, lng, level);
  return zoneOfXY(x, y, level).code;
}

/** The cell of a code, with its centre (BAD_REQUEST for a malformed code). */
export function decode(code: string): Zone {
  if (typeof code !== 'string' || !/^[A-Za-z]{2}[0-8]*$/.test(code) || code.length - 2 > MAX_LEVEL) throw invalidCode();
  const level = code.length - 2;
  const xy = xyOfCode(code, level);
  if (!xy) throw invalidCode();
  // Antimeridian aliases decode to their cell, which carries the canonical code.
  return zoneOfXY(xy.x, xy.y, level);
}

/** The six corners of the cell, counter-clockwise from the west corner. */
export function polygon(code: string): { lat: number; lng: number }[] {
  const zone = decode(code);
  return hexCorners(zone, zone.level);
}

/** Codes of every cell at the level that overlaps the box (at most 2000, else BAD_REQUEST). */
export function cellsInBox(south: number, west: number, north: number, east: number, level: number): string[] {
  checkLevel(level);
  for (const [lat, lng] of [
    [south, west],
    [north, east],
  ] as const)
    checkPoint(lat, lng);
  if (south > north || west > east) throw badRequest('地図の表示範囲が正しくありません。');
  const size = hexSize(level);
  const sw = toMercator(south, west);
  const ne = toMercator(north, east);
  // A hexagon is 6√3·size² in area; refuse before walking a huge grid.
  const estimate = ((ne.x - sw.x + 4 * size) * (ne.y - sw.y + 2 * Math.sqrt(3) * size)) / (6 * Math.sqrt(3) * size * size);
  if (estimate > MAX_CELLS_IN_BOX * 2) throw tooManyCells();

  const unitX = 6 * size;
  const unitY = unitX * H_K;
  const corners = [sw, ne, { x: sw.x, y: ne.y }, { x: ne.x, y: sw.y }].map((p) => ({
    gx: (p.x + p.y / H_K) / unitX,
    gy: (p.y - H_K * p.x) / unitY,
  }));
  const minX = Math.floor(Math.min(...corners.map((c) => c.gx))) - 1;
  const maxX = Math.ceil(Math.max(...corners.map((c) => c.gx))) + 1;
  const minY = Math.floor(Math.min(...corners.map((c) => c.gy))) - 1;
  const maxY = Math.ceil(Math.max(...corners.map((c) => c.gy))) + 1;
  const halfHeight = Math.sqrt(3) * size;

  const codes = new Set<string>();
  for (let hx = minX; hx <= maxX; hx++) {
    for (let hy = minY; hy <= maxY; hy++) {
      const cy = (H_K * hx * unitX + hy * unitY) / 2;
      const cx = (cy - hy * unitY) / H_K;
      if (!hexMeetsBox(cx, cy, size, halfHeight, sw, ne)) continue;
      const inner = adjustXY(hx, hy, level);
      codes.add(zoneOfXY(inner.x, inner.y, level).code);
      if (codes.size > MAX_CELLS_IN_BOX) throw tooManyCells();
    }
  }
  return [...codes];
}

// ---- the GeoHex v3 algorithm ----------------------------------------------------------------

function xyOfLocation(lat: number, lng: number, level: number): { x: number; y: number } {
  const size = hexSize(level);
  const p = toMercator(lat, lng);
  const unitX = 6 * size;
  const unitY = 6 * size * H_K;
  const posX = (p.x + p.y / H_K) / unitX;
  const posY = (p.y - H_K * p.x) / unitY;
  const x0 = Math.floor(posX);
  const y0 = Math.floor(posY);
  const qx = posX - x0;
  const qy = posY - y0;
  let x = Math.round(posX);
  let y = Math.round(posY);
  // Inside the unit rhombus, pick the lattice corner whose hexagon holds the point.
  if (qy > -qx + 1) {
    if (qy < 2 * qx && qy > 0.5 * qx) {
      x = x0 + 1;
      y = y0 + 1;
    }
  } else if (qy < -qx + 1) {
    if (qy > 2 * qx - 1 && qy < 0.5 * qx + 0.5) {
      x = x0;
      y = y0;
    }
  }
  return adjustXY(x, y, level);
}

/** Folds coordinates that ran past the antimeridian back into the canonical range. */
function adjustXY(x: number, y: number, level: number): { x: number; y: number } {
  const maxSteps = 3 ** (level + 2);
  const steps = Math.abs(x - y);
  if (steps === maxSteps && x > y) return { x: y, y: x };
  if (steps > maxSteps) {
    const dif = steps - maxSteps;
    const difX = Math.floor(dif / 2);
    const difY = dif - difX;
    if (x > y) {
      const edgeX = y + difY;
      const edgeY = x - difX;
      return { x: edgeX + difX, y: edgeY - difY };
    }
    if (y > x) {
      const edgeX = y - difY;
      const edgeY = x + difX;
      return { x: edgeX - difX, y: edgeY + difY };
    }
  }
  return { x, y };
}

function zoneOfXY(x: number, y: number, level: number): Zone {
  const size = hexSize(level);
  const unitX = 6 * size;
  const unitY = 6 * size * H_K;
  const mercY = (H_K * x * unitX + y * unitY) / 2;
  const mercX = (mercY - y * unitY) / H_K;
  const centre = fromMercator(mercX, mercY);
  let lng = centre.lng;

  let hx = x;
  let hy = y;
  if (Math.abs(hx - hy) === 3 ** (level + 2)) {
    // Cells on the antimeridian are named from their western side.
    if (hx > hy) [hx, hy] = [hy, hx];
    lng = -180;
  }

  const digitsX: number[] = [];
  const digitsY: number[] = [];
  let modX = hx;
  let modY = hy;
  for (let i = 0; i <= level + 2; i++) {
    const pow = 3 ** (level + 2 - i);
    const half = Math.ceil(pow / 2);
    if (modX >= half) {
      digitsX[i] = 2;
      modX -= pow;
    } else if (modX <= -half) {
      digitsX[i] = 0;
      modX += pow;
    } else {
      digitsX[i] = 1;
    }
    if (modY >= half) {
      digitsY[i] = 2;
      modY -= pow;
    } else if (modY <= -half) {
      digitsY[i] = 0;
      modY += pow;
    } else {
      digitsY[i] = 1;
    }
    // Two top-level cells are split by the antimeridian; GeoHex names their eastern halves alike.
    if (i === 2 && (lng === -180 || lng >= 0)) {
      if (digitsX[0] === 2 && digitsY[0] === 1 && digitsX[1] === digitsY[1] && digitsX[2] === digitsY[2]) {
        digitsX[0] = 1;
        digitsY[0] = 2;
      } else if (digitsX[0] === 1 && digitsY[0] === 0 && digitsX[1] === digitsY[1] && digitsX[2] === digitsY[2]) {
        digitsX[0] = 0;
        digitsY[0] = 1;
      }
    }
  }

  let digits = '';
  for (let i = 0; i < digitsX.length; i++) digits += String(digitsX[i]! * 3 + digitsY[i]!);
  const head = Number(digits.slice(0, 3));
  const code = H_KEY.charAt(Math.floor(head / 30)) + H_KEY.charAt(head % 30) + digits.slice(3);
  return { code, lat: centre.lat, lng, level, x, y };
}

/** Grid coordinates of a code, or null when its letters do not spell three base-9 digits. */
function xyOfCode(code: string, level: number): { x: number; y: number } | null {
  const a1 = H_KEY.indexOf(code.charAt(0));
  const a2 = H_KEY.indexOf(code.charAt(1));
  if (a1 < 0 || a2 < 0 || a2 >= 30) return null;
  let dec9 = String(a1 * 30 + a2).padStart(3, '0') + code.slice(2);
  if (dec9.length !== level + 3 || /[9]/.test(dec9)) return null;
  // The antimeridian aliases of two top-level cells (see zoneOfXY) decode to their canonical cell.
  if (/[15]/.test(dec9.charAt(0)) && /[^125]/.test(dec9.charAt(1)) && /[^125]/.test(dec9.charAt(2))) {
    dec9 = (dec9.charAt(0) === '5' ? '7' : '3') + dec9.slice(1);
  }
  let x = 0;
  let y = 0;
  for (let i = 0; i <= level + 2; i++) {
    const d = Number(dec9.charAt(i));
    const pow = 3 ** (level + 2 - i);
    const dx = Math.floor(d / 3);
    const dy = d % 3;
    x += (dx - 1) * pow;
    y += (dy - 1) * pow;
  }
  return adjustXY(x, y, level);
}

/** Whether a flat-topped hexagon (circumradius 2·size) centred at (cx, cy) overlaps the box. */
function hexMeetsBox(cx: number, cy: number, size: number, halfHeight: number, sw: { x: number; y: number }, ne: { x: number; y: number }): boolean {
  if (cx + 2 * size < sw.x || cx - 2 * size > ne.x || cy + halfHeight < sw.y || cy - halfHeight > ne.y) return false;
  // Beyond the bounding boxes only the four slanted sides can separate: test the box corner nearest the centre.
  const px = Math.min(Math.max(cx, sw.x), ne.x) - cx;
  const py = Math.min(Math.max(cy, sw.y), ne.y) - cy;
  // Inside the hexagon iff |py| ≤ √3·(2·size − |px|) (and the bounding-box test above).
  return Math.abs(py) <= Math.sqrt(3) * (2 * size - Math.abs(px)) + 1e-9 * size;
}

function checkLevel(level: number): void {
  if (!Number.isInteger(level) || level < MIN_LEVEL || level > MAX_LEVEL) {
    throw badRequest(`GeoHexのレベルは${MIN_LEVEL}〜${MAX_LEVEL}で指定してください。`);
  }
}

function checkPoint(lat: number, lng: number): void {
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) >= 90 || Math.abs(lng) > 180) {
    throw badRequest('緯度・経度が正しくありません。');
  }
}

const invalidCode = (): Error => badRequest('GeoHexコードが正しくありません。');
const tooManyCells = (): Error => badRequest('地図の表示範囲が広すぎます。縮尺を変えてください。');
