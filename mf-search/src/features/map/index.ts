// The map feature's public entry: what the map page and outside tests use.
export { SEARCH_MAP_BUKKENS } from './api/search-map-bukkens.js';
export { SEARCH_MAP_INFO } from './api/search-map-info.js';
export { SEARCH_MAP_BOUNDS } from './api/search-map-bounds.js';
export { boxFromSearch, boxParams, hasBoxParams, clampBox, DEFAULT_BOX, levelForZoom, zoomForBox, type Box } from './box.js';
export { cellLabel, type MapCellView } from './cells.js';
export { CellList } from './components/cell-list.js';
export { MapCanvas } from './components/map-canvas.js';
