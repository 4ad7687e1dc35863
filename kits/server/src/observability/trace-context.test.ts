import Fastify from 'fastify';
import { answerTraceId, outgoingTraceparent, parseTraceparent, traceIdOptions } from './trace-context.js';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';

describe('traceparent', () => {
  it('parses a version 00 header and a future version with more fields', () => {
    expect(parseTraceparent(`00-${TRACE}-00f067aa0ba902b7-01`)).toEqual({ traceId: TRACE, spanId: '00f067aa0ba902b7', flags: '01' });
    expect(parseTraceparent(`01-${TRACE}-00f067aa0ba902b7-00-extra`)?.traceId).toBe(TRACE);
  });

  it.each([
    undefined,
    '',
    'garbage',
    `00-${TRACE}-00f067aa0ba902b7-01-extra`,
    `ff-${TRACE}-00f067aa0ba902b7-01`,
    `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`,
    `00-${TRACE}-${'0'.repeat(16)}-01`,
    `00-${TRACE.toUpperCase()}-00f067aa0ba902b7-01`,
    ['a', 'b'],
  ])('refuses %p', (value) => {
    expect(parseTraceparent(value)).toBeUndefined();
  });

  it("makes the request id the caller's trace id (else a new one) and passes it on with the caller's flags", async () => {
    const app = Fastify({ ...traceIdOptions });
    answerTraceId(app);
    app.get('/', async (req) => ({ id: req.id, out: outgoingTraceparent(req) }));
    const given = await app.inject({ url: '/', headers: { traceparent: `00-${TRACE}-00f067aa0ba902b7-00` } });
    expect(given.headers['x-request-id']).toBe(TRACE);
    expect(given.json().out).toMatch(new RegExp(`^00-${TRACE}-[0-9a-f]{16}-00$`));
    expect(given.json().out).not.toContain('00f067aa0ba902b7');
    const fresh = await app.inject({ url: '/', headers: { traceparent: 'nonsense', 'request-id': 'chosen-by-client' } });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().id).toMatch(/^[0-9a-f]{32}$/);
    expect(fresh.json().out).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    await app.close();
  });
});
