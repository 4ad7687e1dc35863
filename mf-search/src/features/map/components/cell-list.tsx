import { useState } from 'react';
import { cellLabel, cellsByCount, type MapCellView } from '../cells.js';

/** Cells listed before "show all": the busiest, enough to choose from on a phone without scrolling far. */
export const CELLS_SHOWN = 12;

/** The cells as a list of buttons: the map's keyboard and screen-reader way in, and its no-script form. */
export function CellList({ cells, selected, onSelect }: { cells: readonly MapCellView[]; selected: string | undefined; onSelect(geoHex: string): void }) {
  const [all, setAll] = useState(false);
  if (cells.length === 0) return <p className="s-muted">この範囲に条件に合う物件はありません。地図を動かすか、縮小してください。</p>;
  const sorted = cellsByCount(cells);
  const shown = all ? sorted : sorted.slice(0, CELLS_SHOWN);
  return (
    <>
      <ul className="s-map__cells">
        {shown.map((c) => (
          <li key={c.geoHex}>
            <button type="button" className="s-map__cell" aria-pressed={c.geoHex === selected} onClick={() => onSelect(c.geoHex)}>
              {cellLabel(c)}
            </button>
          </li>
        ))}
      </ul>
      {sorted.length > CELLS_SHOWN && (
        <p>
          <button type="button" className="s-map__more" aria-expanded={all} onClick={() => setAll(!all)}>
            {all ? '件数の多いエリアだけ表示' : `すべてのエリアを表示（${sorted.length}）`}
          </button>
        </p>
      )}
    </>
  );
}
