import { Agent, setGlobalDispatcher } from 'undici';
import { listen, loggerOptions, openCache } from '@sumika/subgraph-kit';
import { build } from './app.js';
import { configFromEnv } from './config.js';

// Keep-alive connection pools to the subgraphs (fetch uses the global dispatcher).
setGlobalDispatcher(new Agent({ keepAliveTimeout: 30_000, keepAliveMaxTimeout: 120_000, connections: 128, pipelining: 1 }));

const config = configFromEnv();
const cache = await openCache({ prefix: 'gateway:' });
const app = await build({ config, cache, logger: loggerOptions() });
app.addHook('onClose', () => cache.close());
await listen(app, config.port);
