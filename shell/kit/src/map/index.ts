// The map stack's light entry (`@sumika/shell-kit/map`): the place map component, the geometry and
// the types. Not in the kit's index (the shell's first view never loads it); the base data and Leaflet
// are lazy chunks behind it. Leaflet itself: `@sumika/shell-kit/map/leaflet`, from lazy chunks only.
export { boxAround, clipLine, clipRing, distanceM, PICTURE, placeZoom, projector, worldX, worldY, type Box, type LatLng, type LngLat } from './geometry.js';
export { PlaceMap, type PlaceMapProps } from './place-map.js';
export type { PlaceSpot, PlaceStation, PlaceView } from './place-types.js';
