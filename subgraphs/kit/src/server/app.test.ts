import { parse } from 'graphql';
import { buildSubgraphApp } from './app.js';
import { AppError } from './errors.js';
import { generateSigningKey, tokenSigner } from './jwt.js';

const typeDefs = parse(`
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key"])
  type Query { hello(name: String!): String! whoami: String broken: String }
  type Thing @key(fields: "id") { id: ID! label: String! }
`);

const resolvers = {
  Query: {
    hello: (_: unknown, { name }: { name: string }) => {
      if (!name) throw new AppError('BAD_REQUEST', '名前を入力してください');
      return `こんにちは ${name}`;
    },
    whoami: (_: unknown, __: unknown, ctx: { uid?: string }) => ctx.uid ?? null,
    broken: () => {
      throw new Error('secret internals at /srv/app.ts:12');
    },
  },
  Thing: { __resolveReference: (ref: { id: string }) => ({ id: ref.id, label: `thing ${ref.id}` }) },
};

describe('subgraph app', () => {
  it('requires the gateway token and passes the verified uid to resolvers', async () => {
    const key = await generateSigningKey('k1');
    const other = await generateSigningKey('k2');
    const app = await buildSubgraphApp({
      name: 'test',
      typeDefs,
      resolvers,
      auth: { jwks: { keys: [key.publicJwk] } },
      context: (req) => ({ uid: req.identity.uid }),
    });
    const query = { query: '{ whoami }' };
    expect((await app.inject({ method: 'POST', url: '/graphql', payload: query })).statusCode).toBe(401);
    const forged = await (await tokenSigner(other))({ uid: 'someone-else' });
    const rejected = await app.inject({ method: 'POST', url: '/graphql', payload: query, headers: { authorization: `Bearer ${forged}` } });
    expect(rejected.statusCode).toBe(401);
    expect(rejected.json().errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const token = await (await tokenSigner(key))({ uid: 'visitor-1' });
    const ok = await app.inject({ method: 'POST', url: '/graphql', payload: query, headers: { authorization: `Bearer ${token}` } });
    expect(ok.json()).toEqual({ data: { whoami: 'visitor-1' } });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await app.close();
  });

  it('resolves entities, keeps error codes and hides internals', async () => {
    const key = await generateSigningKey();
    const app = await buildSubgraphApp({ name: 'test', typeDefs, resolvers, auth: { jwks: { keys: [key.publicJwk] } }, context: () => ({}) });
    const headers = { authorization: `Bearer ${await (await tokenSigner(key))({})}` };
    const entities = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers,
      payload: { query: 'query($r: [_Any!]!) { _entities(representations: $r) { ... on Thing { id label } } }', variables: { r: [{ __typename: 'Thing', id: '7' }] } },
    });
    expect(entities.json()).toEqual({ data: { _entities: [{ id: '7', label: 'thing 7' }] } });
    const bad = await app.inject({ method: 'POST', url: '/graphql', headers, payload: { query: '{ hello(name: "") }' } });
    expect(bad.json().errors[0]).toMatchObject({ message: '名前を入力してください', extensions: { code: 'BAD_REQUEST' } });
    const broken = await app.inject({ method: 'POST', url: '/graphql', headers, payload: { query: '{ broken }' } });
    expect(broken.json().errors[0]).toMatchObject({ message: 'サーバの内部エラーにより、表示できません。', extensions: { code: 'INTERNAL_SERVER_ERROR' } });
    expect(broken.body).not.toContain('secret internals');
    const invalid = await app.inject({ method: 'POST', url: '/graphql', headers, payload: { query: '{ nope }' } });
    expect(invalid.json().errors[0].extensions.code).toBe('BAD_REQUEST');
    await app.close();
  });
});
