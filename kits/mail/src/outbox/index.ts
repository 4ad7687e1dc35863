export * from './config.js';
export * from './outbox.js';
export * from './transport.js';
export * from './worker.js';
