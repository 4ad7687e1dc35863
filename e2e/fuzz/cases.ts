/**
 * The fixed request lists: malformed GraphQL transport (protocol), document shapes, the REST paths,
 * junk against the shell (paths, query strings, headers, every route pattern of shell/src/routes.ts),
 * and the abuse list of issue 13's findings 1–3 verbatim, each with the answer the contracts fix.
 */
import { Kind, parse, type OperationDefinitionNode, type TypeNode } from 'graphql';
import { REST_OPERATIONS } from '../../gateway/src/rest/operations.js';
import { ROUTES, type ParamRule } from '../../shell/src/routes.js';
import { graphqlBody, type Known } from './graphql-gen.js';
import type { RawRequest, RawResponse } from './http.js';
import type { Rng } from './prng.js';
import { deepArrayJson, deepObjectJson, hugeString, KB100, ODD_STRINGS, RawJson, toJson, withControl } from './values.js';

export type Target = 'gateway' | 'shell';

export interface Case {
  category: string;
  name: string;
  target: Target;
  request: RawRequest;
  /** A check beyond the common ones (the contract's status and code); returns what is wrong. */
  expect?: (res: RawResponse) => string | undefined;
  /** A query field's valid baseline: counted in the sanity figure. */
  baseline?: boolean;
  timeoutMs?: number;
}

export interface CaseContext {
  rng: Rng;
  known: Known;
  /** A `_uid` cookie minted by the gateway for this run. */
  cookie: string;
}

// ---- request builders -------------------------------------------------------------------------------

const JSON_CT: [string, string] = ['Content-Type', 'application/json'];

export function gqlPost(body: string | Buffer, headers: [string, string][] = [JSON_CT], target = '/graphql'): RawRequest {
  return { method: 'POST', target, headers, body };
}

function withCookie(ctx: CaseContext, headers: [string, string][]): [string, string][] {
  return ctx.rng.chance(0.7) ? [...headers, ['Cookie', ctx.cookie]] : headers;
}

/** encodeURIComponent that also sends a lone surrogate (as the invalid UTF-8 bytes ED A0 80) instead of throwing. */
const q = (s: string): string => {
  try {
    return encodeURIComponent(s);
  } catch {
    return s
      .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\u0001')
      .split('\u0001')
      .map(encodeURIComponent)
      .join('%ED%A0%80');
  }
};

// ---- expectations (contracts.md) ----------------------------------------------------------------------

const codeIn = (body: string, code: string) => new RegExp(`"(?:code|errorCode)"\\s*:\\s*"${code}"`).test(body);

export function expectStatusCode(status: number, code: string) {
  return (res: RawResponse) => (res.status === status && codeIn(res.body, code) ? undefined : `expected ${status} with code ${code}, got ${res.status}`);
}

export function expect4xx(res: RawResponse): string | undefined {
  return res.status >= 400 && res.status < 500 ? undefined : `expected a 4xx, got ${res.status}`;
}

export function expectStatusIn(statuses: number[]) {
  return (res: RawResponse) => (statuses.includes(res.status) ? undefined : `expected ${statuses.join('/')}, got ${res.status}`);
}

/** PERSISTED_QUERY_NOT_FOUND keeps Apollo's own answer (contracts); anything else malformed is a 4xx. */
function expect4xxOrPqNotFound(res: RawResponse): string | undefined {
  return codeIn(res.body, 'PERSISTED_QUERY_NOT_FOUND') ? undefined : expect4xx(res);
}

/** Never a redirect off the site (`//evil.example` is a protocol-relative URL). */
function expectNoOffsiteRedirect(res: RawResponse): string | undefined {
  const location = res.headers.location ?? '';
  if (/^(?:[a-z]+:)?\/\/|^\/\\|evil\.example/i.test(location)) return `redirects off the site: Location ${location}`;
  return undefined;
}

function expectNoHostEcho(res: RawResponse): string | undefined {
  return res.body.includes('evil.example') ? 'the Host header is echoed into the page (canonical/origin URLs must come from the configured origin)' : undefined;
}

// ---- protocol: the transport around GraphQL ---------------------------------------------------------------

export function protocolCases(ctx: CaseContext): Case[] {
  const { rng } = ctx;
  const ok = graphqlBody('{ __typename }');
  const c = (name: string, request: RawRequest, expect?: Case['expect']): Case => ({
    category: 'protocol',
    name,
    target: 'gateway',
    request,
    ...(expect ? { expect } : {}),
  });
  const get = (query: string, headers: [string, string][] = [['Apollo-Require-Preflight', 'true']]): RawRequest => ({
    method: 'GET',
    target: `/graphql?${query}`,
    headers,
  });
  const pq = (persistedQuery: unknown, query?: string) => toJson({ ...(query ? { query } : {}), extensions: { persistedQuery } });
  return [
    c('GET baseline', get(`query=${q('{ __typename }')}`)),
    c('GET without preflight header (CSRF)', get(`query=${q('{ __typename }')}`, []), expect4xx),
    c('GET empty query', get('query=')),
    c('GET NUL query', get('query=%00'), expect4xx),
    c('GET %zz', get('query=%zz')),
    c('GET junk variables', get(`query=${q('query($a:Int){ __typename }')}&variables=%7Bbad`), expect4xx),
    c('GET variables %zz', get(`query=${q('{ __typename }')}&variables=%zz`)),
    c('GET junk extensions', get(`query=${q('{ __typename }')}&extensions=%7B%22persistedQuery%22`), expect4xx),
    c('GET extensions wrong hash', get(`extensions=${q(toJson({ persistedQuery: { version: 1, sha256Hash: 'zz' } }))}`), expect4xxOrPqNotFound),
    c('GET mutation', get(`query=${q('mutation { registerVisitor { uid } }')}`), expect4xx),
    c('GET repeated query', get(`query=${q('{ __typename }')}&query=${q('{ __typename }')}`)),
    c('GET operationName array', get(`query=${q('query A { __typename }')}&operationName[]=A&operationName[]=B`)),
    c('GET 10 KB query param', get(`query=${q(`{ __typename ${'__typename '.repeat(900)}}`)}`)),
    c('GET no params', get('')),
    c('GET junk params', get('a[b][c][d]=1&__proto__[x]=1&constructor[prototype][y]=2&%zz=%zz&=&&&')),
    c('POST text/plain', gqlPost(ok, [['Content-Type', 'text/plain']]), expect4xx),
    c('POST form-urlencoded', gqlPost(`query=${q('{ __typename }')}`, [['Content-Type', 'application/x-www-form-urlencoded']]), expect4xx),
    c(
      'POST multipart',
      gqlPost('--x\r\nContent-Disposition: form-data; name="operations"\r\n\r\n{"query":"{ __typename }"}\r\n--x--\r\n', [
        ['Content-Type', 'multipart/form-data; boundary=x'],
      ]),
      expect4xx,
    ),
    c('POST application/graphql', gqlPost('{ __typename }', [['Content-Type', 'application/graphql']]), expect4xx),
    c('POST no content type', gqlPost(ok, []), expect4xx),
    c('POST json latin1 charset', gqlPost(ok, [['Content-Type', 'application/json; charset=latin1']])),
    c('POST json junk content type', gqlPost(ok, [['Content-Type', 'application/json\u0000x']])),
    c('POST json with BOM', gqlPost(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(ok)]))),
    c('POST invalid JSON {', gqlPost('{'), expect4xx),
    c('POST invalid JSON truncated', gqlPost('{"query":"{ __typename'), expect4xx),
    c('POST invalid UTF-8', gqlPost(Buffer.from([0x7b, 0x22, 0x71, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]))),
    c('POST null', gqlPost('null'), expect4xx),
    c('POST []', gqlPost('[]'), expect4xx),
    c('POST string', gqlPost('"{ __typename }"'), expect4xx),
    c('POST number', gqlPost('123'), expect4xx),
    c('POST query null', gqlPost('{"query":null}'), expect4xx),
    c('POST query number', gqlPost('{"query":123}'), expect4xx),
    c('POST query object', gqlPost('{"query":{"a":1}}'), expect4xx),
    c('POST variables string', gqlPost('{"query":"{ __typename }","variables":"x"}'), expect4xx),
    c('POST variables array', gqlPost('{"query":"{ __typename }","variables":[1]}'), expect4xx),
    c('POST extensions string', gqlPost('{"query":"{ __typename }","extensions":"x"}'), expect4xx),
    c('POST operationName number', gqlPost('{"query":"{ __typename }","operationName":5}'), expect4xx),
    c('POST __proto__ keys', gqlPost('{"__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}},"query":"{ __typename }"}')),
    c('POST duplicate keys', gqlPost('{"query":"{ __typename }","query":"{ nope }"}')),
    c('POST batch of 2', gqlPost(`[${ok},${ok}]`)),
    c('POST batch of 1000', gqlPost(`[${Array.from({ length: 1000 }, () => ok).join(',')}]`)),
    c('POST JSON nested 10,000 deep', gqlPost(deepArrayJson(10_000).text)),
    c('POST JSON object nested 10,000 deep', gqlPost(`{"query":"{ __typename }","extensions":${deepObjectJson(10_000).text}}`)),
    c('POST 2 MB body', gqlPost(graphqlBody('query($s: String) { __typename }', { s: hugeString(rng, 2 * 1024 * 1024) })), expect4xx),
    // Asked first, as curl does for a large body: the gateway's 413 comes instead of the 100, nothing is
    // uploaded. (Sent without asking, a body this size races the server's close: TCP may reset before
    // the 413 is read; the 2 MB case above covers an unasked over-limit body.)
    c(
      'POST 12 MB body (Expect: 100-continue)',
      gqlPost(toJson({ query: '{ __typename }', variables: { s: 'x'.repeat(12 * 1024 * 1024) } }), [JSON_CT, ['Expect', '100-continue']]),
      expectStatusIn([413]),
    ),
    c('POST declared 10 GB', { method: 'POST', target: '/graphql', headers: [JSON_CT, ['Content-Length', '10737418240']], body: ok }, expect4xx),
    c(
      'POST broken chunked',
      { method: 'POST', target: '/graphql', headers: [JSON_CT, ['Transfer-Encoding', 'chunked']], body: 'zz\r\nabc\r\n0\r\n\r\n' },
      expect4xx,
    ),
    c('POST gzip that is not gzip', gqlPost(ok, [JSON_CT, ['Content-Encoding', 'gzip']])),
    c('POST unknown content encoding', gqlPost(ok, [JSON_CT, ['Content-Encoding', 'zz']])),
    c('POST Accept graphql-response', gqlPost(ok, [JSON_CT, ['Accept', 'application/graphql-response+json']])),
    c('POST Accept junk', gqlPost(ok, [JSON_CT, ['Accept', '*/*;q=abc, text/html;;;']])),
    c('POST Accept text/html only', gqlPost(ok, [JSON_CT, ['Accept', 'text/html']])),
    c('PUT /graphql', { method: 'PUT', target: '/graphql', headers: [JSON_CT], body: ok }, expect4xx),
    c('DELETE /graphql', { method: 'DELETE', target: '/graphql', headers: [] }, expect4xx),
    c('PATCH /graphql', { method: 'PATCH', target: '/graphql', headers: [JSON_CT], body: ok }, expect4xx),
    c('OPTIONS junk origin', {
      method: 'OPTIONS',
      target: '/graphql',
      headers: [
        ['Origin', 'null'],
        ['Access-Control-Request-Method', 'POST'],
        ['Access-Control-Request-Headers', 'x'.repeat(4000)],
      ],
    }),
    c('HEAD /graphql', { method: 'HEAD', target: '/graphql', headers: [] }),
    c('PQ hash zz', gqlPost(pq({ version: 1, sha256Hash: 'zz' })), expect4xxOrPqNotFound),
    c('PQ hash zz with query', gqlPost(pq({ version: 1, sha256Hash: 'zz' }, '{ __typename }')), expect4xx),
    c('PQ hash number', gqlPost(pq({ version: 1, sha256Hash: 12345 })), expect4xxOrPqNotFound),
    c('PQ hash NUL', gqlPost(pq({ version: 1, sha256Hash: '\u0000'.repeat(64) })), expect4xxOrPqNotFound),
    c('PQ hash 100 KB', gqlPost(pq({ version: 1, sha256Hash: 'a'.repeat(KB100) })), expect4xxOrPqNotFound),
    c('PQ unknown hash', gqlPost(pq({ version: 1, sha256Hash: 'a'.repeat(64) }))),
    c('PQ version 2', gqlPost(pq({ version: 2, sha256Hash: 'a'.repeat(64) })), expect4xx),
    c('PQ version string', gqlPost(pq({ version: '1', sha256Hash: 'a'.repeat(64) })), expect4xx),
    c('PQ null', gqlPost(pq(null, '{ __typename }'))),
    c('PQ string', gqlPost(pq('x', '{ __typename }')), expect4xx),
    c('PQ array', gqlPost(pq([1], '{ __typename }')), expect4xx),
    c('PQ hash mismatch', gqlPost(pq({ version: 1, sha256Hash: 'b'.repeat(64) }, '{ __typename }')), expect4xx),
    c('forged _uid', gqlPost(ok, [JSON_CT, ['Cookie', '_uid=forged']]), expect4xx),
    c('junk _uid', gqlPost(ok, [JSON_CT, ['Cookie', '_uid=s%3A%zz%00.x; _uid=2']])),
    c('100 cookies', gqlPost(ok, [JSON_CT, ['Cookie', Array.from({ length: 100 }, (_, i) => `c${i}=${'v'.repeat(50)}`).join('; ')]])),
    c('14 KB cookie', gqlPost(ok, [JSON_CT, ['Cookie', `big=${'x'.repeat(14 * 1024)}`]])),
    c('40 KB cookie', gqlPost(ok, [JSON_CT, ['Cookie', `big=${'x'.repeat(40 * 1024)}`]]), expect4xx),
    c('junk X-Forwarded-For', gqlPost(ok, [JSON_CT, ['X-Forwarded-For', 'junk, , 999.999.1.1, ::zz']])),
    c('junk Authorization', gqlPost(ok, [JSON_CT, ['Authorization', 'Bearer a.b.c']])),
    c('junk Authorization NUL', gqlPost(ok, [JSON_CT, ['Authorization', `Bearer ${'\u0000'}`]])),
    c('/graphql/ trailing slash', gqlPost(ok, [JSON_CT], '/graphql/')),
    c('//graphql', gqlPost(ok, [JSON_CT], '//graphql')),
    c('/graphql%00', gqlPost(ok, [JSON_CT], '/graphql%00')),
    c('/%zz', { method: 'GET', target: '/%zz', headers: [] }),
    c('/api/v4_1/%zz', { method: 'GET', target: '/api/v4_1/%zz', headers: [] }),
    c('/api/v4_1/unknown', { method: 'GET', target: '/api/v4_1/unknown', headers: [] }),
    c('/metrics on the public port', { method: 'GET', target: '/metrics', headers: [] }, expect4xx),
    c('admin without token', { method: 'POST', target: '/admin/cache/invalidate', headers: [JSON_CT], body: '{}' }, expect4xx),
    c('jwks junk query', { method: 'GET', target: '/.well-known/jwks.json?x=%00&%zz', headers: [] }),
    c('absolute-form target', { method: 'GET', target: 'http://evil.example/graphql?query=%7B__typename%7D', headers: [['Apollo-Require-Preflight', 'true']] }),
    c('asterisk target', { method: 'OPTIONS', target: '*', headers: [] }),
  ];
}

// ---- shapes: what a document can look like ---------------------------------------------------------------

export function shapeCases(ctx: CaseContext): Case[] {
  const { known } = ctx;
  const c = (name: string, body: string, expect?: Case['expect']): Case => ({
    category: 'shape',
    name,
    target: 'gateway',
    request: gqlPost(body, withCookie(ctx, [JSON_CT])),
    ...(expect ? { expect } : {}),
  });
  const nest = (depth: number, open: string, leaf: string) => `{ ${open.repeat(depth)}${leaf}${' }'.repeat(depth)} }`;
  const bukkenCycle = (depth: number) => `{ bukken(globalKey: "${known.globalKeys[0]}") ${'{ building '.repeat(depth)}{ key }${' }'.repeat(depth)} }`;
  return [
    c('deep nesting of unknown fields (100)', graphqlBody(nest(100, 'a { ', 'b'))),
    c(
      'deep nesting beyond the depth limit (bukken.building.vacancies…)',
      graphqlBody(`{ bukken(globalKey: "${known.globalKeys[0]}") { ${'building { vacancies { '.repeat(12)}globalKey${' } }'.repeat(12)} } }`),
      expect4xx,
    ),
    c('deep braces (5,000)', graphqlBody(`${'{'.repeat(5000)}${'}'.repeat(5000)}`), expect4xx),
    c('deep list literal (5,000)', graphqlBody(`{ bukkens(globalKeys: ${'['.repeat(5000)}"x"${']'.repeat(5000)}) { globalKey } }`), expect4xx),
    c(
      'deep object literal (2,000)',
      graphqlBody(`{ searchBukkensCount(searchCondition: ${'{chinryou: '.repeat(2000)}1${'}'.repeat(2000)}) { count } }`),
      expect4xx,
    ),
    c('building cycle within depth', graphqlBody(bukkenCycle(3))),
    c('1,000 aliases of __typename', graphqlBody(`{ ${Array.from({ length: 1000 }, (_, i) => `a${i}: __typename`).join(' ')} }`)),
    c('10,000 __typename fields', graphqlBody(`{ ${'__typename '.repeat(10_000)}}`)),
    c('200 aliases of specials', graphqlBody(`{ ${Array.from({ length: 200 }, (_, i) => `s${i}: specials { path }`).join(' ')} }`)),
    c(
      '100 fragments spread',
      graphqlBody(`{ ...F0 } ${Array.from({ length: 100 }, (_, i) => `fragment F${i} on Query { ${i < 99 ? `...F${i + 1}` : '__typename'} }`).join(' ')}`),
    ),
    c('fragment cycle', graphqlBody('{ ...A } fragment A on Query { ...B } fragment B on Query { ...A }'), expect4xx),
    c('fragment self cycle', graphqlBody('{ ...A } fragment A on Query { __typename ...A }'), expect4xx),
    c('unknown fragment', graphqlBody('{ ...Nope }'), expect4xx),
    c('fragment on wrong type', graphqlBody('{ ...A } fragment A on Bukken { globalKey }'), expect4xx),
    c('unused fragment', graphqlBody('{ __typename } fragment A on Query { __typename }'), expect4xx),
    c('inline fragment on unknown type', graphqlBody('{ ... on Nope { x } }'), expect4xx),
    c('unknown operationName', graphqlBody('query A { __typename }', undefined, { operationName: 'B' }), expect4xx),
    c('operationName for an anonymous operation', graphqlBody('{ __typename }', undefined, { operationName: 'A' }), expect4xx),
    c('two anonymous operations', graphqlBody('{ __typename } { __typename }'), expect4xx),
    c('two named operations, no operationName', graphqlBody('query A { __typename } query B { __typename }'), expect4xx),
    c('duplicate operation names', graphqlBody('query A { __typename } query A { __typename }', undefined, { operationName: 'A' }), expect4xx),
    c('subscription', graphqlBody('subscription { __typename }'), expect4xx),
    c('named subscription', graphqlBody('subscription S { prefectures { code } }', undefined, { operationName: 'S' }), expect4xx),
    c(
      'variables nested 10,000 deep',
      toJson({
        query: 'query($c: SearchConditionInput) { searchBukkensCount(searchCondition: $c) { count } }',
        variables: { c: deepObjectJson(10_000, 'chinryou') },
      }),
      expect4xx,
    ),
    c(
      'list variable nested 10,000 deep',
      toJson({ query: 'query($k: [ID!]!) { bukkens(globalKeys: $k) { globalKey } }', variables: { k: deepArrayJson(10_000, '"x"') } }),
      expect4xx,
    ),
    c('10,000 variable definitions', graphqlBody(`query(${Array.from({ length: 10_000 }, (_, i) => `$v${i}: Int`).join(', ')}) { __typename }`)),
    c('undeclared variable', graphqlBody('{ prefecture(path: $p) { code } }'), expect4xx),
    c('unused variable', graphqlBody('query($p: String) { __typename }')),
    c('variable of unknown type', graphqlBody('query($p: Nope) { __typename }'), expect4xx),
    c('variable of output type', graphqlBody('query($p: Bukken) { __typename }'), expect4xx),
    c('@skip with string', graphqlBody('{ __typename @skip(if: "yes") }'), expect4xx),
    c('unknown directive', graphqlBody('{ __typename @nope }'), expect4xx),
    c('repeated @include', graphqlBody('{ __typename @include(if: true) @include(if: false) }'), expect4xx),
    c('directive on operation', graphqlBody('query @deprecated { __typename }'), expect4xx),
    c('introspection', graphqlBody('{ __schema { types { name fields { name type { name ofType { name ofType { name } } } } } } }')),
    c('introspection cycle', graphqlBody(`{ __type(name: "Query") { ${'fields { type { '.repeat(15)}name${' } }'.repeat(15)} } }`), expect4xx),
    c('1 MB of comments', graphqlBody(`${'# comment\n'.repeat(100_000)}{ __typename }`)),
    c('raw NUL in document', graphqlBody('{ __typename \u0000 }'), expect4xx),
    c('raw control characters in document', graphqlBody('{ \u0007__typename\u001b }'), expect4xx),
    c('lone surrogate in document', graphqlBody('{ prefecture(path: "\ud800") { code } }')),
    c('empty document', graphqlBody(''), expect4xx),
    c('only whitespace', graphqlBody('   \n\t  '), expect4xx),
    c('syntax error', graphqlBody('{ prefecture(path: ) }'), expect4xx),
    c('unknown field', graphqlBody('{ nope }'), expect4xx),
    c('scalar with selection', graphqlBody('{ __typename { x } }'), expect4xx),
    c('object without selection', graphqlBody('{ prefectures }'), expect4xx),
    c(
      '50 aliases of addFavorites',
      graphqlBody(
        `mutation { ${Array.from({ length: 50 }, (_, i) => `f${i}: addFavorites(globalKeys: ["${known.globalKeys[i % known.globalKeys.length]}"]) { saved }`).join(' ')} }`,
      ),
    ),
    c('mutation and query mixed', graphqlBody('mutation M { registerVisitor { uid } } query Q { __typename }', undefined, { operationName: 'M' })),
    c('__typename on mutation root', graphqlBody('mutation { __typename }')),
  ];
}

// ---- REST /api/v4_1/* ------------------------------------------------------------------------------------

const namedType = (t: TypeNode): { name: string; list: boolean } =>
  t.kind === Kind.NON_NULL_TYPE
    ? namedType(t.type)
    : t.kind === Kind.LIST_TYPE
      ? { name: namedType(t.type).name, list: true }
      : { name: t.name.value, list: false };

function restValid(name: string, known: Known): string | undefined {
  const values: Record<string, string> = {
    prefecturePath: 'tokyo',
    keyword: '新宿',
    cityCodes: String(known.cityCode),
    level: '7',
    south: '35.6',
    west: '139.6',
    north: '35.75',
    east: '139.85',
    limit: '5',
  };
  return values[name];
}

export function restCases(ctx: CaseContext, through: Target): Case[] {
  const { rng, known } = ctx;
  const out: Case[] = [];
  const c = (name: string, request: RawRequest, expect?: Case['expect']) =>
    out.push({ category: `rest (${through})`, name, target: through, request, ...(expect ? { expect } : {}) });
  for (const op of REST_OPERATIONS) {
    const path = `/api/v4_1/${op.path}`;
    const operation = parse(op.query).definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
    const vars = (operation?.variableDefinitions ?? []).map((d) => ({
      name: d.variable.name.value,
      type: namedType(d.type).name,
      list: namedType(d.type).list,
    }));
    const cookie: [string, string] = ['Cookie', ctx.cookie];
    if (op.method === 'GET') {
      const base = vars.flatMap((v) => (restValid(v.name, known) !== undefined ? [`${v.name}=${q(restValid(v.name, known)!)}`] : []));
      c(`GET ${op.path} baseline`, { method: 'GET', target: `${path}?${base.join('&')}`, headers: [cookie] });
      for (const v of vars) {
        const junk =
          v.name === 'keyword' || v.name === 'prefecturePath'
            ? rng.pick(['%00', 'a%00b', '%07', '%1b', `${q(withControl(rng, 'tokyo'))}`, q(hugeString(rng, 6000)), '%zz', q(rng.pick(ODD_STRINGS))])
            : ['Int', 'Float'].includes(v.type)
              ? rng.pick(['abc', '1e400', '99999999999999999999', 'NaN', '-', '%00'])
              : rng.pick(['%7B', '%5B', q(deepObjectJson(3000).text), q('{"word":"\u0000"}'), '%00', 'abc', '1e400', '99999999999999999999', q('[1,[2,[3]]]')]);
        const others = base.filter((p) => !p.startsWith(`${v.name}=`));
        c(`GET ${op.path} ${v.name} junk`, { method: 'GET', target: `${path}?${[...others, `${v.name}=${junk}`].join('&')}`, headers: [cookie] });
      }
      c(`GET ${op.path} repeated and bracketed keys`, {
        method: 'GET',
        target: `${path}?${vars.map((v) => `${v.name}[]=1&${v.name}=2&${v.name}[a]=3`).join('&')}&%zz=1`,
        headers: [cookie],
      });
    } else {
      const body: Record<string, unknown> = {};
      for (const v of vars)
        body[v.name] = v.list
          ? known.globalKeys.slice(0, 1)
          : v.name === 'email'
            ? 'fuzz@example.com'
            : v.name === 'reviewPeriod'
              ? 30
              : v.name === 'deleteIndex'
                ? 0
                : null;
      const json: [string, string] = ['Content-Type', 'application/json'];
      c(`${op.method} ${op.path} baseline`, { method: op.method, target: path, headers: [json, cookie], body: toJson(body) });
      c(`${op.method} ${op.path} invalid JSON`, { method: op.method, target: path, headers: [json, cookie], body: '{"globalKeys":' }, expect4xx);
      c(
        `${op.method} ${op.path} text/plain`,
        { method: op.method, target: path, headers: [['Content-Type', 'text/plain'], cookie], body: toJson(body) },
        expect4xx,
      );
      c(`${op.method} ${op.path} array body`, { method: op.method, target: path, headers: [json, cookie], body: '[1,2]' });
      c(
        `${op.method} ${op.path} NUL`,
        {
          method: op.method,
          target: path,
          headers: [json, cookie],
          body: toJson(Object.fromEntries(vars.map((v) => [v.name, v.list ? ['\u0000'] : 'a\u0000b']))),
        },
        expect4xx,
      );
      const v = vars.length > 0 ? rng.pick(vars) : undefined;
      if (v) {
        const junk = rng.pick<unknown>([
          Array.from({ length: 10_000 }, (_, i) => `bk${i}`),
          deepObjectJson(10_000),
          hugeString(rng),
          2147483648,
          new RawJson('1e400'),
          { $gt: '' },
          [[[null]]],
        ]);
        c(`${op.method} ${op.path} ${v.name} junk`, { method: op.method, target: path, headers: [json, cookie], body: toJson({ ...body, [v.name]: junk }) });
      }
    }
  }
  return out;
}

// ---- the shell: paths, query strings, headers, every route ---------------------------------------------------

const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

const JUNK_PARAMS: Record<ParamRule, string[]> = {
  int: ['abc', '-1', '0', '1e3', '99999999999999', '9'.repeat(40), '%00', '%zz', '%EF%BC%91', '1.5', '0x1f', '%20'],
  slug: ['ZZ', 'a%00b', '%E6%9D%B1%E4%BA%AC', '..', '%2e%2e', 'zz-unknown', '-a', 'a'.repeat(100), '%zz', '%3Cx%3E', 'tokyo%0a'],
  key: ['%00', 'a'.repeat(65), 'bk%2F..', '%zz', 'zz', '%3Cx%3E', 'bk999999999', '%F0%9F%8F%A0'],
};

function validParam(name: string, known: Known): string {
  const values: Record<string, string> = {
    prefecturePath: 'tokyo',
    cityCode: String(known.cityCode),
    townCode: String(known.townCode),
    lineCode: String(known.lineCode),
    stationCode: String(known.stationCode),
    id: known.globalKeys[0] ?? 'bk000000001',
    companyKey: known.companyKey,
    specialName: known.specialName,
    campusId: String(known.campusId),
    page: '2',
    initial: 'a',
    buildingType: 'mansion',
    terms: 'a',
    area: 'tokyo',
  };
  return values[name] ?? 'x';
}

const JUNK_QUERIES = [
  '?%zz',
  '?q=%00',
  '?q=%',
  '?page=-1',
  '?page=0',
  '?page=1e9',
  '?page=99999999999999999999',
  '?page[]=1&page[]=2',
  '?a[b][c][d][e]=1',
  '?__proto__[x]=1&constructor[prototype][y]=1',
  '?sort=%3Bx&sort=chinryou_asc',
  '?callback=%3Cscript%3E',
  `?q=${'%E6%B8%8B'.repeat(400)}`,
  `?${Array.from({ length: 500 }, (_, i) => `p${i}=${i}`).join('&')}`,
  '?q=%F0%9F%8F%A0&cr=1&cr=%00',
  '?chinryou_min=abc&chinryou_max=-5&plans=%00',
];

export function shellCases(ctx: CaseContext): Case[] {
  const { rng, known } = ctx;
  const out: Case[] = [];
  const ua: [string, string] = ['User-Agent', BROWSER_UA];
  const c = (name: string, request: RawRequest, expect?: Case['expect']) =>
    out.push({ category: 'shell', name, target: 'shell', request, ...(expect ? { expect } : {}) });
  const get = (target: string, headers: [string, string][] = [ua]): RawRequest => ({ method: 'GET', target, headers });

  // Paths.
  for (const p of [
    '//',
    '///',
    '////search',
    '/%zz',
    '/%',
    '/%00',
    '/a%00b',
    '/..',
    '/../../etc/passwd',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/search/%ff%fe',
    '/%F0%9F%8F%A0',
    '/🏠',
    '/\\',
    '/\\\\evil.example',
    '/;a=b',
    '/search;x=1',
    '/*',
    '/bukken/detail/',
    '/bukken/detail/%',
    '/assets/../../package.json',
    '/assets/%2e%2e/%2e%2e/package.json',
    '/assets/%00',
    '/images/bukken/%00/madori.svg',
    '/images/bukken/..%2f..%2f/madori.svg',
    '/images/company/%zz/storefront.svg',
    '/index.html',
    '/favicon.ico',
    '/robots.txt?%zz',
    '/.well-known/jwks.json/..',
    '/.env',
    '/graphql?query=%00',
    '/api/v4_1/%zz',
    '/search/tokyo/city/%00',
    '/search/tokyo//city',
    `/${'a'.repeat(8000)}`,
    `/${'a/'.repeat(3000)}`,
    `/search/${'%zz'.repeat(2000)}`,
  ]) {
    c(`path ${p.slice(0, 60)}`, get(p));
  }
  c('//evil.example/ (no open redirect)', get('//evil.example/'), expectNoOffsiteRedirect);
  c('/\\evil.example (no open redirect)', get('/\\evil.example'), expectNoOffsiteRedirect);
  c('path 70 KB', get(`/${'a'.repeat(70_000)}`), expect4xx);
  c('/metrics not public', get('/metrics'), expect4xx);
  c('raw NUL in request line', { method: 'GET', target: '/a\u0000b', headers: [ua] }, expect4xx);
  c('raw space in path', { method: 'GET', target: '/a b', headers: [ua] }, expect4xx);
  c('absolute-form target', get('http://evil.example/'), expectNoHostEcho);

  // Query strings on the pages that read them.
  for (const base of [
    '/',
    '/search/words',
    '/search/results',
    `/search/tokyo/city/${known.cityCode}`,
    '/favorite',
    '/users_inquiry',
    `/bukken/detail/${known.globalKeys[0]}`,
  ]) {
    for (const qs of rng.sample(JUNK_QUERIES, 5)) c(`query ${base}${qs.slice(0, 50)}`, get(`${base}${qs}`));
  }

  // Headers.
  const hosts = [
    '',
    '[',
    'a b',
    '<script>',
    'evil.example:99999',
    '[::1]:x',
    'localhost:0',
    '%zz',
    'xn--zz',
    'a'.repeat(300),
    '127.0.0.1:1:2',
    'evil.example\u0007',
  ];
  for (const host of hosts)
    c(
      `Host ${JSON.stringify(host).slice(0, 40)}`,
      { method: 'GET', target: '/', headers: [['Host', host], ua] },
      host === '' || host === '[' || host === 'a b' ? expect4xx : undefined,
    );
  c('Host evil.example (not echoed)', { method: 'GET', target: '/', headers: [['Host', 'evil.example'], ua] }, expectNoHostEcho);
  c(
    'Host evil.example on a listing (not echoed)',
    { method: 'GET', target: `/bukken/detail/${known.globalKeys[0]}`, headers: [['Host', 'evil.example'], ua] },
    expectNoHostEcho,
  );
  c(
    'X-Forwarded-Host evil.example (not echoed)',
    { method: 'GET', target: '/', headers: [['X-Forwarded-Host', 'evil.example'], ['X-Forwarded-Proto', 'javascript'], ua] },
    expectNoHostEcho,
  );
  c('no Host (HTTP/1.1)', { method: 'GET', target: '/', headers: [], raw: Buffer.from('GET / HTTP/1.1\r\nConnection: close\r\n\r\n', 'latin1') }, expect4xx);
  c('NUL in Host', { method: 'GET', target: '/', headers: [['Host', '\u0000x'], ua] }, expect4xx);
  c('two Hosts', { method: 'GET', target: '/', headers: [['Host', 'a.example'], ['Host', 'evil.example'], ua] }, expectNoHostEcho);
  for (const agent of [
    '',
    'x'.repeat(10_000),
    '<script>alert(1)</script>',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
    'Googlebot/2.1 (+http://www.google.com/bot.html)',
    'curl/8.5.0',
    'sumika-app/9.9 (iOS; webview)',
    '\u00ff\u00fe',
    '() { :; }; echo vulnerable',
  ]) {
    c(`User-Agent ${JSON.stringify(agent).slice(0, 40)}`, {
      method: 'GET',
      target: rng.pick(['/', `/search/tokyo/city/${known.cityCode}`, '/favorite']),
      headers: [['User-Agent', agent]],
    });
  }
  const junkHeaders: [string, string][] = [
    ['Cookie', `big=${'x'.repeat(14 * 1024)}`],
    ['Cookie', Array.from({ length: 200 }, (_, i) => `c${i}=${i}`).join('; ')],
    ['Cookie', '_uid=forged'],
    ['Cookie', '_uid=%zz; _uid=; =;;; ;'],
    ['Cookie', `__ab=${'%7B'.repeat(100)}`],
    ['Accept-Language', 'zz-ZZ;q=abc, *;q=-1, ja;q=2'],
    ['Accept', 'application/json'],
    ['Accept-Encoding', 'gzip;q=x, br, zz'],
    ['X-Forwarded-For', 'junk, , 999.999.1.1'],
    ['Referer', 'javascript:alert(1)'],
    ['Referer', 'http://%zz/'],
    ['Range', 'bytes=abc-'],
    ['If-None-Match', '"' + 'x'.repeat(5000)],
    ['If-Modified-Since', 'not a date'],
    ['Content-Type', 'application/json'],
    ['Expect', '100-continue'],
    ['Transfer-Encoding', 'zz'],
    ['Sec-Fetch-Dest', 'document\u0001'],
  ];
  for (const h of junkHeaders)
    c(`header ${h[0]}: ${h[1].slice(0, 30)}`, {
      method: 'GET',
      target: rng.pick(['/', `/search/tokyo/city/${known.cityCode}`, `/bukken/detail/${known.globalKeys[0]}`]),
      headers: [h, ua],
    });
  c('cookie 40 KB', { method: 'GET', target: '/', headers: [['Cookie', `big=${'x'.repeat(40 * 1024)}`], ua] }, expect4xx);
  c('POST to a page', { method: 'POST', target: '/', headers: [['Content-Type', 'application/x-www-form-urlencoded'], ua], body: 'a=1' });
  c('PUT to a page', { method: 'PUT', target: '/favorite', headers: [ua], body: 'x' });
  c('DELETE to a page', { method: 'DELETE', target: '/', headers: [ua] });
  c('GraphQL through the shell', { method: 'POST', target: '/graphql', headers: [JSON_CT, ua], body: graphqlBody('{ __typename }') });
  c('GraphQL junk through the shell', { method: 'POST', target: '/graphql', headers: [JSON_CT, ua], body: '{"query":' }, expect4xx);

  // Every route pattern, with junk and with well-formed but unknown parameters.
  for (const route of ROUTES) {
    const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
    const fill = (override: Record<string, string>) => route.path.replace(/:(\w+)/g, (_, n: string) => override[n] ?? validParam(n, known));
    if (names.length === 0) {
      c(`route ${route.id} ${route.path}`, get(`${route.path}${rng.pick(JUNK_QUERIES)}`));
      continue;
    }
    for (const name of rng.sample(names, 2)) {
      const rule = route.params?.[name] ?? 'slug';
      c(`route ${route.id} ${name} junk`, get(fill({ [name]: rng.pick(JUNK_PARAMS[rule]) })));
    }
    const unknown = Object.fromEntries(
      names.map((n) => [n, route.params?.[n] === 'int' ? '99999' : route.params?.[n] === 'key' ? 'zz999999999' : 'zzunknown']),
    );
    c(`route ${route.id} unknown codes`, get(`${fill(unknown)}${rng.chance(0.3) ? rng.pick(JUNK_QUERIES) : ''}`));
  }
  return out;
}

// ---- issue 13's findings 1–3, verbatim ------------------------------------------------------------------------

export const COST_BOMB = '{ prefecture(path:"tottori") { cities { prefecture { cities { prefecture { cities { prefecture { cities { name } } } } } } } } }';

export function abuseCases(ctx: CaseContext): Case[] {
  const { known } = ctx;
  const out: Case[] = [];
  const gql = (name: string, body: string, expect: Case['expect']) =>
    out.push({ category: 'abuse', name, target: 'gateway', request: gqlPost(body, [JSON_CT, ['Cookie', ctx.cookie]]), expect });
  const badRequest = expectStatusCode(400, 'BAD_REQUEST');
  const nul = 'a\u0000b';
  // Finding 2: a NUL byte in each argument the issue names, as a variable and as an inline literal.
  const nulFields: [string, string, string][] = [
    [
      'searchBukkens word',
      'query($c: SearchConditionInput) { searchBukkens(prefecturePath: "tokyo", searchCondition: $c) { result { bukkenTotal { count } } } }',
      'c',
    ],
    ['stationSuggests keyword', 'query($v: String!) { stationSuggests(keyword: $v) { name } }', 'v'],
    ['company key', 'query($v: String!) { company(key: $v) { key } }', 'v'],
    ['bukken globalKey', 'query($v: ID!) { bukken(globalKey: $v) { globalKey } }', 'v'],
    ['building key', 'query($v: String!) { building(key: $v) { key } }', 'v'],
    ['specialInfo specialName', 'query($v: String!) { specialInfo(specialName: $v) { path } }', 'v'],
  ];
  for (const [name, query, v] of nulFields) {
    const value = v === 'c' ? { word: nul } : nul;
    gql(`NUL in ${name} (variable)`, graphqlBody(query, { [v]: value }), badRequest);
  }
  gql(
    'NUL in searchBukkens word (literal)',
    graphqlBody('{ searchBukkens(prefecturePath: "tokyo", searchCondition: { word: "a\\u0000b" }) { result { bukkenTotal { count } } } }'),
    badRequest,
  );
  gql('NUL in stationSuggests keyword (literal)', graphqlBody('{ stationSuggests(keyword: "\\u0000") { name } }'), badRequest);
  gql('NUL in company key (literal)', graphqlBody('{ company(key: "\\u0000") { key } }'), badRequest);
  gql('NUL in bukken globalKey (literal)', graphqlBody('{ bukken(globalKey: "\\u0000") { globalKey } }'), badRequest);
  gql('NUL in building key (literal)', graphqlBody('{ building(key: "\\u0000") { key } }'), badRequest);
  gql('NUL in specialInfo specialName (literal)', graphqlBody('{ specialInfo(specialName: "\\u0000") { path } }'), badRequest);
  gql('BEL in stationSuggests keyword', graphqlBody('query($v: String!) { stationSuggests(keyword: $v) { name } }', { v: 'shin\u0007juku' }), badRequest);
  gql('ESC in prefecture path', graphqlBody('query($v: String!) { prefecture(path: $v) { code } }', { v: '\u001btokyo' }), badRequest);
  gql('DEL in company key', graphqlBody('query($v: String!) { company(key: $v) { key } }', { v: `${known.companyKey}\u007f` }), badRequest);
  gql('tab and newline are text', graphqlBody('query($v: String!) { stationSuggests(keyword: $v) { name } }', { v: '新\t宿\r\n' }), (res) =>
    res.status === 200 ? undefined : `expected 200 (\\t \\r \\n are allowed), got ${res.status}`,
  );
  gql('unknown operationName', graphqlBody('query A { __typename }', undefined, { operationName: 'Nope' }), expect4xx);
  gql('two operations without a name', graphqlBody('{ __typename } { prefectures { code } }'), expect4xx);
  gql('fragment cycle', graphqlBody('query { ...A } fragment A on Query { ...B } fragment B on Query { prefectures { code } ...A }'), expect4xx);
  gql('subscription', graphqlBody('subscription { prefectures { code } }'), expect4xx);
  gql(
    'variables nested 10,000 deep',
    toJson({
      query: 'query($c: SearchConditionInput) { searchBukkensCount(searchCondition: $c) { count } }',
      variables: { c: deepObjectJson(10_000, 'word', '"x"') },
    }),
    expect4xx,
  );
  gql(
    'malformed persisted-query hash',
    toJson({ query: '{ __typename }', extensions: { persistedQuery: { version: 1, sha256Hash: 'not-a-hash' } } }),
    expect4xx,
  );
  out.push({
    category: 'abuse',
    name: 'REST station_suggests keyword=%00',
    target: 'gateway',
    request: { method: 'GET', target: '/api/v4_1/station_suggests?keyword=%00', headers: [['Cookie', ctx.cookie]] },
    expect: expectStatusCode(400, 'BAD_REQUEST'),
  });
  out.push({
    category: 'abuse',
    name: 'REST station_suggests keyword=a%00b via the shell',
    target: 'shell',
    request: { method: 'GET', target: '/api/v4_1/station_suggests?keyword=a%00b', headers: [] },
    expect: expectStatusCode(400, 'BAD_REQUEST'),
  });
  out.push({
    category: 'abuse',
    name: 'REST favorites POST NUL',
    target: 'gateway',
    request: { method: 'POST', target: '/api/v4_1/favorites', headers: [JSON_CT, ['Cookie', ctx.cookie]], body: toJson({ globalKeys: ['\u0000'] }) },
    expect: expectStatusCode(400, 'BAD_REQUEST'),
  });
  // Finding 2 and 3 on the shell.
  const shell = (name: string, request: RawRequest, expect: Case['expect']) => out.push({ category: 'abuse', name, target: 'shell', request, expect });
  shell('/search/words?q=%00', { method: 'GET', target: '/search/words?q=%00', headers: [['User-Agent', BROWSER_UA]] }, expectStatusIn([400]));
  shell('/search/words?q=a%07b', { method: 'GET', target: '/search/words?q=a%07b', headers: [['User-Agent', BROWSER_UA]] }, expectStatusIn([400]));
  shell('path //', { method: 'GET', target: '//', headers: [] }, expectNoOffsiteRedirect);
  shell('path ///', { method: 'GET', target: '///', headers: [] }, expectNoOffsiteRedirect);
  shell('malformed Host', { method: 'GET', target: '/', headers: [['Host', 'a b[']] }, expect4xx);
  shell('Host echoed into canonical URLs', { method: 'GET', target: '/', headers: [['Host', 'evil.example']] }, expectNoHostEcho);
  return out;
}

/** Finding 1 and list sizes: run last, since today they can take a subgraph down. */
export function costCases(ctx: CaseContext): Case[] {
  const { known } = ctx;
  const tooCostly = expectStatusCode(400, 'QUERY_TOO_COSTLY');
  // The issue names these two: they must be priced and refused. The others must answer (200 or refused), never 5xx.
  const c = (name: string, body: string, expect?: Case['expect']): Case => ({
    category: 'cost',
    name,
    target: 'gateway',
    request: gqlPost(body),
    ...(expect ? { expect } : {}),
    timeoutMs: 60_000,
  });
  const keys = Array.from({ length: 10_000 }, (_, i) => known.globalKeys[i % known.globalKeys.length]);
  return [
    c(
      '50 aliases of prefectures { cities }',
      graphqlBody(`{ ${Array.from({ length: 50 }, (_, i) => `p${i}: prefectures { cities { name } }`).join(' ')} }`),
      tooCostly,
    ),
    c(
      'recommendations(limit: 2^31-1) in a bukkens list',
      graphqlBody(
        `{ bukkens(globalKeys: ${JSON.stringify(known.globalKeys.slice(0, 5))}) { recommendations(limit: 2147483647) { globalKey recommendations(limit: 2147483647) { globalKey } } } }`,
      ),
    ),
    c(
      'searchBukkens perPage 1,000,000',
      graphqlBody('{ searchBukkens(prefecturePath: "tokyo", perPage: 1000000) { result { bukkenList { globalKey company { key } } } } }'),
    ),
    c('mapBukkens limit 2^31-1', graphqlBody('{ mapBukkens(south: 20, west: 120, north: 50, east: 150, limit: 2147483647) { globalKey building { key } } }')),
    c(
      'bukkens of 10,000 keys',
      graphqlBody('query($k: [ID!]!) { bukkens(globalKeys: $k) { globalKey company { key reviews(first: 1000000) { __typename } } } }', { k: keys }),
    ),
    c(
      'prefectures { cities { towns } } × 20 aliases',
      graphqlBody(`{ ${Array.from({ length: 20 }, (_, i) => `p${i}: prefectures { cities { towns { name } wards { towns { name } } } }`).join(' ')} }`),
    ),
    // The issue's query, verbatim: it ran the search subgraph out of memory (exit 134).
    c('cost bomb (finding 1, verbatim)', graphqlBody(COST_BOMB), tooCostly),
  ];
}
