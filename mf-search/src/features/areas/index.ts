// The areas feature's public entry: what pages, other features and outside tests use.
export { SEARCH_AREA_LISTS } from './api/search-area-lists.js';
export { SEARCH_RENT_MARKET } from './api/search-rent-market.js';
export { RentMarketTable } from './components/rent-market-table.js';
