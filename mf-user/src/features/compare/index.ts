// The compare feature's public entry: what pages, other features and outside tests use.
export { COMPARE_BUKKENS } from './api/compare-bukkens.js';
