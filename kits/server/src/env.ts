import path from 'node:path';
import { envVar, LOG_LEVELS, parseEnv, type EnvOf, type EnvShape } from './config.js';
import { DEFAULT_ISSUER } from './server/jwt.js';
import { repoRoot } from './root.js';
import { DEFAULT_SHUTDOWN_GRACE_MS } from './shutdown.js';

export { repoRoot };

/** The names of the subgraphs; each owns exactly one PostgreSQL schema. */
export const SUBGRAPHS = ['search', 'bukken', 'user', 'company', 'forms'] as const;
export type SubgraphName = (typeof SUBGRAPHS)[number];

/** Schema per subgraph: `user` is a reserved word in PostgreSQL, so that one is `users`. */
export const DEFAULT_SCHEMA: Record<SubgraphName, string> = {
  search: 'search',
  bukken: 'bukken',
  user: 'users',
  company: 'company',
  forms: 'forms',
};

/** Each subgraph's port when `<NAME>_PORT` is unset. */
export const SUBGRAPH_DEFAULT_PORTS: Record<SubgraphName, number> = { search: 4001, bukken: 4002, user: 4003, company: 4004, forms: 4005 };

/** Logging (logging.ts): pino's level, and JSON lines unless `pretty` (the local runner). */
export const LOG_ENV = {
  LOG_LEVEL: envVar.oneOfOr(LOG_LEVELS, 'info'),
  LOG_FORMAT: envVar.oneOfOr(['json', 'pretty'], 'json'),
  /** The logger's `name` (set by the runner's process groups, infra/src/runner/group.ts, so each line says which service). */
  LOG_NAME: envVar.text(),
} satisfies EnvShape;

/**
 * Redis (cache/cache.ts, cache/redis-connection.ts): none means the in-process stand-ins; several URLs
 * separated by commas are a Redis Cluster's nodes (any of them; the client finds the rest).
 */
export const REDIS_ENV = {
  REDIS_URL: envVar.urls(),
  REDIS_TIMEOUT_MS: envVar.millisOr(1, 200),
} satisfies EnvShape;

/** PostgreSQL (the storage kit): none means embedded PGlite; the pool's budgets (0 = no statement timeout). */
export const POSTGRES_ENV = {
  DATABASE_URL: envVar.url(),
  PG_CONNECT_TIMEOUT_MS: envVar.millisOr(0, 2000),
  PG_STATEMENT_TIMEOUT_MS: envVar.millisOr(0, 15_000),
  /** With a read replica (`<NAME>_READ_DATABASE_URL`): how long reads stay on the primary after a write. */
  PG_READ_AFTER_WRITE_MS: envVar.millisOr(0, 2000),
} satisfies EnvShape;

/**
 * OpenTelemetry traces (observability/tracing.ts): the standard OTLP variables. Unset, no span is made;
 * set, spans go by OTLP/HTTP (JSON) to `<OTEL_EXPORTER_OTLP_ENDPOINT>/v1/traces`, or to
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as it is.
 */
export const TRACING_ENV = {
  OTEL_EXPORTER_OTLP_ENDPOINT: envVar.httpUrl(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: envVar.httpUrl(),
} satisfies EnvShape;

/** Variables every service reads (README's tables); defaults as documented there. */
export const COMMON_ENV = {
  NODE_ENV: envVar.text(),
  HOST: envVar.textOr('127.0.0.1'),
  DATA_DIR: envVar.text(),
  DATABASE_URL: POSTGRES_ENV.DATABASE_URL,
  ...REDIS_ENV,
  SHUTDOWN_GRACE_MS: envVar.millisOr(0, DEFAULT_SHUTDOWN_GRACE_MS),
  ...LOG_ENV,
  ...TRACING_ENV,
} satisfies EnvShape;

/** How subgraphs verify the gateway's tokens (server/run.ts `authFromEnv`): its JWKS, else the local gateway's. */
export const AUTH_ENV = {
  GATEWAY_PORT: envVar.portOr(4000),
  GATEWAY_JWKS_URL: envVar.httpUrl(),
  JWT_ISSUER: envVar.textOr(DEFAULT_ISSUER),
} satisfies EnvShape;

/** A subgraph's own backstop limits (server/app.ts `limitsFromEnv`). */
export const LIMITS_ENV = {
  SUBGRAPH_MAX_COST: envVar.intOr(1, 1_000_000),
  SUBGRAPH_MAX_DEPTH: envVar.intOr(1, 16),
  SUBGRAPH_MAX_TOKENS: envVar.intOr(1, 5000),
} satisfies EnvShape;

/** What every subgraph reads besides its own variables: the common ones, PostgreSQL's, the gateway's JWKS, the subgraph limits. */
export const SUBGRAPH_ENV = {
  ...COMMON_ENV,
  ...POSTGRES_ENV,
  ...AUTH_ENV,
  ...LIMITS_ENV,
} satisfies EnvShape;

export interface SubgraphEnv<S extends EnvShape> {
  /** `<NAME>_PORT`, else the subgraph's default port. */
  port: number;
  /** `<NAME>_DATABASE_URL`, else `DATABASE_URL`, else undefined (embedded PGlite). */
  databaseUrl: string | undefined;
  /** Every common variable and the subgraph's own (`own`), checked and with defaults. */
  vars: EnvOf<typeof SUBGRAPH_ENV> & EnvOf<S>;
}

/**
 * A subgraph's environment, checked at start: the common variables plus `own`. Throws an
 * `EnvError` naming every bad variable (the service's main prints it through `configOrExit`).
 */
export function subgraphEnv<S extends EnvShape>(subgraph: SubgraphName, own: S, env: NodeJS.ProcessEnv = process.env): SubgraphEnv<S> {
  const name = subgraph.toUpperCase();
  const shape = {
    [`${name}_PORT`]: envVar.portOr(SUBGRAPH_DEFAULT_PORTS[subgraph]),
    [`${name}_DATABASE_URL`]: envVar.url(),
    [`${name}_READ_DATABASE_URL`]: envVar.url(),
    ...SUBGRAPH_ENV,
    ...own,
  };
  const vars = parseEnv(shape, env) as Record<string, unknown>;
  return {
    port: vars[`${name}_PORT`] as number,
    databaseUrl: (vars[`${name}_DATABASE_URL`] as string | undefined) ?? (vars.DATABASE_URL as string | undefined),
    vars: vars as SubgraphEnv<S>['vars'],
  };
}

/** `<SUBGRAPH>_DATABASE_URL`, else `DATABASE_URL`, else undefined (embedded PGlite). */
export function databaseUrlFor(subgraph: SubgraphName, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const own = `${subgraph.toUpperCase()}_DATABASE_URL`;
  const vars = parseEnv({ [own]: envVar.url(), DATABASE_URL: COMMON_ENV.DATABASE_URL }, env) as Record<string, string | undefined>;
  return vars[own] ?? vars.DATABASE_URL;
}

/**
 * `<SUBGRAPH>_READ_DATABASE_URL`: a read replica of the subgraph's PostgreSQL (a streaming standby),
 * which takes its lone reads (the storage kit's RoutingConnection); undefined when there is none.
 */
export function readDatabaseUrlFor(subgraph: SubgraphName, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const own = `${subgraph.toUpperCase()}_READ_DATABASE_URL`;
  return (parseEnv({ [own]: envVar.url() }, env) as Record<string, string | undefined>)[own];
}

/** Where the embedded databases and other local state live (`DATA_DIR`, default `<root>/.data`). */
export function dataDir(env: NodeJS.ProcessEnv = process.env): string {
  const { DATA_DIR } = parseEnv({ DATA_DIR: COMMON_ENV.DATA_DIR }, env);
  return DATA_DIR ? path.resolve(DATA_DIR) : path.join(repoRoot(), '.data');
}
