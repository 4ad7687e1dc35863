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
      payload: {
        query: 'query($r: [_Any!]!) { _entities(representations: $r) { ... on Thing { id label } } }',
        variables: { r: [{ __typename: 'Thing', id: '7' }] },
      },
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

  it('applies the input rule to the path parameters and query string of plain routes too', async () => {
    const key = await generateSigningKey();
    const app = await buildSubgraphApp({ name: 'test', typeDefs, resolvers, auth: { jwks: { keys: [key.publicJwk] } }, context: () => ({}) });
    let handled = 0;
    app.get('/images/:key/:kind', async (req) => ++handled && req.params);
    for (const url of ['/images/%00/madori.svg', '/images/a/madori.svg?size=%07', '/images/a%1B/b']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errorCode: 'BAD_REQUEST', reason: 'CONTROL_CHARACTER' });
    }
    expect(handled).toBe(0);
    expect((await app.inject({ url: '/images/a/madori.svg?size=l' })).statusCode).toBe(200);
    expect(handled).toBe(1);
  });

  it('applies the input rule and its own cost limit to every document, whoever sends it (defence in depth)', async () => {
    const listTypeDefs = parse(`
      extend schema @link(url: "https://specs.apollo.dev/federation/v2.9", import: ["@key", "@listSize"])
      type Query { hello(name: String!): String! things(limit: Int = 10): [Thing!]! @listSize(slicingArguments: ["limit"]) }
      type Thing @key(fields: "id") { id: ID! label: String! related: [Thing!]! @listSize(assumedSize: 50) }
    `);
    let resolved = 0;
    const thing = (id: string) => ({ id, label: `thing ${id}`, related: [] });
    const listResolvers = {
      Query: {
        hello: (_: unknown, { name }: { name: string }) => ++resolved && `こんにちは ${name}`,
        things: (_: unknown, { limit }: { limit: number }) => ++resolved && Array.from({ length: limit }, (_x, i) => thing(String(i))),
      },
      Thing: { __resolveReference: (ref: { id: string }) => ++resolved && thing(ref.id) },
    };
    const key = await generateSigningKey();
    const app = await buildSubgraphApp({
      name: 'test',
      typeDefs: listTypeDefs,
      resolvers: listResolvers,
      auth: { jwks: { keys: [key.publicJwk] } },
      context: () => ({}),
      limits: { maxCost: 5000, maxDepth: 6 },
    });
    const headers = { authorization: `Bearer ${await (await tokenSigner(key))({})}` };
    const run = (payload: Record<string, unknown>) => app.inject({ method: 'POST', url: '/graphql', headers, payload });
    // Control characters, in variables and in literals.
    for (const payload of [{ query: 'query($n: String!) { hello(name: $n) }', variables: { n: 'a\u0000' } }, { query: '{ hello(name: "a\\u0007") }' }]) {
      const res = await run(payload);
      expect(res.json().errors[0].extensions).toMatchObject({ code: 'BAD_REQUEST', reason: 'CONTROL_CHARACTER' });
    }
    // Nested lists multiply: 100 × 50 × 50 is refused before any resolver runs.
    const costly = await run({ query: '{ things(limit: 100) { related { related { id } } } }' });
    expect(costly.json().errors[0].extensions).toMatchObject({ code: 'BAD_REQUEST', reason: 'QUERY_TOO_COSTLY' });
    expect(costly.json().errors[0].message).toMatch(/cost \d+ > limit 5000/);
    const deep = await run({ query: '{ things(limit: 1) { related { related { related { related { related { related { id } } } } } } } }' });
    expect(deep.json().errors[0].extensions).toMatchObject({ code: 'BAD_REQUEST', reason: 'QUERY_TOO_DEEP' });
    // Brackets nested 5,000 deep are refused before the recursive parser sees them (fuzz seed 399010398).
    const nested = await run({ query: `{ things(limit: ${'['.repeat(5000)}1${']'.repeat(5000)}) { id } }` });
    expect(nested.json().errors[0].extensions).toMatchObject({ code: 'BAD_REQUEST', reason: 'QUERY_TOO_DEEP' });
    expect(nested.json().errors[0].message).not.toMatch(/call stack/);
    expect(resolved).toBe(0);
    // A gateway entity fetch is priced by its representations: 1,000 small ones pass, 5,000 do not.
    const entities = (n: number) =>
      run({
        query: 'query($r: [_Any!]!) { _entities(representations: $r) { ... on Thing { id label } } }',
        variables: { r: Array.from({ length: n }, (_x, i) => ({ __typename: 'Thing', id: String(i) })) },
      });
    expect((await entities(1000)).json().data._entities).toHaveLength(1000);
    expect((await entities(5000)).json().errors[0].extensions.reason).toBe('QUERY_TOO_COSTLY');
    await app.close();
  });
});
