import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { exportJWK, importJWK } from 'jose';
import { generateSigningKey, JWT_ALG, type SigningKey } from '@sumika/server-kit';
import type { GatewayConfig } from './config.js';

/** The gateway's signing key: from configuration, else a dev key generated once and kept in .data/. */
export async function loadSigningKey(config: GatewayConfig): Promise<SigningKey> {
  if (config.signingKeyJson) return fromPrivateJwk(JSON.parse(config.signingKeyJson) as Record<string, unknown>);
  if (config.production) throw new Error('GATEWAY_SIGNING_KEY is required in production');
  if (existsSync(config.devKeyFile)) return fromPrivateJwk(JSON.parse(readFileSync(config.devKeyFile, 'utf8')) as Record<string, unknown>);
  const key = await generateSigningKey();
  mkdirSync(path.dirname(config.devKeyFile), { recursive: true });
  writeFileSync(config.devKeyFile, JSON.stringify(key.privateJwk), { mode: 0o600 });
  return key;
}

async function fromPrivateJwk(jwk: Record<string, unknown>): Promise<SigningKey> {
  const kid = typeof jwk.kid === 'string' ? jwk.kid : 'gateway';
  const privateKey = await importJWK({ ...jwk, alg: JWT_ALG }, JWT_ALG, { extractable: true });
  // The public half is the modulus and exponent of the private JWK.
  const full = await exportJWK(privateKey as CryptoKey);
  const publicJwk = { kty: full.kty, n: full.n, e: full.e, kid, alg: JWT_ALG, use: 'sig' };
  return { kid, privateJwk: { ...jwk, kid, alg: JWT_ALG }, publicJwk };
}

/** The `_uid` cookie's signing secret: from configuration, else a dev secret generated once and kept in .data/. */
export function loadCookieSecret(config: GatewayConfig): string {
  if (config.cookieSecret) return config.cookieSecret;
  if (config.production) throw new Error('COOKIE_SECRET is required in production');
  if (existsSync(config.devCookieSecretFile)) return readFileSync(config.devCookieSecretFile, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  mkdirSync(path.dirname(config.devCookieSecretFile), { recursive: true });
  writeFileSync(config.devCookieSecretFile, secret, { mode: 0o600 });
  return secret;
}
