/**
 * Where a map's names go: each beside its point, on the right if that space is free, else on the
 * left, else not shown — in the order given (the most important first), so a nearby station's name
 * is never hidden by a lesser one and no two names cover each other or the place's marker. Pure
 * (pixel boxes in, sides out): the static picture places estimated boxes, the Leaflet map measured ones.
 */

export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface LabelRequest {
  /** The point the name belongs to, in pixels. */
  x: number;
  y: number;
  /** The name's size in pixels. */
  width: number;
  height: number;
  /** The space between the point and the name. */
  gap: number;
}

export type LabelSide = 'right' | 'left';

/** The name's box on a side of its point (vertically centred on it). */
export function labelRect(r: LabelRequest, side: LabelSide): Rect {
  const left = side === 'right' ? r.x + r.gap : r.x - r.gap - r.width;
  return { left, top: r.y - r.height / 2, right: left + r.width, bottom: r.y + r.height / 2 };
}

const overlaps = (a: Rect, b: Rect): boolean => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Each request's side, or null where neither side is free of the names placed before it and the obstacles. */
export function placeLabels(requests: readonly LabelRequest[], obstacles: readonly Rect[] = []): (LabelSide | null)[] {
  const taken: Rect[] = [...obstacles];
  return requests.map((r) => {
    for (const side of ['right', 'left'] as const) {
      const rect = labelRect(r, side);
      if (taken.some((t) => overlaps(t, rect))) continue;
      taken.push(rect);
      return side;
    }
    return null;
  });
}

/** An estimate of a name's width at a font size (Japanese names: about one em per character). */
export const textWidth = (text: string, fontPx: number): number => [...text].length * fontPx;
