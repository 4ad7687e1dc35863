export { createTestAuth, type TestAuth } from './testing-auth.js';
export { freePort, hasRedisServer, throwawayRedis, type ThrowawayRedis } from './testing-redis.js';
