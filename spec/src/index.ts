/** SPEC constants, messages and mappings shared by servers and clients; each has its one home here. */
export * from './ab-test.js';
export * from './cashback.js';
export * from './errors.js';
export * from './favorites.js';
export * from './messages.js';
export * from './prefectures.js';
export * from './search-master.js';
export * from './sort.js';
export * from './search-url.js';
export * from './map.js';
