import type { FastifyInstance } from 'fastify';
import { generateSigningKey, tokenSigner, type SigningKey } from './server/jwt.js';

export interface TestAuth {
  key: SigningKey;
  /** What a subgraph app under test verifies tokens with. */
  auth: { jwks: { keys: SigningKey['publicJwk'][] } };
  /** Posts a GraphQL operation with a freshly signed gateway token; returns the JSON body. */
  query<T = Record<string, unknown>>(app: FastifyInstance, query: string, variables?: Record<string, unknown>, uid?: string): Promise<{ data?: T; errors?: { message: string; extensions?: { code?: string } }[] }>;
}

export async function createTestAuth(): Promise<TestAuth> {
  const key = await generateSigningKey('test');
  const sign = await tokenSigner(key);
  return {
    key,
    auth: { jwks: { keys: [key.publicJwk] } },
    async query(app, query, variables, uid) {
      const token = await sign(uid ? { uid } : {});
      const res = await app.inject({ method: 'POST', url: '/graphql', payload: { query, variables }, headers: { authorization: `Bearer ${token}` } });
      return res.json();
    },
  };
}
