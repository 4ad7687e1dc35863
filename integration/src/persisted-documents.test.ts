/**
 * Persisted documents (issue 15, decision 021): the build's manifest against the real gateway over the
 * real subgraphs, in both documents modes. `persisted`: every operation of the manifest runs by hash and
 * by its text, as in `any` mode; any other document, hash or text, is refused before Apollo parses it;
 * introspection too; the REST paths still run their fixed documents. `any`: as before, with the manifest's
 * hashes known without registration.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import { buildSchema, getNamedType, isEnumType, isInputObjectType, Kind, parse, type OperationDefinitionNode } from 'graphql';
import { MemoryCache, repoRoot } from '@sumika/server-kit';
import { testBackends } from '@sumika/storage-kit/testing';
import { build as buildGateway } from '@sumika/gateway/app';
import { startStack, type Stack } from './stack.js';

interface Operation {
  id: string;
  name: string;
  type: 'query' | 'mutation' | 'subscription';
  body: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const NOT_ALLOWED = { code: 'BAD_REQUEST', reason: 'PERSISTED_QUERY_NOT_ALLOWED' };

describe.each(testBackends())('persisted documents through the gateway on $name', (backend) => {
  let stack: Stack;
  /** The same subgraphs behind a second gateway in `persisted` mode. */
  let persisted: FastifyInstance;
  let operations: Operation[];
  let variablesOf: (op: Operation) => Record<string, unknown>;

  beforeAll(async () => {
    stack = await startStack(backend, { listings: 300 });
    persisted = await buildGateway({ config: { ...stack.config, documents: 'persisted' }, cache: new MemoryCache() });
    await persisted.ready();
    operations = (JSON.parse(readFileSync(stack.config.persistedDocumentsFile, 'utf8')) as { operations: Operation[] }).operations;
    // Values the seeded data has, for the variables the pages send; others get one of their type.
    const { rows } = await stack.stores.search.pool.query<{ global_key: string }>(
      'SELECT global_key FROM listing WHERE NOT archived ORDER BY global_key LIMIT 1',
    );
    const globalKey = rows[0]!.global_key;
    const box = { level: 5, south: 35.6, west: 139.6, north: 35.8, east: 139.9 };
    const cells = await stack.gateway.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload: { query: `{ mapInfo(level: 5, south: 35.6, west: 139.6, north: 35.8, east: 139.9) { geoHex } }` },
    });
    const geoHex = (cells.json() as { data: { mapInfo: { geoHex: string }[] } }).data.mapInfo[0]!.geoHex;
    const known: Record<string, unknown> = {
      globalKey,
      globalKeys: [globalKey],
      prefecturePath: 'tokyo',
      path: 'tokyo',
      cityCode: 13101,
      perPage: 20,
      page: 1,
      geoHex,
      ...box,
    };
    const schema = buildSchema(readFileSync(path.join(repoRoot(), 'gateway', '__generated__', 'api-schema.graphql'), 'utf8'));
    variablesOf = (op) => {
      const def = parse(op.body).definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
      const out: Record<string, unknown> = {};
      for (const v of def.variableDefinitions ?? []) {
        const name = v.variable.name.value;
        if (name in known) {
          out[name] = known[name];
          continue;
        }
        if (v.type.kind !== Kind.NON_NULL_TYPE) continue;
        if (v.type.type.kind === Kind.LIST_TYPE) {
          out[name] = [];
          continue;
        }
        const named = getNamedType(schema.getType(v.type.type.name.value)!);
        if (named.name === 'Int') out[name] = 1;
        else if (named.name === 'Float') out[name] = 1;
        else if (named.name === 'Boolean') out[name] = true;
        else if (isEnumType(named)) out[name] = named.getValues()[0]?.name;
        else if (isInputObjectType(named)) out[name] = {};
        else out[name] = '1';
      }
      return out;
    };
  }, 600_000);
  afterAll(async () => {
    await persisted?.close();
    await stack?.close();
  });

  const post = (gateway: FastifyInstance, payload: Record<string, unknown>) =>
    gateway.inject({ method: 'POST', url: '/graphql', payload, headers: { 'content-type': 'application/json' } });
  const byHash = (op: Operation) => ({ operationName: op.name, variables: variablesOf(op), extensions: { persistedQuery: { version: 1, sha256Hash: op.id } } });
  const byText = (op: Operation) => ({ operationName: op.name, variables: variablesOf(op), query: op.body });
  /** What a comparison keeps of an answer: its status and error codes (mutations' data carry instants). */
  const outcome = (res: { statusCode: number; json: () => { errors?: { extensions?: { code?: string } }[] } }) => ({
    status: res.statusCode,
    codes: (res.json().errors ?? []).map((e) => e.extensions?.code),
  });

  it('holds the site operations, each id the SHA-256 of its text', () => {
    expect(operations.length).toBeGreaterThan(40);
    for (const op of operations) expect(op.id).toBe(sha256(op.body));
    const names = operations.map((op) => op.name);
    for (const page of ['SearchTopPage', 'SearchBukkens', 'DetailBukken', 'UserFavorites', 'ShellVisit']) expect(names).toContain(page);
  });

  it('persisted: every query of the manifest answers 200 by hash and by text, as in `any` mode', async () => {
    const not200: string[] = [];
    for (const op of operations.filter((o) => o.type === 'query')) {
      const reference = outcome(await post(stack.gateway, byText(op)));
      const hash = outcome(await post(persisted, byHash(op)));
      const text = outcome(await post(persisted, byText(op)));
      // the same outcome (each request is a new visitor: A/B variants differ, so not the same data)
      expect({ op: op.name, ...hash }).toEqual({ op: op.name, ...reference });
      expect({ op: op.name, ...text }).toEqual({ op: op.name, ...reference });
      if (hash.status !== 200) not200.push(`${op.name}: ${JSON.stringify((await post(persisted, byHash(op))).json().errors)}`);
    }
    expect(not200).toEqual([]);
  }, 300_000);

  it('persisted: every mutation of the manifest passes the gate by hash and by text and is answered as in `any` mode', async () => {
    for (const op of operations.filter((o) => o.type === 'mutation')) {
      // writes: the same status (a second write of the same thing may answer otherwise), never the gate's refusal
      const reference = await post(stack.gateway, byText(op));
      for (const res of [await post(persisted, byHash(op)), await post(persisted, byText(op))]) {
        expect({ op: op.name, status: res.statusCode }).toEqual({ op: op.name, status: reference.statusCode });
        expect(res.json().errors?.[0]?.extensions?.reason).not.toBe('PERSISTED_QUERY_NOT_ALLOWED');
      }
    }
  }, 300_000);

  it('persisted: an unknown document, an unknown hash and a modified known document are 400 before any subgraph is called', async () => {
    // the visitor's identity is settled before (user subgraph); no document reaches the read subgraphs
    const reads = () => ({ search: stack.calls.search, bukken: stack.calls.bukken, company: stack.calls.company, forms: stack.calls.forms });
    const before = reads();
    const known = operations.find((o) => o.name === 'SearchTopPage')!;
    const refused = [
      await post(persisted, { query: '{ regions { regions { code name } } }' }),
      await post(persisted, { extensions: { persistedQuery: { version: 1, sha256Hash: sha256('query Unknown { __typename }') } } }),
      // one space more than the manifest's text
      await post(persisted, { operationName: known.name, query: `${known.body} ` }),
      // a known hash does not let another text through
      await post(persisted, { query: '{ regions { regions { code } } }', extensions: { persistedQuery: { version: 1, sha256Hash: known.id } } }),
      await persisted.inject({
        method: 'GET',
        url: `/graphql?query=${encodeURIComponent('{ regions { regions { code } } }')}`,
        headers: { 'apollo-require-preflight': 'true' },
      }),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].extensions).toEqual(NOT_ALLOWED);
    }
    expect(reads()).toEqual(before);
  });

  it('persisted: a query by hash over GET runs', async () => {
    const op = operations.find((o) => o.name === 'SearchTopPage')!;
    const extensions = encodeURIComponent(JSON.stringify({ persistedQuery: { version: 1, sha256Hash: op.id } }));
    const res = await persisted.inject({
      method: 'GET',
      url: `/graphql?operationName=${op.name}&extensions=${extensions}`,
      headers: { 'apollo-require-preflight': 'true' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().errors).toBeUndefined();
  });

  it('persisted: introspection is refused; `any` (not production) still answers it', async () => {
    const introspection = { query: '{ __schema { queryType { name } } }' };
    const refused = await post(persisted, introspection);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].extensions).toEqual(NOT_ALLOWED);
    const answered = await post(stack.gateway, introspection);
    expect(answered.statusCode).toBe(200);
    expect(answered.json().data.__schema.queryType.name).toBe('Query');
  });

  it('persisted: the REST paths run their own fixed documents', async () => {
    const res = await persisted.inject({ method: 'GET', url: '/api/v4_1/regions' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual((await stack.gateway.inject({ method: 'GET', url: '/api/v4_1/regions' })).json());
  });

  it('any: any document runs, a manifest hash runs unregistered, an unknown hash asks for its text (APQ)', async () => {
    const free = await post(stack.gateway, { query: '{ regions { regions { code } } }' });
    expect(free.statusCode).toBe(200);
    expect(free.json().data.regions.regions.length).toBeGreaterThan(0);
    const op = operations.find((o) => o.name === 'SearchTopPage')!;
    const hashed = await post(stack.gateway, byHash(op));
    expect(hashed.statusCode).toBe(200);
    expect(hashed.json().errors).toBeUndefined();
    const unknown = sha256('query NotYet { __typename }');
    const miss = await post(stack.gateway, { extensions: { persistedQuery: { version: 1, sha256Hash: unknown } } });
    expect(miss.json().errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    const registered = await post(stack.gateway, { query: 'query NotYet { __typename }', extensions: { persistedQuery: { version: 1, sha256Hash: unknown } } });
    expect(registered.json()).toEqual({ data: { __typename: 'Query' } });
    expect((await post(stack.gateway, { extensions: { persistedQuery: { version: 1, sha256Hash: unknown } } })).json()).toEqual({
      data: { __typename: 'Query' },
    });
  });
});
