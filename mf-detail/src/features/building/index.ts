// The building feature's public entry: what pages, other features and outside tests use.
export { BUILDING_DETAIL } from './api/building-detail.js';
