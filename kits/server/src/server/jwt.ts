import {
  createLocalJWKSet,
  createRemoteJWKSet,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  SignJWT,
  type JWK,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import { LRUCache } from 'lru-cache';

export const JWT_ALG = 'RS256';
/** Who signs subgraph tokens and for whom (overridable by configuration). */
export const DEFAULT_ISSUER = 'sumika-gateway';
export const SUBGRAPH_AUDIENCE = 'sumika-subgraphs';

export interface SigningKey {
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
}

/** A fresh RS256 key pair (the gateway's dev key; tests). */
export async function generateSigningKey(kid = `dev-${Date.now().toString(36)}`): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair(JWT_ALG, { extractable: true });
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: JWT_ALG, use: 'sig' };
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: JWT_ALG, use: 'sig' };
  return { kid, privateJwk, publicJwk };
}

export interface ServiceClaims {
  /** The verified visitor id, when the request has one. Subgraphs trust a uid from nowhere else. */
  uid?: string;
  /** Set by the gateway on the request that minted `uid`: the user subgraph creates the record then. */
  fresh?: boolean;
  /** The visitor's IP as the gateway saw it (rate limits per IP). */
  ip?: string;
}

export type TokenSigner = (claims: ServiceClaims) => Promise<string>;

/** Signs short-lived per-request tokens for the subgraphs. */
export async function tokenSigner(key: SigningKey, opts: { issuer?: string; audience?: string; ttlSeconds?: number } = {}): Promise<TokenSigner> {
  const privateKey = await importJWK(key.privateJwk, JWT_ALG);
  return (claims) => {
    const jwt = new SignJWT({ ...claims })
      .setProtectedHeader({ alg: JWT_ALG, kid: key.kid })
      .setIssuer(opts.issuer ?? DEFAULT_ISSUER)
      .setAudience(opts.audience ?? SUBGRAPH_AUDIENCE)
      .setSubject('gateway')
      .setIssuedAt()
      .setExpirationTime(`${opts.ttlSeconds ?? 60}s`);
    return jwt.sign(privateKey);
  };
}

export interface VerifierOptions {
  /** The gateway's JWKS URL, or a key set given directly (tests). */
  jwks: string | { keys: JWK[] };
  issuer?: string;
  audience?: string;
}

export type TokenVerifier = (token: string) => Promise<JWTPayload & ServiceClaims>;

/** How long a verified token is taken on trust without checking its signature again (at most until its `exp`). */
export const VERIFIED_TOKEN_TRUST_MS = 30_000;

/**
 * `verify`, remembering the tokens that passed: the same token string again within
 * VERIFIED_TOKEN_TRUST_MS and before its `exp` answers the same payload without another RS256
 * check (~0.5 ms of CPU each; a page's calls share one token: the shell's to the gateway, the
 * gateway's per visitor to a subgraph — issue 15). A token that fails is never remembered; a key
 * withdrawn from the key set stops being trusted within the window. Bounded (`max` tokens).
 */
export function rememberVerified<P extends JWTPayload>(
  verify: (token: string) => Promise<P>,
  opts: { max?: number; trustMs?: number; now?: () => number } = {},
): (token: string) => Promise<P> {
  const now = opts.now ?? Date.now;
  const trustMs = opts.trustMs ?? VERIFIED_TOKEN_TRUST_MS;
  const verified = new LRUCache<string, { payload: P; until: number }>({ max: opts.max ?? 2_000 });
  return async (token) => {
    const hit = verified.get(token);
    if (hit && now() < hit.until) return hit.payload;
    const payload = await verify(token);
    const until = Math.min(now() + trustMs, payload.exp !== undefined ? payload.exp * 1000 : Number.POSITIVE_INFINITY);
    verified.set(token, { payload, until });
    return payload;
  };
}

export function tokenVerifier(opts: VerifierOptions): TokenVerifier {
  const keys: JWTVerifyGetKey =
    typeof opts.jwks === 'string' ? createRemoteJWKSet(new URL(opts.jwks), { cooldownDuration: 5_000 }) : createLocalJWKSet(opts.jwks);
  return rememberVerified(async (token) => {
    const { payload } = await jwtVerify(token, keys, {
      issuer: opts.issuer ?? DEFAULT_ISSUER,
      audience: opts.audience ?? SUBGRAPH_AUDIENCE,
      algorithms: [JWT_ALG],
    });
    return payload as JWTPayload & ServiceClaims;
  });
}
