import { cellLabel, cellsByCount, type MapCellView } from '../cells.js';

/** The cells as a list of buttons: the map's keyboard and screen-reader way in, and its no-script form. */
export function CellList({ cells, selected, onSelect }: { cells: readonly MapCellView[]; selected: string | undefined; onSelect(geoHex: string): void }) {
  if (cells.length === 0) return <p className="s-muted">この範囲に条件に合う物件はありません。地図を動かすか、縮小してください。</p>;
  return (
    <ul className="s-map__cells">
      {cellsByCount(cells).map((c) => (
        <li key={c.geoHex}>
          <button type="button" className="s-map__cell" aria-pressed={c.geoHex === selected} onClick={() => onSelect(c.geoHex)}>
            {cellLabel(c)}
          </button>
        </li>
      ))}
    </ul>
  );
}
