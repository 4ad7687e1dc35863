import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';

const ALG = 'RS256';
/** SPEC §9: token lifetime 86400 s. */
export const TOKEN_LIFETIME_SECONDS = 86_400;
/** Re-sign an hour before expiry so no request carries a token about to lapse. */
const RENEW_BEFORE_SECONDS = 3_600;

export interface ShellSigner {
  /** A bearer token for the gateway: RS256, one day, audience the proxy endpoint. */
  token: () => Promise<string>;
  publicJwk: JWK;
}

async function loadPrivateJwk(opts: { signingKeyJson?: string; devKeyFile: string; production: boolean }): Promise<JWK> {
  if (opts.signingKeyJson) return JSON.parse(opts.signingKeyJson) as JWK;
  if (opts.production) throw new Error('SHELL_SIGNING_KEY is required in production');
  if (existsSync(opts.devKeyFile)) return JSON.parse(readFileSync(opts.devKeyFile, 'utf8')) as JWK;
  const { privateKey } = await generateKeyPair(ALG, { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'shell-dev', alg: ALG };
  mkdirSync(path.dirname(opts.devKeyFile), { recursive: true });
  writeFileSync(opts.devKeyFile, JSON.stringify(jwk), { mode: 0o600 });
  return jwk;
}

export async function createShellSigner(opts: {
  signingKeyJson?: string;
  devKeyFile: string;
  production: boolean;
  issuer: string;
  audience: string;
}): Promise<ShellSigner> {
  const jwk = await loadPrivateJwk(opts);
  const kid = typeof jwk.kid === 'string' ? jwk.kid : 'shell';
  const key = await importJWK({ ...jwk, alg: ALG }, ALG);
  const publicJwk: JWK = { kty: jwk.kty, n: jwk.n, e: jwk.e, kid, alg: ALG, use: 'sig' };
  let cached: { token: string; exp: number } | undefined;
  return {
    publicJwk,
    token: async () => {
      const now = Math.floor(Date.now() / 1000);
      if (cached && cached.exp - now > RENEW_BEFORE_SECONDS) return cached.token;
      const exp = now + TOKEN_LIFETIME_SECONDS;
      const token = await new SignJWT({ client: 'shell' })
        .setProtectedHeader({ alg: ALG, kid })
        .setIssuer(opts.issuer)
        .setAudience(opts.audience)
        .setSubject('shell')
        .setIssuedAt(now)
        .setExpirationTime(exp)
        .sign(key);
      cached = { token, exp };
      return token;
    },
  };
}
