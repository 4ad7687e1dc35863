/**
 * @jest-environment node
 *
 * One request id across the services (issue 18, observability): the W3C trace id is the request id
 * of the shell, the gateway and the subgraphs, carried by `traceparent` from the shell to the
 * gateway and from the gateway to every subgraph fetch; every service's pino request logs name it
 * (`traceId`) and the shell's response gives it back (`x-request-id`). A malformed traceparent
 * starts a new trace, never an error.
 */
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { testBackends } from '@sumika/storage-kit/testing';
import { shellOnStack, type ShellOnStack } from './shell-on-stack.js';

interface LogLine {
  traceId?: string;
  msg?: string;
  req?: { url?: string };
}

/** Each service's pino lines, as JSON written to a stream. */
const lines: Record<string, LogLine[]> = {};
const captured = (service: string) => ({
  level: 'info',
  stream: new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) (lines[service] ??= []).push(JSON.parse(line) as LogLine);
      done();
    },
  }),
});
/** The trace ids of a service's requests (a subgraph's readiness checks from the gateway are traces of their own: left out). */
const traceIdsOf = (service: string): Set<string | undefined> => {
  const probes = new Set((lines[service] ?? []).filter((l) => /^\/(readyz|healthz)/.test(l.req?.url ?? '')).map((l) => l.traceId));
  return new Set((lines[service] ?? []).map((l) => l.traceId).filter((id) => id && !probes.has(id)));
};
const clear = () => {
  for (const key of Object.keys(lines)) delete lines[key];
};

const backend = testBackends()[0]!;

describe('one trace id through the shell, the gateway and the subgraphs', () => {
  let running: ShellOnStack;
  let app: FastifyInstance;

  beforeAll(async () => {
    running = await shellOnStack(backend, { listings: 50, env: { PUBLIC_ORIGIN: 'https://sumika.example' }, logger: captured, shellLogger: captured('shell') });
    app = running.shell;
  }, 600_000);

  afterAll(async () => {
    await running?.close();
  });

  beforeEach(clear);

  it('gives a page a new trace id, logged by the shell, the gateway and the user subgraph, and answered as x-request-id', async () => {
    const res = await app.inject({ url: '/specific/terms' });
    expect(res.statusCode).toBe(200);
    const traceId = res.headers['x-request-id'];
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(traceIdsOf('shell')).toEqual(new Set([traceId]));
    // The page's visit call: shell -> gateway -> user subgraph (the visitor's registration and the mutation).
    expect(traceIdsOf('gateway')).toEqual(new Set([traceId]));
    expect(traceIdsOf('user')).toEqual(new Set([traceId]));
    expect((lines.user ?? []).some((l) => l.msg === 'request completed')).toBe(true);
  });

  it("takes the caller's traceparent through the shell's /graphql to the gateway and the search subgraph", async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const res = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', traceparent: `00-${traceId}-00f067aa0ba902b7-01`, 'x-sumika-client': 'test' },
      payload: { query: '{ searchBukkensCount { count } }' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.searchBukkensCount.count).toBeGreaterThan(0);
    expect(res.headers['x-request-id']).toBe(traceId);
    for (const service of ['shell', 'gateway', 'search']) expect(traceIdsOf(service)).toEqual(new Set([traceId]));
  });

  it.each([
    'garbage',
    `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`,
    'ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
    `00-${'A'.repeat(32)}-00f067aa0ba902b7-01`,
  ])('starts a new trace for a malformed traceparent (%s), never an error', async (traceparent) => {
    const res = await app.inject({ url: '/specific/terms', headers: { traceparent } });
    expect(res.statusCode).toBe(200);
    const traceId = res.headers['x-request-id'];
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(traceparent).not.toContain(String(traceId));
    expect(traceIdsOf('gateway')).toEqual(new Set([traceId]));
  });
});
