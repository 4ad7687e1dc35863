/** @jest-environment node */
import { GatewaySession, parseSetCookie, statusForErrorCode } from './gateway-session.js';

const signer = { token: async () => 'shell-token', publicJwk: {} };
const log = { info: () => undefined, warn: () => undefined };

function jsonResponse(body: unknown, init: { status?: number; setCookie?: string[] } = {}): Response {
  const headers = new Headers({ 'content-type': 'application/json' });
  for (const c of init.setCookie ?? []) headers.append('set-cookie', c);
  return new Response(JSON.stringify(body), { status: init.status ?? 200, headers });
}

describe('GatewaySession', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('forwards the visitor headers with its bearer token and keeps a minted _uid for the next call', async () => {
    const seen: Record<string, string>[] = [];
    globalThis.fetch = (async (_url: string, init: RequestInit) => {
      seen.push(Object.fromEntries(new Headers(init.headers).entries()));
      return jsonResponse({ data: { ok: true } }, { setCookie: seen.length === 1 ? ['_uid=abc.sig; Path=/; HttpOnly; SameSite=Lax'] : [] });
    }) as typeof fetch;
    const session = new GatewaySession({ gatewayUrl: 'http://gw/graphql', signer, visitor: { cookie: 'a=1', userAgent: 'UA', referer: 'https://www.google.com/' }, log });
    await session.fetch('http://gw/graphql', { method: 'POST', body: JSON.stringify({ operationName: 'One' }) });
    await session.fetch('http://gw/graphql', { method: 'POST', body: JSON.stringify({ operationName: 'Two' }) });
    expect(seen[0]).toMatchObject({ authorization: 'Bearer shell-token', cookie: 'a=1', 'user-agent': 'UA', referer: 'https://www.google.com/' });
    expect(seen[1]?.cookie).toBe('a=1; _uid=abc.sig');
    expect(session.setCookies).toEqual(['_uid=abc.sig; Path=/; HttpOnly; SameSite=Lax']);
  });

  it('retries a USER_ID_ERROR without _uid: the visitor gets a fresh identity (SPEC §8)', async () => {
    const cookies: (string | null)[] = [];
    globalThis.fetch = (async (_url: string, init: RequestInit) => {
      const cookie = new Headers(init.headers).get('cookie');
      cookies.push(cookie);
      if (cookie?.includes('_uid=')) return jsonResponse({ errors: [{ message: 'x', extensions: { code: 'USER_ID_ERROR' } }] }, { status: 400, setCookie: ['_uid=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT'] });
      return jsonResponse({ data: { ok: true } }, { setCookie: ['_uid=fresh.sig; Path=/; HttpOnly'] });
    }) as typeof fetch;
    const session = new GatewaySession({ gatewayUrl: 'http://gw/graphql', signer, visitor: { cookie: '_uid=stale.sig; b=2' }, log });
    const res = await session.fetch('http://gw/graphql', { method: 'POST', body: JSON.stringify({ operationName: 'Page' }) });
    expect(res.status).toBe(200);
    expect(cookies).toEqual(['_uid=stale.sig; b=2', 'b=2']);
    expect(session.setCookies).toEqual(['_uid=fresh.sig; Path=/; HttpOnly']);
    expect(session.errors).toEqual([]);
  });

  it('records the first error code of each operation', async () => {
    globalThis.fetch = (async () => jsonResponse({ data: null, errors: [{ message: 'なし', extensions: { code: 'NOT_FOUND' } }, { message: 'y', extensions: { code: 'BAD_REQUEST' } }] })) as unknown as typeof fetch;
    const session = new GatewaySession({ gatewayUrl: 'http://gw/graphql', signer, visitor: {}, log });
    await session.fetch('http://gw/graphql', { method: 'POST', body: JSON.stringify({ operationName: 'DetailBukken' }) });
    expect(session.errors).toEqual([{ operationName: 'DetailBukken', code: 'NOT_FOUND', message: 'なし' }]);
  });
});

describe('statusForErrorCode (SPEC §8)', () => {
  it.each([
    ['NOT_FOUND', false, 404],
    ['BAD_REQUEST', false, 400],
    ['BAD_REQUEST', true, 404],
    ['USER_ID_ERROR', false, 400],
    ['INTERNAL_SERVER_ERROR', false, 500],
    ['NETWORK_ERROR', false, 500],
    ['CONFLICT', false, undefined],
    [undefined, false, undefined],
  ] as const)('%s (BAD_REQUEST as 404: %s) → %s', (code, badRequestAs404, status) => {
    expect(statusForErrorCode(code, { badRequestAs404 })).toBe(status);
  });
});

describe('parseSetCookie', () => {
  it('tells a deleting Set-Cookie', () => {
    expect(parseSetCookie('_uid=; Path=/; Max-Age=0')).toEqual({ name: '_uid', value: '', deleted: true });
    expect(parseSetCookie('ab=x; Max-Age=1800')).toEqual({ name: 'ab', value: 'x', deleted: false });
  });
});
