// The bukken-card feature's public entry: what pages, other features and outside tests use.
export { BUKKEN_CARD_FRAGMENT } from './api/bukken-card-fragment.js';
export { BukkenCard } from './components/bukken-card.js';
export { BuildingList } from './components/building-list.js';
export { groupByBuilding, type BuildingGroup } from './group-by-building.js';
export { marketDelta, MARKET_PAR_RATE } from './market-delta.js';
export { ListingsUnavailable, presentListings } from './components/listings-unavailable.js';
