// The misc feature's public entry: what pages, other features and outside tests use.
export { SEARCH_ARCHIVE } from './api/search-archive.js';
export { SEARCH_CAMPUSES } from './api/search-campuses.js';
export { SEARCH_LIVABILITY } from './api/search-livability.js';
export { SEARCH_OPTION_MASTER } from './api/search-option-master.js';
export { SEARCH_SITEMAP } from './api/search-sitemap.js';
export { cityLivabilityPath, cityReviewsPath, stationLivabilityPath, stationRentPricePath } from './livability-paths.js';
