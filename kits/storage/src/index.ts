export * from './db/database.js';
export * from './db/migrate.js';
export * from './db/copy.js';
export * from './db/resilience.js';
