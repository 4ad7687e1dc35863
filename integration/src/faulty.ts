import { createServer } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { request } from 'undici';

/**
 * A subgraph that misbehaves in front of a real one: `hang` never answers, `delay` forwards to the
 * real subgraph after `ms`, `error` answers 503. Counts the GraphQL requests it receives.
 */
export interface FaultySubgraph {
  url: string;
  requests: number;
  /** Queries' first lines, as received (to tell a mutation from a query). */
  received: string[];
  /** When each request arrived (performance.now()). */
  arrivals: number[];
  close(): Promise<void>;
}

export async function faultySubgraph(mode: 'hang' | 'delay' | 'error', target?: string, ms = 0): Promise<FaultySubgraph> {
  const app: FastifyInstance = Fastify({ logger: false, forceCloseConnections: true });
  const state = { requests: 0, received: [] as string[], arrivals: [] as number[] };
  app.post('/graphql', async (req, reply) => {
    state.requests++;
    state.arrivals.push(performance.now());
    state.received.push(
      String((req.body as { query?: string })?.query ?? '')
        .trim()
        .split('\n')[0] ?? '',
    );
    if (mode === 'hang') return new Promise(() => undefined);
    if (mode === 'error') return reply.code(503).send('upstream unavailable');
    await new Promise((r) => setTimeout(r, ms));
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([k]) => ['authorization', 'content-type', 'cookie', 'user-agent'].includes(k)),
    ) as Record<string, string>;
    const res = await request(target as string, { method: 'POST', headers, body: JSON.stringify(req.body) });
    return reply
      .code(res.statusCode)
      .header('content-type', 'application/json')
      .send(await res.body.text());
  });
  app.get('/healthz', async () => (mode === 'hang' ? new Promise(() => undefined) : { status: 'ok' }));
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `${address}/graphql`,
    get requests() {
      return state.requests;
    },
    received: state.received,
    arrivals: state.arrivals,
    close: () => app.close(),
  };
}

/** A URL nothing listens on (a port opened, then closed). */
export async function closedUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return `http://127.0.0.1:${port}/graphql`;
}
