import { publishLatest, SUPERGRAPH_REDIS } from '@sumika/server-kit';
import { composeSupergraph, composedSubgraphs, SUPERGRAPH_FILE } from './compose.js';
import { publishSupergraph } from './publish.js';

// `npm run schema:publish`: composes every subgraph's schema and hands the supergraph to the running
// gateways without a restart: the file they watch (SUPERGRAPH_FILE, by default gateway/supergraph.graphql)
// and, with SUPERGRAPH_REDIS_URL, Redis (every instance on every machine follows it). Run
// `npm run schema:check` first: publishing does not judge the change.
const file = process.env.SUPERGRAPH_FILE ?? SUPERGRAPH_FILE();
const sdl = composeSupergraph();
const hash = publishSupergraph(file, sdl);
console.log(`published ${composedSubgraphs().join(', ')} as ${hash} to ${file}`);
const redisUrl = process.env.SUPERGRAPH_REDIS_URL;
if (redisUrl) {
  const listeners = await publishLatest(redisUrl, SUPERGRAPH_REDIS, sdl);
  console.log(`published ${hash} to Redis (${SUPERGRAPH_REDIS.key}); ${listeners} gateway connection(s) listening`);
}
