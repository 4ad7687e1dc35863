export * from './outbox/index.js';
