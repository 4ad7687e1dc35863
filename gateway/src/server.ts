import { configOrExit, listen, loggerOptions, openCache } from '@sumika/server-kit';
import { build } from './app.js';
import { configFromEnv } from './config.js';

const config = configOrExit(() => configFromEnv(), 'gateway');
const cache = await openCache({ prefix: 'gateway:' });
const app = await build({ config, cache, logger: loggerOptions() });
app.addHook('onClose', () => cache.close());
if (config.metricsPort > 0) {
  // /metrics on its own port (loopback by default); a port already taken costs the metrics, not the gateway.
  await app.metrics.server.listen({ port: config.metricsPort, host: config.metricsHost }).then(
    (address) => app.log.info(`metrics on ${address}/metrics`),
    (err: unknown) => app.log.error({ err }, 'metrics listener failed; /metrics is unavailable'),
  );
}
await listen(app, config.port);
