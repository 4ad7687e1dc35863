/**
 * The map itself, in the browser only (its own chunk, loaded once the page has hydrated): the kit's
 * base map (Leaflet over the site's own base layer, or an external tile server when one is
 * configured: `@sumika/shell-kit/map/leaflet`, with the base data in this chunk) with the listing
 * counts per GeoHex cell on top. Cells are keyboard buttons labelled with their nearest station.
 */
import { createBaseMap } from '@sumika/shell-kit/map/leaflet';
import L from 'leaflet';
import type { Box } from './box.js';
import { cellCorners, cellLabel, type MapCellView } from './cells.js';

export interface MapController {
  setCells(cells: readonly MapCellView[], selected: string | undefined): void;
  destroy(): void;
}

export interface CreateMapOptions {
  box: Box;
  /** An XYZ tile URL template ({z}/{x}/{y}); without one the site's own base layer is drawn. */
  tileUrl?: string | null;
  tileAttribution?: string | null;
  onMove(box: Box, zoom: number): void;
  onSelect(geoHex: string): void;
}

export function createMap(el: HTMLElement, opts: CreateMapOptions): MapController {
  const { map, palette } = createBaseMap(el, {
    box: opts.box,
    label: '物件数の地図（矢印キーで移動、＋／−で拡大・縮小）',
    tileUrl: opts.tileUrl,
    tileAttribution: opts.tileAttribution,
  });
  const container = map.getContainer();

  const cellLayer = L.layerGroup().addTo(map);
  const report = () => {
    const b = map.getBounds();
    opts.onMove({ south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast() }, map.getZoom());
  };
  map.on('moveend', report);
  report();

  return {
    setCells(cells, selected) {
      // A keyboard user on a cell stays on it (or on the map) when the cells are redrawn.
      const focused = (document.activeElement as HTMLElement | null)?.closest<HTMLElement>('.s-map__count')?.dataset.geohex;
      cellLayer.clearLayers();
      const max = Math.max(1, ...cells.map((c) => c.count));
      for (const c of cells) {
        const chosen = c.geoHex === selected;
        const label = cellLabel(c);
        const hex = L.polygon(
          cellCorners(c).map((p) => [p.lat, p.lng] as L.LatLngTuple),
          {
            color: chosen ? palette.accentDark : palette.brandDark,
            weight: chosen ? 3 : 1,
            fillColor: chosen ? palette.accent : palette.brand,
            fillOpacity: 0.15 + 0.45 * Math.sqrt(c.count / max),
          },
        );
        hex.on('click', () => opts.onSelect(c.geoHex));
        const count = L.marker([c.center.lat, c.center.lng], {
          icon: L.divIcon({ className: `s-map__count${chosen ? ' is-selected' : ''}`, html: String(c.count), iconSize: [44, 24] }),
          keyboard: true,
          title: label,
        });
        count.on('click', () => opts.onSelect(c.geoHex));
        cellLayer.addLayer(hex).addLayer(count);
        const icon = count.getElement();
        if (icon) {
          icon.dataset.geohex = c.geoHex;
          icon.setAttribute('aria-label', label);
          icon.setAttribute('aria-pressed', String(chosen));
          icon.addEventListener('keydown', (e) => {
            if (e.key !== 'Enter' && e.key !== ' ') return;
            e.preventDefault();
            opts.onSelect(c.geoHex);
          });
        }
      }
      if (focused) {
        const again = container.querySelector<HTMLElement>(`.s-map__count[data-geohex="${focused}"]`);
        (again ?? container).focus();
      }
    },
    destroy() {
      // Removing a map in the middle of a pan ends the pan with a moveend (Leaflet's remove stops the
      // animation): by then the page has gone (a client-side navigation to a listing), and reporting
      // the view would write the map's box into the next page's URL.
      map.off('moveend', report);
      map.remove();
    },
  };
}
