// The top feature's public entry: what pages, other features and outside tests use.
export { SEARCH_TOP_PAGE } from './api/search-top-page.js';
export { SpecialList } from './components/special-list.js';
export { NewListings } from './components/new-listings.js';
