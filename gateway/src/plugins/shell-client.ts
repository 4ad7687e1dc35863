import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { rememberVerified } from '@sumika/server-kit';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from 'jose';

declare module 'fastify' {
  interface FastifyRequest {
    /** The visitor's address: the one the shell saw when the shell's token verifies, else req.ip. */
    clientIp: string;
    /** True when the request came through the shell (its RS256 token verified). */
    viaShell: boolean;
  }
}

export interface ShellClientOptions {
  /** The shell's public keys (SHELL_JWKS_URL, served by the shell at /.well-known/jwks.json). */
  keys: JWTVerifyGetKey;
  /** The shell's `iss` (SHELL_JWT_ISSUER). */
  issuer: string;
  /** The `aud` values the shell may use for this gateway: its GraphQL URL as the shell knows it. */
  audiences: string[];
}

export function shellKeysFromUrl(url: string): JWTVerifyGetKey {
  // Keys are cached; a token with an unknown kid refetches at most every 30 s (key rotation).
  return createRemoteJWKSet(new URL(url), { timeoutDuration: 2000, cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000 });
}

/** The last x-forwarded-for entry: the address the shell appended (earlier ones are the visitor's say). */
function lastForwarded(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header.join(',') : header;
  const last = value
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .pop();
  return last || undefined;
}

const isVerificationFailure = (err: unknown) =>
  err instanceof joseErrors.JWSSignatureVerificationFailed ||
  err instanceof joseErrors.JWTExpired ||
  err instanceof joseErrors.JWTClaimValidationFailed ||
  err instanceof joseErrors.JWSInvalid ||
  err instanceof joseErrors.JWTInvalid ||
  err instanceof joseErrors.JOSEAlgNotAllowed ||
  err instanceof joseErrors.JWKSNoMatchingKey;

/**
 * The shell's token. The shell's server renders pages and proxies the browser's /graphql and
 * /api/v4_1 calls, so here every visitor would have the shell's address. A request with a valid
 * shell token (RS256, the shell's issuer and this gateway as audience) takes the visitor's address
 * from the entry the shell appended to x-forwarded-for; per-IP limits then count visitors, not the
 * shell. A bearer token that does not verify is 401; the shell's keys being unreachable only means
 * the address is not trusted (logged), so pages keep working.
 */
export default fp(
  async function shellClient(app: FastifyInstance, opts: ShellClientOptions) {
    // The shell signs one token and reuses it for minutes: its signature is checked once per trust window.
    const verify = rememberVerified(
      async (token: string) => (await jwtVerify(token, opts.keys, { issuer: opts.issuer, audience: opts.audiences, algorithms: ['RS256'] })).payload,
    );
    app.decorateRequest('clientIp', '');
    app.decorateRequest('viaShell', false);
    app.addHook('onRequest', async (req: FastifyRequest, reply) => {
      req.clientIp = req.ip;
      const auth = req.headers.authorization;
      if (!auth) return;
      const match = /^Bearer\s+(\S+)$/i.exec(auth);
      const fail = (why: string) => {
        req.log.warn({ why }, 'shell token rejected');
        const message = 'The bearer token is not a valid shell token.';
        return reply
          .code(401)
          .send(req.url.startsWith('/api/') ? { errorCode: 'UNAUTHENTICATED', message } : { errors: [{ message, extensions: { code: 'UNAUTHENTICATED' } }] });
      };
      if (!match) return fail('not a bearer token');
      try {
        await verify(match[1]!);
      } catch (err) {
        if (isVerificationFailure(err)) return fail((err as { code?: string }).code ?? String(err));
        req.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'shell keys unavailable: visitor address not trusted');
        return;
      }
      req.viaShell = true;
      req.clientIp = lastForwarded(req.headers['x-forwarded-for']) ?? req.ip;
    });
  },
  { name: 'shell-client' },
);
