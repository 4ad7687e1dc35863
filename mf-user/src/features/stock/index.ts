// The stock feature's public entry: what pages, other features and outside tests use.
export { STOCK_BUKKEN_FRAGMENT } from './api/stock-bukken-fragment.js';
export { ListingsUnavailable } from './components/listings-unavailable.js';
export { StockRow } from './components/stock-row.js';
