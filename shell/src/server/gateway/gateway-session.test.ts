/** @jest-environment node */
import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MESSAGES } from '@sumika/shell-kit';
import { DEFAULT_MESSAGES } from '@sumika/server-kit';
import { GatewaySession, mainContentMissing, pageStatusForErrors, parseSetCookie, statusForErrorCode, type RecordedError } from './gateway-session.js';

const signer = { token: async () => 'shell-token', publicJwk: {} };
const log = { info: () => undefined, warn: () => undefined };

interface Answer {
  status?: number;
  body: unknown;
  setCookie?: string[];
  contentType?: string;
}
/** What the stand-in gateway answers a request with; undefined: it never answers. */
type Handler = (headers: IncomingHttpHeaders, body: string) => Answer | undefined;

/** A real HTTP server in the gateway's place: the session's requests go over a socket as in production. */
class FakeGateway {
  private server!: Server;
  handler: Handler = () => ({ body: { data: { ok: true } } });
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        const answer = this.handler(req.headers, body);
        if (!answer) return;
        res.statusCode = answer.status ?? 200;
        res.setHeader('content-type', answer.contentType ?? 'application/json');
        if (answer.setCookie?.length) res.setHeader('set-cookie', answer.setCookie);
        res.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/graphql`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

const gateway = new FakeGateway();
beforeAll(() => gateway.start());
afterAll(() => gateway.stop());
afterEach(() => {
  gateway.handler = () => ({ body: { data: { ok: true } } });
});

const post = (session: GatewaySession, body: unknown) =>
  session.fetch(gateway.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });

describe('GatewaySession', () => {
  it('forwards the visitor headers with its bearer token and keeps a minted _uid for the next call', async () => {
    const seen: IncomingHttpHeaders[] = [];
    gateway.handler = (headers) => {
      seen.push(headers);
      return { body: { data: { ok: true } }, setCookie: seen.length === 1 ? ['_uid=abc.sig; Path=/; HttpOnly; SameSite=Lax'] : [] };
    };
    const session = new GatewaySession({
      gatewayUrl: gateway.url,
      signer,
      visitor: { cookie: 'a=1', userAgent: 'UA', referer: 'https://www.google.com/' },
      log,
    });
    const res = await post(session, { operationName: 'One' });
    expect(await res.json()).toEqual({ data: { ok: true } });
    await post(session, { operationName: 'Two' });
    expect(seen[0]).toMatchObject({ authorization: 'Bearer shell-token', cookie: 'a=1', 'user-agent': 'UA', referer: 'https://www.google.com/' });
    expect(seen[1]?.cookie).toBe('a=1; _uid=abc.sig');
    expect(session.setCookies).toEqual(['_uid=abc.sig; Path=/; HttpOnly; SameSite=Lax']);
  });

  it('retries a USER_ID_ERROR without _uid: the visitor gets a fresh identity (SPEC §8)', async () => {
    const cookies: (string | undefined)[] = [];
    gateway.handler = (headers) => {
      const { cookie } = headers;
      cookies.push(cookie);
      if (cookie?.includes('_uid='))
        return {
          status: 400,
          body: { errors: [{ message: 'x', extensions: { code: 'USER_ID_ERROR' } }] },
          setCookie: ['_uid=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT'],
        };
      return { body: { data: { ok: true } }, setCookie: ['_uid=fresh.sig; Path=/; HttpOnly'] };
    };
    const session = new GatewaySession({ gatewayUrl: gateway.url, signer, visitor: { cookie: '_uid=stale.sig; b=2' }, log });
    const res = await post(session, { operationName: 'Page' });
    expect(res.status).toBe(200);
    expect(cookies).toEqual(['_uid=stale.sig; b=2', 'b=2']);
    expect(session.setCookies).toEqual(['_uid=fresh.sig; Path=/; HttpOnly']);
    expect(session.errors).toEqual([]);
  });

  it('sends an operation straight to the gateway and answers it parsed, as fetch does for Apollo: cookies, retry, errors', async () => {
    const seen: { cookie?: string; body: unknown }[] = [];
    gateway.handler = (headers, body) => {
      seen.push({ cookie: headers.cookie, body: JSON.parse(body) });
      if (headers.cookie?.includes('_uid=stale')) return { status: 400, body: { errors: [{ message: 'x', extensions: { code: 'USER_ID_ERROR' } }] } };
      return {
        body: { data: { page: null }, errors: [{ message: 'down', path: ['page'], extensions: { code: 'SERVICE_UNAVAILABLE' } }] },
        setCookie: ['_uid=fresh.sig; Path=/; HttpOnly'],
      };
    };
    const session = new GatewaySession({ gatewayUrl: gateway.url, signer, visitor: { cookie: '_uid=stale.sig' }, log });
    const answer = await session.operation({ operationName: 'Page', variables: { id: 1 }, query: '{ page }' });
    const body = { data: { page: null }, errors: [{ message: 'down', path: ['page'], extensions: { code: 'SERVICE_UNAVAILABLE' } }] };
    // Parsed, and the body as it came (the render's cache reuses an answer by it).
    expect(answer).toEqual({ status: 200, result: body, text: JSON.stringify(body) });
    // by hash only (the gateway knows the build's documents), retried the same way
    const extensions = { persistedQuery: { version: 1, sha256Hash: createHash('sha256').update('{ page }').digest('hex') } };
    expect(seen).toEqual([
      { cookie: '_uid=stale.sig', body: { operationName: 'Page', variables: { id: 1 }, extensions } },
      { cookie: undefined, body: { operationName: 'Page', variables: { id: 1 }, extensions } },
    ]);
    expect(session.setCookies).toEqual(['_uid=fresh.sig; Path=/; HttpOnly']);
    expect(session.errors).toEqual([{ operationName: 'Page', code: 'SERVICE_UNAVAILABLE', message: 'down', mainMissing: true }]);
    // A body that is not JSON: no result, the status as sent.
    gateway.handler = () => ({ status: 502, body: '<html>bad gateway</html>', contentType: 'text/html' });
    expect(await session.operation({ operationName: 'Page', query: '{ page }' })).toEqual({ status: 502, result: undefined, text: '<html>bad gateway</html>' });
  });

  it('sends the text after PERSISTED_QUERY_NOT_FOUND (APQ), without recording the miss', async () => {
    const seen: unknown[] = [];
    gateway.handler = (_headers, body) => {
      const parsed = JSON.parse(body) as { query?: string };
      seen.push(parsed);
      if (parsed.query === undefined) return { body: { errors: [{ message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }] } };
      return { body: { data: { page: 1 } } };
    };
    const session = new GatewaySession({ gatewayUrl: gateway.url, signer, visitor: {}, log });
    expect(await session.operation({ operationName: 'Page', query: 'query Page { page }' })).toEqual({
      status: 200,
      result: { data: { page: 1 } },
      text: '{"data":{"page":1}}',
    });
    const extensions = { persistedQuery: { version: 1, sha256Hash: createHash('sha256').update('query Page { page }').digest('hex') } };
    expect(seen).toEqual([
      { operationName: 'Page', extensions },
      { operationName: 'Page', extensions, query: 'query Page { page }' },
    ]);
    expect(session.errors).toEqual([]);
    // a refusal that is not a miss is the answer: never retried with the text
    seen.length = 0;
    gateway.handler = (_headers, body) => {
      seen.push(JSON.parse(body));
      return { status: 400, body: { errors: [{ message: 'x', extensions: { code: 'BAD_REQUEST', reason: 'PERSISTED_QUERY_NOT_ALLOWED' } }] } };
    };
    expect((await session.operation({ operationName: 'Page', query: 'query Page { page }' })).status).toBe(400);
    expect(seen).toHaveLength(1);
    expect(session.errors).toEqual([{ operationName: 'Page', code: 'BAD_REQUEST', message: 'x', mainMissing: true }]);
  });

  it('records the first error code of each operation', async () => {
    gateway.handler = () => ({
      body: {
        data: null,
        errors: [
          { message: 'なし', extensions: { code: 'NOT_FOUND' } },
          { message: 'y', extensions: { code: 'BAD_REQUEST' } },
        ],
      },
    });
    const session = new GatewaySession({ gatewayUrl: gateway.url, signer, visitor: {}, log });
    // Apollo's body names the operation first; a body that does not is parsed for it.
    await post(session, `{"variables":{},"operationName":"DetailBukken","query":"query DetailBukken { x }"}`);
    expect(session.errors).toEqual([{ operationName: 'DetailBukken', code: 'NOT_FOUND', message: 'なし', mainMissing: true }]);
  });

  it.each([
    ['data null', true, { data: null, errors: [{ message: 'x', extensions: { code: 'SERVICE_UNAVAILABLE' } }] }],
    [
      'a root field null where the error landed',
      true,
      { data: { a: null, b: { c: 1 } }, errors: [{ message: 'x', path: ['a'], extensions: { code: 'SERVICE_UNAVAILABLE' } }] },
    ],
    [
      'a nested field null under its root (propagated)',
      true,
      { data: { a: null }, errors: [{ message: 'x', path: ['a', 'company', 'name'], extensions: { code: 'SERVICE_UNAVAILABLE' } }] },
    ],
    ['no path and a null root field', true, { data: { a: null }, errors: [{ message: 'x', extensions: { code: 'SERVICE_UNAVAILABLE' } }] }],
    [
      'a nested error with the root there',
      false,
      { data: { a: { company: null } }, errors: [{ message: 'x', path: ['a', 'company'], extensions: { code: 'SERVICE_UNAVAILABLE' } }] },
    ],
    ['no path and every root field there', false, { data: { a: { company: null } }, errors: [{ message: 'x', extensions: { code: 'SERVICE_UNAVAILABLE' } }] }],
  ] as const)('tells whether the main content is missing: %s → %s', async (_label, missing, body) => {
    gateway.handler = () => ({ body });
    const session = new GatewaySession({ gatewayUrl: gateway.url, signer, visitor: {}, log });
    await post(session, { operationName: 'Page' });
    expect(session.errors).toEqual([{ operationName: 'Page', code: 'SERVICE_UNAVAILABLE', message: 'x', mainMissing: missing }]);
  });

  it('reads a non-GraphQL 502/503/504 as SERVICE_UNAVAILABLE', async () => {
    gateway.handler = () => ({ status: 502, contentType: 'text/html', body: '<html>Bad Gateway</html>' });
    const session = new GatewaySession({ gatewayUrl: gateway.url, signer, visitor: {}, log });
    const res = await post(session, '{}');
    expect(res.status).toBe(502);
    expect(session.errors).toMatchObject([{ code: 'SERVICE_UNAVAILABLE', mainMissing: true }]);
  });

  it('gives up on a call after its timeout, and at once past the page deadline, recording NETWORK_ERROR', async () => {
    gateway.handler = () => undefined;
    const session = new GatewaySession({ gatewayUrl: gateway.url, signer, visitor: {}, log, timeoutMs: 200, deadline: Date.now() + 5000 });
    const started = Date.now();
    const pending = post(session, { operationName: 'Slow' });
    expect(session.pendingOperations()).toEqual(['Slow']);
    await expect(pending).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(session.pendingOperations()).toEqual([]);
    const late = new GatewaySession({ gatewayUrl: gateway.url, signer, visitor: {}, log, timeoutMs: 2500, deadline: Date.now() - 1 });
    await expect(post(late, { operationName: 'Late' })).rejects.toThrow('deadline');
    expect([...session.errors, ...late.errors]).toMatchObject([
      { operationName: 'Slow', code: 'NETWORK_ERROR', mainMissing: true },
      { operationName: 'Late', code: 'NETWORK_ERROR', mainMissing: true },
    ]);
  });
});

describe('statusForErrorCode (SPEC §8)', () => {
  it.each([
    ['NOT_FOUND', false, 404],
    ['BAD_REQUEST', false, 400],
    ['BAD_REQUEST', true, 404],
    ['USER_ID_ERROR', false, 400],
    ['INTERNAL_SERVER_ERROR', false, 500],
    ['SERVICE_UNAVAILABLE', false, 503],
    ['NETWORK_ERROR', false, 503],
    ['CONFLICT', false, undefined],
    [undefined, false, undefined],
  ] as const)('%s (BAD_REQUEST as 404: %s) → %s', (code, badRequestAs404, status) => {
    expect(statusForErrorCode(code, { badRequestAs404 })).toBe(status);
  });
});

describe('pageStatusForErrors: 503 only when the main content is missing', () => {
  const e = (code: string, mainMissing: boolean): RecordedError => ({ operationName: 'Page', code, message: '', mainMissing });
  it.each([
    ['nothing', undefined, []],
    ['a part down, main content missing', 503, [e('SERVICE_UNAVAILABLE', true)]],
    ['the gateway unreachable', 503, [e('NETWORK_ERROR', true)]],
    ['a part down on a nested path, data there', undefined, [e('SERVICE_UNAVAILABLE', false)]],
    ['an internal error on a nested path, data there', undefined, [e('INTERNAL_SERVER_ERROR', false)]],
    ['an internal error without data', 500, [e('INTERNAL_SERVER_ERROR', true)]],
    ['a degraded operation, then a missing one', 404, [e('SERVICE_UNAVAILABLE', false), e('NOT_FOUND', true)]],
    ['NOT_FOUND whatever the data', 404, [e('NOT_FOUND', false)]],
  ] as const)('%s → %s', (_label, status, errors) => {
    expect(pageStatusForErrors(errors)).toBe(status);
  });
});

describe('mainContentMissing: the first root field is the main content', () => {
  const down = { message: 'x', extensions: { code: 'SERVICE_UNAVAILABLE' } };
  it.each([
    ['no data', true, { data: null, errors: [down] }],
    ['the first root null with its error', true, { data: { company: null, bukkensByCompany: null }, errors: [{ ...down, path: ['company'] }] }],
    [
      'a later root null with its error (company page, search down)',
      false,
      { data: { company: { key: 'c' }, bukkensByCompany: null }, errors: [{ ...down, path: ['bukkensByCompany'] }] },
    ],
    ['a nested field null', false, { data: { bukken: { company: null } }, errors: [{ ...down, path: ['bukken', 'company'] }] }],
    ['an error without a path, first root null', true, { data: { prefecture: null }, errors: [down] }],
    ['an error without a path, first root there', false, { data: { prefecture: { code: 13 }, specials: null }, errors: [down] }],
    ['empty data with an error', true, { data: {}, errors: [down] }],
  ] as const)('%s → %s', (_label, missing, body) => {
    expect(mainContentMissing(body as never)).toBe(missing);
  });
});

it("the 503 page says the subgraphs' SERVICE_UNAVAILABLE message (one sentence everywhere)", () => {
  expect(MESSAGES.serviceUnavailable).toBe(DEFAULT_MESSAGES.SERVICE_UNAVAILABLE);
});

describe('parseSetCookie', () => {
  it('tells a deleting Set-Cookie', () => {
    expect(parseSetCookie('_uid=; Path=/; Max-Age=0')).toEqual({ name: '_uid', value: '', deleted: true });
    expect(parseSetCookie('ab=x; Max-Age=1800')).toEqual({ name: 'ab', value: 'x', deleted: false });
  });
  it('reads expiry, quoted and encoded values, and refuses a nameless header', () => {
    expect(parseSetCookie('_uid=old; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT')).toMatchObject({ name: '_uid', deleted: true });
    expect(parseSetCookie('_uid=new; Expires=Fri, 01 Jan 2100 00:00:00 GMT; HttpOnly')).toEqual({ name: '_uid', value: 'new', deleted: false });
    expect(parseSetCookie('ab=x; Max-Age=-1')).toMatchObject({ deleted: true });
    // Values are kept as sent: the shell forwards them, it never re-encodes them.
    expect(parseSetCookie('q="a b"; Path=/')).toEqual({ name: 'q', value: '"a b"', deleted: false });
    expect(parseSetCookie('q=%E6%B8%8B; Path=/')).toEqual({ name: 'q', value: '%E6%B8%8B', deleted: false });
    expect(parseSetCookie('=x; Path=/')).toBeUndefined();
    expect(parseSetCookie('')).toBeUndefined();
  });
});

describe("the visitor's Cookie header", () => {
  it('forwards quoted and encoded values as sent, the first of duplicate names (as the gateway reads them), and no nameless pairs', async () => {
    const seen: (string | undefined)[] = [];
    gateway.handler = (headers) => {
      seen.push(headers.cookie);
      return { body: { data: { ok: true } } };
    };
    const cookie = '_uid=abc.s%2Fig; q="a b"; e=%E6%B8%8B; _uid=path-wide; =x; flag';
    const session = new GatewaySession({ gatewayUrl: gateway.url, signer, visitor: { cookie }, log });
    expect(session.cookieHeader()).toBe('_uid=abc.s%2Fig; q="a b"; e=%E6%B8%8B');
    await post(session, '{}');
    expect(seen).toEqual(['_uid=abc.s%2Fig; q="a b"; e=%E6%B8%8B']);
  });
});
