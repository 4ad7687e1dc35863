import path from 'node:path';
import { dataDir, DEFAULT_ISSUER, repoRoot, type SubgraphName } from '@sumika/server-kit';

export interface GatewayConfig {
  port: number;
  /** The composed supergraph (npm run compose); watched and reloaded on change. */
  supergraphFile: string;
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
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const urls: Partial<Record<SubgraphName, string>> = {};
  const timeouts: Partial<Record<SubgraphName, number>> = {};
  for (const name of ['search', 'bukken', 'user', 'company', 'forms'] as const) {
    const url = env[`${name.toUpperCase()}_URL`];
    if (url) urls[name] = url;
    const timeout = env[`${name.toUpperCase()}_TIMEOUT_MS`];
    if (timeout) timeouts[name] = Number(timeout);
  }
  return {
    port: Number(env.GATEWAY_PORT ?? 4000),
    supergraphFile: env.SUPERGRAPH_FILE ?? path.join(repoRoot(), 'gateway', 'supergraph.graphql'),
    subgraphUrls: urls,
    issuer: env.JWT_ISSUER ?? DEFAULT_ISSUER,
    signingKeyJson: env.GATEWAY_SIGNING_KEY,
    devKeyFile: path.join(dataDir(env), 'gateway', 'signing-key.json'),
    production: env.NODE_ENV === 'production',
    adminToken: env.ADMIN_TOKEN || undefined,
    responseCacheTtl: Number(env.RESPONSE_CACHE_TTL ?? 60),
    maxDepth: Number(env.GRAPHQL_MAX_DEPTH ?? 12),
    maxCost: Number(env.GRAPHQL_MAX_COST ?? 20_000),
    maxTokens: Number(env.GRAPHQL_MAX_TOKENS ?? 2000),
    subgraphTimeoutMs: Number(env.SUBGRAPH_TIMEOUT_MS ?? 2000),
    subgraphTimeouts: timeouts,
    retryAfterTimeoutMs: Number(env.SUBGRAPH_RETRY_TIMEOUT_MS ?? 500),
    subgraphBreakAfter: Number(env.SUBGRAPH_BREAK_AFTER ?? 5),
    subgraphBreakMs: Number(env.SUBGRAPH_BREAK_MS ?? 2000),
    metricsPort: Number(env.METRICS_PORT ?? 9400),
    metricsHost: env.METRICS_HOST ?? '127.0.0.1',
    cookieSecret: env.COOKIE_SECRET || undefined,
    devCookieSecretFile: path.join(dataDir(env), 'gateway', 'cookie-secret'),
    trustProxy: env.TRUST_PROXY === 'true' ? true : env.TRUST_PROXY || false,
    shellJwksUrl: env.SHELL_JWKS_URL ?? `http://127.0.0.1:${env.SHELL_PORT ?? 3000}/.well-known/jwks.json`,
    shellIssuer: env.SHELL_JWT_ISSUER ?? 'sumika-shell',
    shellAudiences: env.SHELL_TOKEN_AUDIENCE
      ? env.SHELL_TOKEN_AUDIENCE.split(',').map((s) => s.trim()).filter(Boolean)
      : [`http://127.0.0.1:${env.GATEWAY_PORT ?? 4000}/graphql`, `http://localhost:${env.GATEWAY_PORT ?? 4000}/graphql`],
  };
}
