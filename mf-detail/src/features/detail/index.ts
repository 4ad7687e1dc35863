// The detail feature's public entry: what pages, other features and outside tests use.
export { BUKKEN_DETAIL, bukkenDetailVariables } from './api/bukken-detail.js';
export { RECORD_HISTORY } from './api/record-history.js';
export { CompanyBlock, Conditions, InitialCost, MarketRent, SpecTable, UNAVAILABLE } from './components/detail-blocks.js';
export { Gallery, SWIPE_MIN_PX, type GalleryImage } from './components/gallery.js';
export { MobileActionBar, telHref } from './components/mobile-action-bar.js';
export { apartmentJsonLd, realEstateAgentJsonLd, roomsOfPlan } from './json-ld.js';
export { ArchivedNotice, placeOf } from './components/archived-notice.js';
export { OtherRooms, SimilarListings, StationWalks } from './components/nearby-blocks.js';
