/**
 * A place map in Leaflet (browser only, lazy chunk): the base map over the picture's box, the
 * place's pin, the nearby stations
 * emphasised and the nearby spots, named.
 */
import L from 'leaflet';
import { createBaseMap } from './leaflet-base.js';
import { placeLayout } from './place-layout.js';
import type { PlaceView } from './place-types.js';

export interface PlaceMapController {
  destroy(): void;
}

export interface PlaceMapOptions extends PlaceView {
  tileUrl?: string | null | undefined;
  tileAttribution?: string | null | undefined;
}

export function createPlaceMap(el: HTMLElement, opts: PlaceMapOptions): PlaceMapController {
  const layout = placeLayout(opts);
  const { map, palette, relabel } = createBaseMap(el, {
    box: layout.box,
    label: `${opts.label}周辺の地図（矢印キーで移動、＋／−で拡大・縮小）`,
    tileUrl: opts.tileUrl,
    tileAttribution: opts.tileAttribution,
    skipStations: layout.stations.map((s) => s.name),
    labelObstacles: () => [el.querySelector('[data-marker="place"]')],
  });
  for (const s of layout.stations) {
    L.circleMarker([s.lat, s.lng], { radius: 7, color: palette.brandDark, weight: 2, fillColor: palette.surface, fillOpacity: 1, interactive: false })
      .bindTooltip(`${s.name}駅`, { permanent: true, direction: 'right', className: 'sk-map__station sk-map__station--near', offset: [11, 0] })
      .addTo(map);
  }
  for (const s of opts.spots ?? []) {
    L.circleMarker([s.lat, s.lng], { radius: 6, color: palette.accentDark, weight: 2, fillColor: palette.accent, fillOpacity: 0.9, interactive: false })
      .bindTooltip(s.name, { permanent: true, direction: 'right', className: 'sk-map__station sk-map__spot', offset: [10, 0] })
      .addTo(map);
  }
  // The place's pin: a picture (the container is the map's one focus stop; the list beside it names the stations).
  const pin = L.marker([opts.center.lat, opts.center.lng], {
    icon: L.divIcon({ className: 'sk-map__pin', html: '<span class="sk-map__pin-shape"></span>', iconSize: [26, 36], iconAnchor: [13, 36] }),
    interactive: false,
    keyboard: false,
    title: opts.label,
  }).addTo(map);
  // The same hook as the static picture's marker: a journey finds the place on either.
  pin.getElement()?.setAttribute('data-marker', 'place');
  relabel();
  return {
    destroy() {
      map.remove();
    },
  };
}
