import { listen, loggerOptions, openCache } from '@sumika/subgraph-kit';
import { build } from './app.js';
import { configFromEnv } from './config.js';

const config = configFromEnv();
const cache = await openCache({ prefix: 'gateway:' });
const app = await build({ config, cache, logger: loggerOptions() });
app.addHook('onClose', () => cache.close());
await listen(app, config.port);
