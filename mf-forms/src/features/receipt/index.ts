// The receipt feature's public entry: what pages, other features and outside tests use.
export { readReceipt, saveReceipt, type StoredReceipt } from './receipt-store.js';
