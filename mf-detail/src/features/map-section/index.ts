// The map section's public entry (周辺地図 on the detail and building pages).
export { BUILDING_MAP_FRAGMENT } from './api/building-map-fragment.js';
export { BuildingMapSection, MapSection, type MapSectionProps, type NearCampus } from './components/map-section.js';
