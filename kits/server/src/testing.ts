export { createTestAuth, type TestAuth } from './testing-auth.js';
export { freePort, hasRedisServer, throwawayRedis, throwawayRedisCluster, type ThrowawayRedis, type ThrowawayRedisCluster } from './testing-redis.js';
export { ODD_STRINGS } from './testing-odd.js';
