import { escapeXml } from './escape.js';

/** What the room illustrations (entrance, kitchen, bath, view) are drawn from. */
export interface RoomInput {
  seed: number;
  /** 1R, 1K, … 4LDK */
  plan: string;
  /** Floor area in m². */
  area: number;
  /** The room's floor. */
  floor: number;
  /** The building's storeys. */
  floors: number;
  /** Structure as listed, e.g. "RC", "木造". */
  struct: string;
  /** Direction the balcony faces: 北, 北東, 東, 南東, 南, 南西, 西, 北西. */
  aspect: string;
  builtYear: number;
  /** The listing's condition codes, every group together. */
  codes: readonly number[];
}

/**
 * Condition codes of the master (infra/data/conditions.json) that change what a room looks like.
 * The names are the master's; the master's codes are stable across seeds.
 */
export const ROOM_CODES = {
  separateBath: 201, // バス・トイレ別
  reheating: 202, // 追い焚き機能
  bathDryer: 203, // 浴室乾燥機
  washlet: 204, // 温水洗浄便座
  washbasin: 205, // 独立洗面台
  shampooDresser: 206, // シャンプードレッサー
  autoBath: 207, // オートバス
  highGround: 404, // 高台
  sunny: 406, // 日当たり良好
  goodView: 407, // 眺望良好
  quiet: 408, // 閑静な住宅街
  monitorIntercom: 602, // モニター付きインターホン
  dimpleKey: 605, // ディンプルキー
  doubleLock: 606, // ダブルロック
  cardKey: 607, // カードキー
  systemKitchen: 701, // システムキッチン
  twoBurners: 702, // 2口以上コンロ
  threeBurners: 703, // 3口以上コンロ
  ih: 704, // IHコンロ
  gas: 705, // ガスコンロ対応
  counterKitchen: 706, // カウンターキッチン
  grill: 707, // グリル付
  dishwasher: 708, // 食器洗い乾燥機
  waterPurifier: 709, // 浄水器
  balcony: 803, // バルコニー付
  flooring: 811, // フローリング
  shoeBox: 902, // シューズボックス
  shoeCloset: 906, // シューズインクローゼット
} as const;

export const SVG_W = 480;
export const SVG_H = 360;
export const FONT = "'Hiragino Kaku Gothic ProN','Hiragino Sans','Noto Sans CJK JP','Yu Gothic',Meiryo,sans-serif";

export const fmt = (v: number): string => String(Math.round(v * 10) / 10);

export function rect(x: number, y: number, w: number, h: number, fill: string, extra = ''): string {
  return `<rect x="${fmt(x)}" y="${fmt(y)}" width="${fmt(w)}" height="${fmt(h)}" fill="${fill}"${extra ? ' ' + extra : ''}/>`;
}

export function poly(points: readonly (readonly [number, number])[], fill: string, extra = ''): string {
  return `<polygon points="${points.map(([x, y]) => `${fmt(x)},${fmt(y)}`).join(' ')}" fill="${fill}"${extra ? ' ' + extra : ''}/>`;
}

/** Whether the listing has a condition code. */
export const hasCode = (input: RoomInput, code: number): boolean => input.codes.includes(code);

/** The number of living rooms in a plan ("2LDK" → 2; "1R" → 1). */
export const roomsOf = (plan: string): number => Math.max(1, Number.parseInt(plan, 10) || 1);

/** The back wall of a one-point-perspective room. */
export interface Back {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A room seen from its doorway: ceiling, side walls and floor converge on the back wall. */
export function roomShell(back: Back, colours: { wall: string; side: string; ceiling: string; floor: string }): string {
  const { x, y, w, h } = back;
  return (
    poly(
      [
        [0, 0],
        [SVG_W, 0],
        [x + w, y],
        [x, y],
      ],
      colours.ceiling,
    ) +
    poly(
      [
        [0, 0],
        [x, y],
        [x, y + h],
        [0, SVG_H],
      ],
      colours.side,
    ) +
    poly(
      [
        [SVG_W, 0],
        [SVG_W, SVG_H],
        [x + w, y + h],
        [x + w, y],
      ],
      colours.side,
    ) +
    poly(
      [
        [0, SVG_H],
        [x, y + h],
        [x + w, y + h],
        [SVG_W, SVG_H],
      ],
      colours.floor,
    ) +
    rect(x, y, w, h, colours.wall)
  );
}

/** Wood boards on the floor trapezoid below the back wall, converging on the vanishing point. */
export function floorBoards(back: Back, stroke: string, count: number): string {
  const { x, y, w, h } = back;
  let d = '';
  for (let i = 1; i < count; i++) {
    const t = i / count;
    d += `M${fmt(x + w * t)} ${fmt(y + h)}L${fmt(SVG_W * t)} ${SVG_H}`;
  }
  return `<path d="${d}" stroke="${stroke}" stroke-width="1" opacity=".5"/>`;
}

/** A ceiling light's soft glow. */
export function glow(cx: number, cy: number, r: number): string {
  return `<ellipse cx="${fmt(cx)}" cy="${fmt(cy)}" rx="${fmt(r)}" ry="${fmt(r * 0.6)}" fill="#fff" opacity=".18"/>`;
}

/** The caption box at the bottom left, e.g. 「キッチン / システムキッチン / IH 2口」. */
export function caption(parts: readonly string[]): string {
  const text = parts.filter(Boolean).join(' / ');
  let ems = 0;
  for (const ch of text) ems += (ch.codePointAt(0) ?? 0) > 0xff ? 1 : 0.6;
  return (
    rect(8, SVG_H - 27, ems * 11 + 16, 20, '#fff', 'rx="4" opacity=".88"') +
    `<text x="16" y="${SVG_H - 13}" font-size="11" fill="#333">${escapeXml(text)}</text>`
  );
}

/** The SVG document around a scene. */
export function svgDocument(kind: string, defs: readonly string[], body: readonly string[]): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SVG_W} ${SVG_H}" width="${SVG_W}" height="${SVG_H}" font-family="${escapeXml(FONT)}" data-kind="${kind}">` +
    `<defs>${defs.join('')}</defs>${body.join('')}</svg>`
  );
}

/** A finite number or the fallback. */
export const finite = (v: number, fallback: number): number => (Number.isFinite(v) ? v : fallback);
