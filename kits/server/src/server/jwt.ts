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

export function tokenVerifier(opts: VerifierOptions): TokenVerifier {
  const keys: JWTVerifyGetKey =
    typeof opts.jwks === 'string' ? createRemoteJWKSet(new URL(opts.jwks), { cooldownDuration: 5_000 }) : createLocalJWKSet(opts.jwks);
  return async (token) => {
    const { payload } = await jwtVerify(token, keys, {
      issuer: opts.issuer ?? DEFAULT_ISSUER,
      audience: opts.audience ?? SUBGRAPH_AUDIENCE,
      algorithms: [JWT_ALG],
    });
    return payload as JWTPayload & ServiceClaims;
  };
}
