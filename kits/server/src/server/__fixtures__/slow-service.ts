// Test fixture run as its own process: a subgraph kit app with a slow route, run by the kit's
// `listen`, as every service's server.ts does.
import { setTimeout as sleep } from 'node:timers/promises';
import { parse } from 'graphql';
import { buildSubgraphApp } from '../app.js';
import { listen } from '../run.js';

const app = await buildSubgraphApp({
  name: 'slow',
  typeDefs: parse('type Query { ok: Boolean }'),
  resolvers: { Query: { ok: () => true } },
  context: () => ({}),
  auth: { jwks: { keys: [] } },
});
app.get('/slow', async (req) => {
  await sleep(Number((req.query as { ms?: string }).ms ?? 2000));
  return { done: true };
});
// Stands for the pools a service closes in its onClose hooks.
app.addHook('onClose', async () => {
  await sleep(100);
  process.stdout.write('pools closed\n');
});
await listen(app, Number(process.env.SLOW_PORT));
process.stdout.write('listening\n');
