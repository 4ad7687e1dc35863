import type { LatLng } from './geometry.js';

/** A station near the place: its name (without 駅), its line and the walk from the place. */
export interface PlaceStation {
  name: string;
  line?: string | undefined;
  walkMin: number;
}

/** Another point shown near the place (a campus…), with its position. */
export interface PlaceSpot {
  name: string;
  lat: number;
  lng: number;
}

/** What a place map (the listing's, the building's) draws: the same on the server and in the browser. */
export interface PlaceView {
  /** The place's name: the map is 「<label>の地図」, its marker 「<label>」. */
  label: string;
  center: LatLng;
  stations: readonly PlaceStation[];
  spots?: readonly PlaceSpot[] | undefined;
}
