// The listing feature's public entry: what pages, other features and outside tests use.
export { LISTING_CARD_FRAGMENT } from './api/listing-card-fragment.js';
