import path from 'node:path';
import { EnvError, repoRoot } from '@sumika/server-kit';
import { configFromEnv } from './config.js';

describe('gateway config from the environment', () => {
  it('keeps the documented defaults', () => {
    const c = configFromEnv({});
    expect(c).toMatchObject({
      port: 4000,
      supergraphFile: path.join(repoRoot(), 'gateway', 'supergraph.graphql'),
      subgraphUrls: {},
      issuer: 'sumika-gateway',
      production: false,
      responseCacheTtl: 60,
      maxDepth: 12,
      maxCost: 20_000,
      maxTokens: 2000,
      subgraphTimeoutMs: 2000,
      subgraphTimeouts: {},
      retryAfterTimeoutMs: 500,
      subgraphBreakAfter: 5,
      subgraphBreakMs: 2000,
      metricsPort: 9400,
      metricsHost: '127.0.0.1',
      trustProxy: false,
      shellJwksUrl: 'http://127.0.0.1:3000/.well-known/jwks.json',
      shellIssuer: 'sumika-shell',
      shellAudiences: ['http://127.0.0.1:4000/graphql', 'http://localhost:4000/graphql'],
      documents: 'any',
      persistedDocumentsFile: path.join(repoRoot(), 'gateway', '__generated__', 'persisted-documents.json'),
    });
    expect(c.adminToken).toBeUndefined();
    expect(c.cookieSecret).toBeUndefined();
    expect(c.signingKeyJson).toBeUndefined();
  });

  it('reads every setting by name; an empty variable counts as unset', () => {
    const c = configFromEnv({
      GATEWAY_PORT: '4100',
      SHELL_PORT: '3100',
      COMPANY_URL: 'http://10.0.0.4:4004/graphql',
      COMPANY_TIMEOUT_MS: '900',
      // Several instances of one subgraph, balanced and health-checked (federation/instances.ts).
      SEARCH_URL: 'http://10.0.0.1:4001/graphql,http://10.0.0.2:4001/graphql',
      SUBGRAPH_TIMEOUT_MS: '1500',
      RESPONSE_CACHE_TTL: '0',
      METRICS_PORT: '0',
      TRUST_PROXY: 'true',
      SHELL_TOKEN_AUDIENCE: 'https://a.example/graphql, https://b.example/graphql',
      ADMIN_TOKEN: '',
      NODE_ENV: 'production',
    });
    expect(c).toMatchObject({
      port: 4100,
      subgraphUrls: { company: 'http://10.0.0.4:4004/graphql', search: 'http://10.0.0.1:4001/graphql,http://10.0.0.2:4001/graphql' },
      subgraphTimeouts: { company: 900 },
      subgraphTimeoutMs: 1500,
      responseCacheTtl: 0,
      metricsPort: 0,
      trustProxy: true,
      production: true,
      shellJwksUrl: 'http://127.0.0.1:3100/.well-known/jwks.json',
      shellAudiences: ['https://a.example/graphql', 'https://b.example/graphql'],
      documents: 'any',
    });
    expect(c.adminToken).toBeUndefined();
    expect(configFromEnv({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
    expect(configFromEnv({ GATEWAY_PORT: '' }).port).toBe(4000);
    // every document by default, production included (decision 021: the user subgraph's calls are not in
    // the manifest yet); either mode can be asked for by name
    expect(configFromEnv({ NODE_ENV: 'production' }).documents).toBe('any');
    expect(configFromEnv({ GATEWAY_DOCUMENTS: 'persisted', PERSISTED_DOCUMENTS_FILE: '/srv/pq.json' })).toMatchObject({
      documents: 'persisted',
      persistedDocumentsFile: '/srv/pq.json',
    });
  });

  it.each([
    ['GATEWAY_PORT', 'abc', /GATEWAY_PORT="abc": must be a port number/],
    ['GATEWAY_PORT', '70000', /GATEWAY_PORT="70000": must be a port number/],
    ['SUBGRAPH_TIMEOUT_MS', '-1', /SUBGRAPH_TIMEOUT_MS="-1": must be a whole number of milliseconds >= 1/],
    ['USER_TIMEOUT_MS', '1.5', /USER_TIMEOUT_MS="1.5": must be a whole number of milliseconds/],
    ['GRAPHQL_MAX_COST', '0', /GRAPHQL_MAX_COST="0": must be a whole number >= 1/],
    ['SEARCH_URL', 'not a url', /SEARCH_URL="not a url": must be an http\(s\) URL/],
    ['SEARCH_URL', 'http://10.0.0.1:4001/graphql,redis://x', /SEARCH_URL=".*": must be an http\(s\) URL or URLs separated by commas/],
    ['REDIS_TIMEOUT_MS', 'soon', /REDIS_TIMEOUT_MS="soon": /],
    ['GATEWAY_DOCUMENTS', 'safelist', /GATEWAY_DOCUMENTS="safelist": /],
  ])('refuses %s=%s, naming the variable', (name, value, message) => {
    expect(() => configFromEnv({ [name]: value })).toThrow(EnvError);
    expect(() => configFromEnv({ [name]: value })).toThrow(message);
  });

  it('names every bad variable at once', () => {
    expect(() => configFromEnv({ GATEWAY_PORT: 'abc', SUBGRAPH_TIMEOUT_MS: '-1', METRICS_PORT: 'x' })).toThrow(
      /^bad environment\n {2}GATEWAY_PORT="abc": .*\n {2}SUBGRAPH_TIMEOUT_MS="-1": .*\n {2}METRICS_PORT="x": /,
    );
  });
});
