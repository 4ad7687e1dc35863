import '../map.css';
import { useEffect, useRef, useState } from 'react';
import type { Box } from '../box.js';
import { cellCorners, cellLabel, type MapCellView } from '../cells.js';
import type { MapController } from '../leaflet-map.js';

export interface MapCanvasProps {
  box: Box;
  cells: readonly MapCellView[];
  selected: string | undefined;
  tileUrl?: string | null;
  tileAttribution?: string | null;
  onMove(box: Box, zoom: number): void;
  onSelect(geoHex: string): void;
}

const W = 640;
const H = 420;

/**
 * The map: on the server and until Leaflet has loaded, the cells drawn in SVG over the box (a picture
 * of the same data; the list beside it is the way in without a script); then the Leaflet map in the
 * same box (fixed height: nothing shifts), panning and zooming report the new view.
 */
export function MapCanvas({ box, cells, selected, tileUrl, tileAttribution, onMove, onSelect }: MapCanvasProps) {
  const host = useRef<HTMLDivElement>(null);
  const controller = useRef<MapController | null>(null);
  const [ready, setReady] = useState(false);
  const handlers = useRef({ onMove, onSelect });
  handlers.current = { onMove, onSelect };
  // The first view only: afterwards the map is the view's owner and reports it.
  const initial = useRef({ box, tileUrl, tileAttribution });

  useEffect(() => {
    let cancelled = false;
    import('../leaflet-map.js')
      .then(({ createMap }) => {
        if (cancelled || !host.current) return;
        controller.current = createMap(host.current, {
          box: initial.current.box,
          tileUrl: initial.current.tileUrl,
          tileAttribution: initial.current.tileAttribution,
          onMove: (b, z) => handlers.current.onMove(b, z),
          onSelect: (g) => handlers.current.onSelect(g),
        });
        setReady(true);
      })
      .catch(() => undefined); // the SVG picture and the list stay
    return () => {
      cancelled = true;
      controller.current?.destroy();
      controller.current = null;
    };
  }, []);

  useEffect(() => {
    controller.current?.setCells(cells, selected);
  }, [cells, selected, ready]);

  const x = (lng: number) => ((lng - box.west) / (box.east - box.west)) * W;
  const y = (lat: number) => ((box.north - lat) / (box.north - box.south)) * H;
  return (
    <div className="s-map" data-ready={ready ? 'true' : undefined}>
      <div ref={host} className="s-map__canvas" />
      {!ready && (
        <svg className="s-map__picture" viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" role="img" aria-label="物件数の地図">
          {cells.map((c) => (
            <g key={c.geoHex} onClick={() => onSelect(c.geoHex)}>
              <title>{cellLabel(c)}</title>
              <polygon
                points={cellCorners(c)
                  .map((p) => `${x(p.lng).toFixed(1)},${y(p.lat).toFixed(1)}`)
                  .join(' ')}
                className={c.geoHex === selected ? 's-map__hex is-selected' : 's-map__hex'}
              />
              <text x={x(c.center.lng)} y={y(c.center.lat) + 4} textAnchor="middle" className="s-map__hex-count">
                {c.count}
              </text>
            </g>
          ))}
        </svg>
      )}
    </div>
  );
}
