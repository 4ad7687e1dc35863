export * from './keys.js';
export * from './initial-cost.js';
export * from './words.js';
export * from './random.js';
