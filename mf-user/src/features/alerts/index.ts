// The alerts feature's public entry: what pages, other features and outside tests use.
export { MARK_ALERTS_READ } from './api/mark-alerts-read.js';
export { USER_ALERTS } from './api/user-alerts.js';
export { newListingsBySearch, priceDropsByKey, unreadIds, type NewListings, type PriceDrop } from './changes.js';
export { useMarkAlertsRead } from './use-mark-read.js';
