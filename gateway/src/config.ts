import path from 'node:path';
import { AUTH_ENV, COMMON_ENV, dataDir, envVar, metricsEnv, parseEnv, repoRoot, type EnvShape, type SubgraphName } from '@sumika/server-kit';

export interface GatewayConfig {
  port: number;
  /** The composed supergraph (npm run compose); watched and reloaded on change. */
  supergraphFile: string;
  /** Redis to follow the published supergraph on (SUPERGRAPH_REDIS_URL; `npm run schema:publish` publishes there too): every instance of a scaled-out gateway. */
  supergraphRedisUrl: string | undefined;
  /** Where each subgraph's GraphQL endpoint is, overriding the supergraph's URLs (<NAME>_URL). */
  subgraphUrls: Partial<Record<SubgraphName, string>>;
  issuer: string;
  /** RS256 private JWK as JSON (GATEWAY_SIGNING_KEY), else a dev key kept in this file. */
  signingKeyJson: string | undefined;
  devKeyFile: string;
  production: boolean;
  /** Enables POST /admin/cache/invalidate when set. */
  adminToken: string | undefined;
  /** Seconds public responses stay in the response cache. */
  responseCacheTtl: number;
  maxDepth: number;
  /** Most a query may cost (GRAPHQL_MAX_COST): every list field counts its declared size (gateway/README.md). */
  maxCost: number;
  /** Most tokens a GraphQL document may have (GRAPHQL_MAX_TOKENS). */
  maxTokens: number;
  /** Each subgraph call's budget in ms, its one retry included (SUBGRAPH_TIMEOUT_MS), per subgraph overridable (<NAME>_TIMEOUT_MS). */
  subgraphTimeoutMs: number;
  subgraphTimeouts: Partial<Record<SubgraphName, number>>;
  /** The part of a read's budget kept for its retry after a timeout (SUBGRAPH_RETRY_TIMEOUT_MS; at most half the budget). */
  retryAfterTimeoutMs: number;
  /** A subgraph's breaker opens after this many transient failures in a row (SUBGRAPH_BREAK_AFTER) for SUBGRAPH_BREAK_MS. */
  subgraphBreakAfter: number;
  subgraphBreakMs: number;
  /** Where /metrics listens (METRICS_PORT, METRICS_HOST): never the public port; 0 turns the listener off. */
  metricsPort: number;
  metricsHost: string;
  /** Signs the `_uid` cookie (COOKIE_SECRET), else a dev secret generated once and kept in this file. */
  cookieSecret: string | undefined;
  devCookieSecretFile: string;
  /** fastify trustProxy (TRUST_PROXY: 'true' or trusted addresses/CIDRs, comma-separated). */
  trustProxy: boolean | string;
  /** The shell's JWKS (SHELL_JWKS_URL): requests bearing its token get the visitor's address. */
  shellJwksUrl: string;
  shellIssuer: string;
  /** `aud` values the shell's token may carry (SHELL_TOKEN_AUDIENCE, comma-separated): this gateway's URL. */
  shellAudiences: string[];
  /**
   * Which documents /graphql runs (GATEWAY_DOCUMENTS): `persisted` only the build's manifest's (by hash or by
   * their exact text; decision 021), `any` every document (APQ registers new ones). Default `any`, production
   * included, until the user subgraph's own calls are in the manifest (a `persisted` gateway refuses them).
   */
  documents: DocumentsMode;
  /** The build's manifest of the site's operations (PERSISTED_DOCUMENTS_FILE; `npm run codegen` writes it). */
  persistedDocumentsFile: string;
}

export const DOCUMENTS_MODES = ['any', 'persisted'] as const;
export type DocumentsMode = (typeof DOCUMENTS_MODES)[number];

const SUBGRAPH_NAMES = ['search', 'bukken', 'user', 'company', 'forms'] as const satisfies readonly SubgraphName[];

/** Every variable the gateway reads, with its default (README's table). */
const GATEWAY_ENV = {
  ...COMMON_ENV,
  // Declared once with the subgraphs' side, which derives the JWKS URL and checks the issuer from them.
  GATEWAY_PORT: AUTH_ENV.GATEWAY_PORT,
  SUPERGRAPH_FILE: envVar.text(),
  SUPERGRAPH_REDIS_URL: envVar.url(),
  JWT_ISSUER: AUTH_ENV.JWT_ISSUER,
  GATEWAY_SIGNING_KEY: envVar.text(),
  ADMIN_TOKEN: envVar.text(),
  RESPONSE_CACHE_TTL: envVar.intOr(0, 60),
  GRAPHQL_MAX_DEPTH: envVar.intOr(1, 12),
  GRAPHQL_MAX_COST: envVar.intOr(1, 20_000),
  GRAPHQL_MAX_TOKENS: envVar.intOr(1, 2000),
  SUBGRAPH_TIMEOUT_MS: envVar.millisOr(1, 2000),
  SUBGRAPH_RETRY_TIMEOUT_MS: envVar.millisOr(0, 500),
  SUBGRAPH_BREAK_AFTER: envVar.intOr(1, 5),
  SUBGRAPH_BREAK_MS: envVar.millisOr(1, 2000),
  ...metricsEnv('gateway'),
  COOKIE_SECRET: envVar.text(),
  TRUST_PROXY: envVar.text(),
  SHELL_PORT: envVar.portOr(3000),
  SHELL_JWKS_URL: envVar.httpUrl(),
  SHELL_JWT_ISSUER: envVar.textOr('sumika-shell'),
  SHELL_TOKEN_AUDIENCE: envVar.text(),
  GATEWAY_DOCUMENTS: envVar.oneOf(DOCUMENTS_MODES),
  PERSISTED_DOCUMENTS_FILE: envVar.text(),
  // Per subgraph: its URL, or its instances' comma-separated (<NAME>_URL), and its call budget (<NAME>_TIMEOUT_MS).
  SEARCH_URL: envVar.httpUrls(),
  SEARCH_TIMEOUT_MS: envVar.millis(1),
  BUKKEN_URL: envVar.httpUrls(),
  BUKKEN_TIMEOUT_MS: envVar.millis(1),
  USER_URL: envVar.httpUrls(),
  USER_TIMEOUT_MS: envVar.millis(1),
  COMPANY_URL: envVar.httpUrls(),
  COMPANY_TIMEOUT_MS: envVar.millis(1),
  FORMS_URL: envVar.httpUrls(),
  FORMS_TIMEOUT_MS: envVar.millis(1),
} satisfies EnvShape;

/** The gateway's settings from its environment; throws an `EnvError` naming every bad variable. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const vars = parseEnv(GATEWAY_ENV, env);
  const perSubgraph = vars as Record<string, unknown>;
  const urls: Partial<Record<SubgraphName, string>> = {};
  const timeouts: Partial<Record<SubgraphName, number>> = {};
  for (const name of SUBGRAPH_NAMES) {
    const url = perSubgraph[`${name.toUpperCase()}_URL`] as string | undefined;
    if (url) urls[name] = url;
    const timeout = perSubgraph[`${name.toUpperCase()}_TIMEOUT_MS`] as number | undefined;
    if (timeout !== undefined) timeouts[name] = timeout;
  }
  const data = dataDir(env);
  return {
    port: vars.GATEWAY_PORT,
    supergraphFile: vars.SUPERGRAPH_FILE ?? path.join(repoRoot(), 'gateway', 'supergraph.graphql'),
    supergraphRedisUrl: vars.SUPERGRAPH_REDIS_URL,
    subgraphUrls: urls,
    issuer: vars.JWT_ISSUER,
    signingKeyJson: vars.GATEWAY_SIGNING_KEY,
    devKeyFile: path.join(data, 'gateway', 'signing-key.json'),
    production: vars.NODE_ENV === 'production',
    adminToken: vars.ADMIN_TOKEN,
    responseCacheTtl: vars.RESPONSE_CACHE_TTL,
    maxDepth: vars.GRAPHQL_MAX_DEPTH,
    maxCost: vars.GRAPHQL_MAX_COST,
    maxTokens: vars.GRAPHQL_MAX_TOKENS,
    subgraphTimeoutMs: vars.SUBGRAPH_TIMEOUT_MS,
    subgraphTimeouts: timeouts,
    retryAfterTimeoutMs: vars.SUBGRAPH_RETRY_TIMEOUT_MS,
    subgraphBreakAfter: vars.SUBGRAPH_BREAK_AFTER,
    subgraphBreakMs: vars.SUBGRAPH_BREAK_MS,
    metricsPort: vars.METRICS_PORT,
    metricsHost: vars.METRICS_HOST,
    cookieSecret: vars.COOKIE_SECRET,
    devCookieSecretFile: path.join(data, 'gateway', 'cookie-secret'),
    trustProxy: vars.TRUST_PROXY === 'true' ? true : (vars.TRUST_PROXY ?? false),
    shellJwksUrl: vars.SHELL_JWKS_URL ?? `http://127.0.0.1:${vars.SHELL_PORT}/.well-known/jwks.json`,
    shellIssuer: vars.SHELL_JWT_ISSUER,
    shellAudiences: vars.SHELL_TOKEN_AUDIENCE
      ? vars.SHELL_TOKEN_AUDIENCE.split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [`http://127.0.0.1:${vars.GATEWAY_PORT}/graphql`, `http://localhost:${vars.GATEWAY_PORT}/graphql`],
    documents: vars.GATEWAY_DOCUMENTS ?? 'any',
    persistedDocumentsFile: vars.PERSISTED_DOCUMENTS_FILE ?? path.join(repoRoot(), 'gateway', '__generated__', 'persisted-documents.json'),
  };
}
