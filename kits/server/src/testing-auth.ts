import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { generateSigningKey, tokenSigner, type ServiceClaims, type SigningKey } from './server/jwt.js';

type GraphQLBody<T> = { data?: T; errors?: { message: string; path?: (string | number)[]; extensions?: Record<string, unknown> & { code?: string } }[] };

export interface TestAuth {
  key: SigningKey;
  /** What a subgraph app under test verifies tokens with. */
  auth: { jwks: { keys: SigningKey['publicJwk'][] } };
  /** Signs a gateway token carrying `claims` (a bare string is the uid). */
  token(claims?: string | ServiceClaims): Promise<string>;
  /** Posts a GraphQL operation with a freshly signed gateway token; returns the JSON body. */
  query<T = Record<string, unknown>>(
    app: FastifyInstance,
    query: string,
    variables?: Record<string, unknown>,
    claims?: string | ServiceClaims,
  ): Promise<GraphQLBody<T>>;
  /** The same, returning the whole HTTP response (status, set-cookie headers); extra request headers allowed. */
  inject(
    app: FastifyInstance,
    query: string,
    variables?: Record<string, unknown>,
    claims?: string | ServiceClaims,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
}

export async function createTestAuth(): Promise<TestAuth> {
  const key = await generateSigningKey('test');
  const sign = await tokenSigner(key);
  const token = (claims?: string | ServiceClaims) => sign(typeof claims === 'string' ? { uid: claims } : (claims ?? {}));
  const inject: TestAuth['inject'] = async (app, query, variables, claims, headers = {}) =>
    app.inject({ method: 'POST', url: '/graphql', payload: { query, variables }, headers: { ...headers, authorization: `Bearer ${await token(claims)}` } });
  return {
    key,
    auth: { jwks: { keys: [key.publicJwk] } },
    token,
    inject,
    async query(app, query, variables, claims) {
      return (await inject(app, query, variables, claims)).json();
    },
  };
}
