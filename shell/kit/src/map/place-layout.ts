/**
 * Where a place map's stations are and which box it shows: the nearby stations found by name in the
 * base layer (the one nearest the place), the zoom that keeps them in view. The static picture and
 * the Leaflet map compute the same from the same input, so the picture and the map show one area.
 * Lazy chunks only (it reads the base data).
 */
import { locateStation } from './base-data.js';
import { boxAround, placeZoom, type Box, type LatLng } from './geometry.js';
import type { PlaceView } from './place-types.js';

export interface LocatedStation extends LatLng {
  name: string;
}

export interface PlaceLayout {
  zoom: number;
  box: Box;
  /** The nearby stations the base layer knows, with their positions. */
  stations: LocatedStation[];
}

export function placeLayout(view: PlaceView): PlaceLayout {
  const stations: LocatedStation[] = [];
  for (const s of view.stations) {
    const at = locateStation(s.name, view.center);
    if (at && !stations.some((o) => o.name === s.name)) stations.push({ name: s.name, ...at });
  }
  const zoom = placeZoom(view.center, [...stations, ...(view.spots ?? [])]);
  return { zoom, box: boxAround(view.center, zoom), stations };
}
