// The prefecture feature's public entry: what pages, other features and outside tests use.
export { SEARCH_PREFECTURE_PAGE } from './api/search-prefecture-page.js';
