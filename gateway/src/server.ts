import { configOrExit, listen, listenMetrics, loggerOptions, openCache, serviceRegistry } from '@sumika/server-kit';
import { build } from './app.js';
import { configFromEnv } from './config.js';

const config = configOrExit(() => configFromEnv(), 'gateway');
// One registry for /metrics: the gateway's requests and its cache's hits (response cache, APQ, signer…).
const registry = serviceRegistry('gateway');
const cache = await openCache({ prefix: 'gateway:', registry });
const app = await build({ config, cache, registry, logger: loggerOptions() });
app.addHook('onClose', () => cache.close());
// /metrics on its own port (loopback by default); a port already taken costs the metrics, not the gateway.
await listenMetrics(app.metrics.server, { port: config.metricsPort, host: config.metricsHost }, app.log);
await listen(app, config.port);
