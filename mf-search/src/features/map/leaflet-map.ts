/**
 * The map itself, in the browser only (its own chunk, loaded once the page has hydrated): Leaflet
 * over the site's own base layer (coastline, railway lines, stations: base/*.json, in this chunk)
 * or over an external tile server when one is configured, with the listing
 * counts per GeoHex cell on top. Cells are keyboard buttons labelled with their nearest station.
 */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import base from './base/japan.json' with { type: 'json' };
import stations from './base/stations.json' with { type: 'json' };
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

interface BaseLayer {
  coast: [number, number][][];
  railways: { name: string; coords: [number, number][] }[];
}
type Stations = [name: string, lng: number, lat: number][];
/** Stations are drawn from this zoom, their names from LABEL_ZOOM. */
const STATION_ZOOM = 12;
const LABEL_ZOOM = 14;

const toLatLng = ([lng, lat]: [number, number]): L.LatLngTuple => [lat, lng];

export function createMap(el: HTMLElement, opts: CreateMapOptions): MapController {
  const map = L.map(el, { preferCanvas: true, zoomSnap: 1, minZoom: 5, maxZoom: 18, attributionControl: false, keyboard: true });
  L.control.attribution({ prefix: '<a href="https://leafletjs.com">Leaflet</a>' }).addTo(map);
  map.fitBounds([
    [opts.box.south, opts.box.west],
    [opts.box.north, opts.box.east],
  ]);
  const container = map.getContainer();
  // The kit's colour tokens (one palette), read once: Leaflet's vector paths take colour values.
  const style = getComputedStyle(container);
  const token = (name: string) => style.getPropertyValue(name).trim() || 'currentColor';
  const palette = { brand: token('--sk-brand'), brandDark: token('--sk-brand-dark'), accent: token('--sk-accent'), accentDark: token('--sk-accent-dark') };
  container.setAttribute('aria-label', '物件数の地図（矢印キーで移動、＋／−で拡大・縮小）');

  if (opts.tileUrl) {
    L.tileLayer(opts.tileUrl, { attribution: opts.tileAttribution ?? '', maxZoom: 18 }).addTo(map);
  } else {
    map.attributionControl?.addAttribution('Natural Earth, japan-train-data');
    const layer = base as BaseLayer;
    L.polygon(
      layer.coast.map((ring) => ring.map(toLatLng)),
      { color: '#9bb5a0', weight: 1, fillColor: '#f6f4ee', fillOpacity: 1, interactive: false },
    ).addTo(map);
    for (const r of layer.railways) L.polyline(r.coords.map(toLatLng), { color: '#8a8f98', weight: 1.5, opacity: 0.8, interactive: false }).addTo(map);
  }

  // Stations once zoomed in: dots, and their names from LABEL_ZOOM, only those in view.
  const stationLayer = L.layerGroup().addTo(map);
  const drawStations = () => {
    stationLayer.clearLayers();
    const zoom = map.getZoom();
    if (zoom < STATION_ZOOM) return;
    const view = map.getBounds().pad(0.1);
    for (const [name, lng, lat] of stations as Stations) {
      if (!view.contains([lat, lng])) continue;
      const dot = L.circleMarker([lat, lng], { radius: 3, color: '#555', weight: 1, fillColor: '#fff', fillOpacity: 1, interactive: false });
      if (zoom >= LABEL_ZOOM) dot.bindTooltip(name, { permanent: true, direction: 'right', className: 's-map__station', offset: [4, 0] });
      stationLayer.addLayer(dot);
    }
  };

  const cellLayer = L.layerGroup().addTo(map);
  const report = () => {
    const b = map.getBounds();
    opts.onMove({ south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast() }, map.getZoom());
  };
  map.on('moveend', () => {
    drawStations();
    report();
  });
  drawStations();
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
      map.remove();
    },
  };
}
