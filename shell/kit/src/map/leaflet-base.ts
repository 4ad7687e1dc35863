/**
 * Leaflet over the site's own base layer (coastline, railway lines, stations from base/*.json) or
 * over an external XYZ tile server when one is configured: the map both the search map (mf-search)
 * and the listing and building maps (mf-detail) are drawn on. Browser only, in a lazy chunk (with
 * Leaflet and the base data): a page's first chunk never imports this module.
 */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import './map.css';
import { baseLayer, stations } from './base-data.js';
import type { Box, LngLat } from './geometry.js';
import { placeLabels, type LabelSide, type Rect } from './labels.js';

export interface BaseMapOptions {
  /** The first view: the map fits this box. */
  box: Box;
  /** The container's accessible name (the map is focusable: arrows pan, +/− zoom). */
  label: string;
  /** An XYZ tile URL template ({z}/{x}/{y}); without one the site's own base layer is drawn. */
  tileUrl?: string | null | undefined;
  tileAttribution?: string | null | undefined;
  /** Stations the caller draws itself (a place map's nearby ones): the base layer leaves them out. */
  skipStations?: readonly string[] | undefined;
  /** Elements no name may cover (a place's pin), read at each placing of the names. */
  labelObstacles?: (() => readonly (Element | null | undefined)[]) | undefined;
}

/** The kit's colour tokens (one palette), read from the container: Leaflet's vector paths take colour values. */
export interface MapPalette {
  brand: string;
  brandDark: string;
  accent: string;
  accentDark: string;
  text: string;
  surface: string;
}

export interface BaseMap {
  map: L.Map;
  palette: MapPalette;
  /** Places the names again (declutterLabels): after the caller adds named points of its own. */
  relabel(): void;
}

/** Stations are drawn from this zoom, their names from LABEL_ZOOM. */
export const STATION_ZOOM = 12;
export const LABEL_ZOOM = 14;

const toLatLng = ([lng, lat]: LngLat): L.LatLngTuple => [lat, lng];

export function createBaseMap(el: HTMLElement, opts: BaseMapOptions): BaseMap {
  const map = L.map(el, { preferCanvas: true, zoomSnap: 1, minZoom: 5, maxZoom: 18, attributionControl: false, keyboard: true });
  L.control.attribution({ prefix: '<a href="https://leafletjs.com">Leaflet</a>' }).addTo(map);
  map.fitBounds([
    [opts.box.south, opts.box.west],
    [opts.box.north, opts.box.east],
  ]);
  const container = map.getContainer();
  const style = getComputedStyle(container);
  const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  const palette: MapPalette = {
    brand: token('--sk-brand', 'currentColor'),
    brandDark: token('--sk-brand-dark', 'currentColor'),
    accent: token('--sk-accent', 'currentColor'),
    accentDark: token('--sk-accent-dark', 'currentColor'),
    text: token('--sk-text', '#1f2a24'),
    surface: token('--sk-surface', '#fff'),
  };
  container.setAttribute('aria-label', opts.label);

  if (opts.tileUrl) {
    L.tileLayer(opts.tileUrl, { attribution: opts.tileAttribution ?? '', maxZoom: 18 }).addTo(map);
  } else {
    map.attributionControl?.addAttribution('Natural Earth, japan-train-data');
    L.polygon(
      baseLayer.coast.map((ring) => ring.map(toLatLng)),
      { color: '#9bb5a0', weight: 1, fillColor: '#f6f4ee', fillOpacity: 1, interactive: false },
    ).addTo(map);
    for (const r of baseLayer.railways) L.polyline(r.coords.map(toLatLng), { color: '#8a8f98', weight: 1.5, opacity: 0.8, interactive: false }).addTo(map);
  }

  // Stations once zoomed in: dots, and their names from LABEL_ZOOM, only those in view.
  const skip = new Set(opts.skipStations ?? []);
  const stationLayer = L.layerGroup().addTo(map);
  const drawStations = () => {
    stationLayer.clearLayers();
    const zoom = map.getZoom();
    if (zoom < STATION_ZOOM) return;
    const view = map.getBounds().pad(0.1);
    for (const [name, lng, lat] of stations) {
      if (!view.contains([lat, lng]) || skip.has(name)) continue;
      const dot = L.circleMarker([lat, lng], { radius: 3, color: '#555', weight: 1, fillColor: '#fff', fillOpacity: 1, interactive: false });
      if (zoom >= LABEL_ZOOM) dot.bindTooltip(name, { permanent: true, direction: 'right', className: 'sk-map__station', offset: [4, 0] });
      stationLayer.addLayer(dot);
    }
  };
  map.on('moveend', drawStations);
  drawStations();
  const relabel = declutterLabels(map, opts.labelObstacles);
  return { map, palette, relabel };
}

/** Tooltip classes by importance: a nearby station's name first, then a spot's, then the others. */
const LABEL_RANK = (el: HTMLElement): number => (el.classList.contains('sk-map__station--near') ? 0 : el.classList.contains('sk-map__spot') ? 1 : 2);

/**
 * Keeps the map's permanent names (tooltips) from covering each other or the obstacles' elements (the
 * place's pin): after each view change each name goes right of its point, else left, else is hidden
 * (placeLabels, in order of importance). Measured from the rendered tooltips.
 */
export function declutterLabels(map: L.Map, obstacles: () => readonly (Element | null | undefined)[] = () => []): () => void {
  const run = () => {
    const origin = map.getContainer().getBoundingClientRect();
    const tips: { tip: L.Tooltip; el: HTMLElement; gap: number }[] = [];
    map.eachLayer((layer) => {
      const tip = layer.getTooltip();
      const el = tip?.getElement();
      if (!tip?.options.permanent || !el || !map.hasLayer(tip)) return;
      tips.push({ tip, el, gap: Math.abs(L.point(tip.options.offset ?? [0, 0]).x) });
    });
    tips.sort((a, b) => LABEL_RANK(a.el) - LABEL_RANK(b.el));
    const rects: Rect[] = obstacles()
      .filter((el): el is Element => Boolean(el))
      .map((el) => {
        const r = el.getBoundingClientRect();
        return { left: r.left - origin.left, top: r.top - origin.top, right: r.right - origin.left, bottom: r.bottom - origin.top };
      });
    const sides = placeLabels(
      tips.map(({ tip, el, gap }) => {
        const at = map.latLngToContainerPoint(tip.getLatLng()!);
        return { x: at.x, y: at.y, width: el.offsetWidth, height: el.offsetHeight, gap };
      }),
      rects,
    );
    tips.forEach(({ tip, el, gap }, i) => {
      const side: LabelSide | null = sides[i] ?? null;
      el.style.visibility = side ? '' : 'hidden';
      if (!side || tip.options.direction === side) return;
      tip.options.direction = side;
      tip.options.offset = [side === 'right' ? gap : -gap, 0];
      tip.update();
    });
  };
  // A zoom ends with a moveend too: one placing per view change.
  map.on('moveend', run);
  run();
  return run;
}
