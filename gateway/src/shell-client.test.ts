/**
 * The shell's token at the gateway: a request through the shell (RS256 token from the shell's key,
 * its issuer, this gateway as audience) takes the visitor's address from the x-forwarded-for entry
 * the shell appended; any other bearer token is 401; no token means the socket's address.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';
import shellClient from './plugins/shell-client.js';

const ISSUER = 'sumika-shell';
const AUDIENCE = 'http://127.0.0.1:4000/graphql';

let shellKey: CryptoKey;
let otherKey: CryptoKey;
let jwks: JSONWebKeySet;

beforeAll(async () => {
  const shell = await generateKeyPair('RS256', { extractable: true });
  const other = await generateKeyPair('RS256', { extractable: true });
  shellKey = shell.privateKey;
  otherKey = other.privateKey;
  jwks = { keys: [{ ...(await exportJWK(shell.publicKey)), kid: 'shell', alg: 'RS256', use: 'sig' }] };
});

async function token(opts: { key?: CryptoKey; kid?: string; issuer?: string; audience?: string; expiresIn?: string | number } = {}): Promise<string> {
  return new SignJWT({ client: 'shell' })
    .setProtectedHeader({ alg: 'RS256', kid: opts.kid ?? 'shell' })
    .setIssuer(opts.issuer ?? ISSUER)
    .setAudience(opts.audience ?? AUDIENCE)
    .setSubject('shell')
    .setIssuedAt()
    .setExpirationTime(opts.expiresIn ?? '1d')
    .sign(opts.key ?? shellKey);
}

async function app(keys?: JWTVerifyGetKey): Promise<FastifyInstance> {
  const a = Fastify();
  await a.register(shellClient, { keys: keys ?? createLocalJWKSet(jwks), issuer: ISSUER, audiences: [AUDIENCE] });
  const handler = async (req: { clientIp: string; viaShell: boolean }) => ({ ip: req.clientIp, viaShell: req.viaShell });
  a.post('/graphql', handler);
  a.get('/api/v4_1/favorites', handler);
  await a.ready();
  return a;
}

test('through the shell: the visitor is the address the shell appended, not what the visitor claimed', async () => {
  const a = await app();
  const res = await a.inject({
    method: 'POST',
    url: '/graphql',
    remoteAddress: '10.0.0.5',
    headers: { authorization: `Bearer ${await token()}`, 'x-forwarded-for': '6.6.6.6, 203.0.113.7' },
    payload: {},
  });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ ip: '203.0.113.7', viaShell: true });
  await a.close();
});

test('without a token the address is the socket peer, whatever x-forwarded-for says', async () => {
  const a = await app();
  const res = await a.inject({ method: 'POST', url: '/graphql', remoteAddress: '198.51.100.9', headers: { 'x-forwarded-for': '6.6.6.6' }, payload: {} });
  expect(res.json()).toEqual({ ip: '198.51.100.9', viaShell: false });
  await a.close();
});

test.each([
  ['signed by another key', () => token({ key: otherKey })],
  ['another key under the shell kid is still another key', () => token({ key: otherKey, kid: 'shell' })],
  ['expired', () => token({ expiresIn: Math.floor(Date.now() / 1000) - 60 })],
  ['for another audience', () => token({ audience: 'http://elsewhere/graphql' })],
  ['from another issuer', () => token({ issuer: 'someone-else' })],
  ['not a JWT', async () => 'not-a-jwt'],
])('a bearer token %s is 401 UNAUTHENTICATED, on GraphQL and REST', async (_what, make) => {
  const a = await app();
  const t = await make();
  const gql = await a.inject({ method: 'POST', url: '/graphql', headers: { authorization: `Bearer ${t}`, 'x-forwarded-for': '6.6.6.6' }, payload: {} });
  expect(gql.statusCode).toBe(401);
  expect(gql.json()).toEqual({ errors: [{ message: expect.any(String), extensions: { code: 'UNAUTHENTICATED' } }] });
  const rest = await a.inject({ method: 'GET', url: '/api/v4_1/favorites', headers: { authorization: `Bearer ${t}` } });
  expect(rest.statusCode).toBe(401);
  expect(rest.json()).toMatchObject({ errorCode: 'UNAUTHENTICATED' });
  await a.close();
});

test('a Basic authorization header is 401 too', async () => {
  const a = await app();
  const res = await a.inject({ method: 'POST', url: '/graphql', headers: { authorization: 'Basic dTpw' }, payload: {} });
  expect(res.statusCode).toBe(401);
  await a.close();
});

test("the shell's keys unreachable: the page still works, the forwarded address is not trusted", async () => {
  const unreachable: JWTVerifyGetKey = async () => {
    throw new TypeError('fetch failed');
  };
  const a = await app(unreachable);
  const res = await a.inject({
    method: 'POST',
    url: '/graphql',
    remoteAddress: '10.0.0.5',
    headers: { authorization: `Bearer ${await token()}`, 'x-forwarded-for': '203.0.113.7' },
    payload: {},
  });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ ip: '10.0.0.5', viaShell: false });
  await a.close();
});
