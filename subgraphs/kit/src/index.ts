export * from './env.js';
export * from './db/database.js';
export * from './db/migrate.js';
export * from './db/copy.js';
export * from './cache/cache.js';
export * from './logging.js';
