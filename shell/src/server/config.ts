import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { envVar, LOG_LEVELS, metricsEnv, parseEnv, type EnvShape } from '@sumika/server-kit/config';
import { DEFAULT_SHUTDOWN_GRACE_MS } from '@sumika/server-kit/shutdown';
import type { PublicConfig } from '@sumika/shell-kit';

const shellDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const repoRoot = path.resolve(shellDir, '..');
/** The shell's browser build (webpack) unless SHELL_CLIENT_DIR says otherwise. */
export const defaultClientDir = path.join(shellDir, 'dist', 'client');

export interface ShellConfig {
  port: number;
  host: string;
  /** The site's public origin (PUBLIC_ORIGIN): canonical and absolute URLs come from it, never from the request's Host. */
  publicOrigin: string;
  /** Send Strict-Transport-Security: HSTS=true|false, else when PUBLIC_ORIGIN is https. */
  hsts: boolean;
  /** Per gateway call of a page render (SHELL_GATEWAY_TIMEOUT_MS); the page answers within it plus a margin. */
  gatewayTimeoutMs: number;
  /** The /graphql and /api/v4_1 proxy's and the images proxy's upstream timeouts. */
  proxyTimeoutMs: number;
  imagesTimeoutMs: number;
  /** The gateway's GraphQL endpoint (GATEWAY_URL); /api/v4_1 lives beside it. */
  gatewayUrl: string;
  /** Where listing and store images are proxied from (/images/bukken, /images/company). */
  bukkenImagesUrl: string;
  companyImagesUrl: string;
  /** Issuer of the shell's gateway token (SHELL_JWT_ISSUER). */
  issuer: string;
  /** RS256 private JWK as JSON (SHELL_SIGNING_KEY), else a dev key kept in devKeyFile. */
  signingKeyJson: string | undefined;
  devKeyFile: string;
  /** Remote manifests: REMOTES_FILE (JSON, re-read at run time), else MF_<NAME>_URL, else localhost ports. */
  remotesFile: string | undefined;
  /** The MF_<NAME>_URL and MF_<NAME>_PUBLIC_URL settings. */
  remoteEnv: Record<string, string | undefined>;
  /** How long a remote's server manifest check is trusted before asking again. */
  remoteCheckTtlMs: number;
  remoteLoadTimeoutMs: number;
  /** The shell's browser build (webpack), served under /assets/. */
  clientDir: string;
  production: boolean;
  /** pino's level (LOG_LEVEL) and readable lines unless LOG_FORMAT=json. */
  log: { level: string; pretty: boolean };
  /** Where /metrics listens (METRICS_PORT, METRICS_HOST; 127.0.0.1:9401): never the public port; 0 turns the listener off. */
  metricsPort: number;
  metricsHost: string;
  publicConfig: PublicConfig;
}

const ENV_NAMES = ['localhost', 'develop', 'staging', 'test', 'production'] as const;

/** PUBLIC_ORIGIN as an origin (scheme://host[:port]); a bad value stops the start, it would be in every canonical URL. */
export function parsePublicOrigin(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`PUBLIC_ORIGIN is not a URL: ${value}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`PUBLIC_ORIGIN must be http(s): ${value}`);
  return url.origin;
}

/** An XYZ tile URL template the browser may load images from: https, with {z}, {x} and {y}. */
function isTileTemplate(value: string): boolean {
  try {
    return new URL(value.replace(/\{[a-z]\}/g, '0')).protocol === 'https:' && ['{z}', '{x}', '{y}'].every((p) => value.includes(p));
  } catch {
    return false;
  }
}

/** Every variable the shell reads, checked at start: a bad value stops it with the variable's name. */
const SHELL_ENV = {
  NODE_ENV: envVar.text(),
  APP_ENV: envVar.oneOf(ENV_NAMES),
  HOST: envVar.textOr('127.0.0.1'),
  SHELL_PORT: envVar.portOr(3000),
  PUBLIC_ORIGIN: envVar.text().transform((v, ctx) => {
    if (v === undefined) return v;
    try {
      return parsePublicOrigin(v);
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: err instanceof Error ? err.message.replace(/^PUBLIC_ORIGIN /, '') : String(err) });
      return z.NEVER;
    }
  }),
  HSTS: envVar.flag(),
  // Below the page's budget, above the gateway's own 2 s per subgraph call.
  SHELL_GATEWAY_TIMEOUT_MS: envVar.millisOr(1, 2500),
  GATEWAY_URL: envVar.httpUrl(),
  GATEWAY_PORT: envVar.portOr(4000),
  BUKKEN_IMAGES_URL: envVar.httpUrl(),
  BUKKEN_PORT: envVar.portOr(4002),
  COMPANY_IMAGES_URL: envVar.httpUrl(),
  COMPANY_PORT: envVar.portOr(4004),
  SHELL_JWT_ISSUER: envVar.textOr('sumika-shell'),
  SHELL_SIGNING_KEY: envVar.text(),
  DATA_DIR: envVar.text(),
  REMOTES_FILE: envVar.text(),
  REMOTE_CHECK_TTL_MS: envVar.millisOr(0, 2000),
  REMOTE_LOAD_TIMEOUT_MS: envVar.millisOr(1, 5000),
  SHELL_CLIENT_DIR: envVar.text(),
  RECAPTCHA_SITE_KEY: envVar.text(),
  // The map's tiles in production (an https XYZ template); without it the map draws the site's own base layer.
  MAP_TILE_URL: envVar.text().transform((v, ctx) => {
    if (v === undefined) return v;
    if (!isTileTemplate(v)) {
      ctx.addIssue({ code: 'custom', message: 'must be an https URL template with {z}, {x} and {y}' });
      return z.NEVER;
    }
    return v;
  }),
  MAP_TILE_ATTRIBUTION: envVar.text(),
  // The forms subgraph's local verifier accepts this token when it has no RECAPTCHA_SECRET.
  RECAPTCHA_TEST_TOKEN: envVar.textOr('test-recaptcha-token'),
  // Read by onShutdown (start.ts); checked here so a bad value stops the start, not the shutdown.
  SHUTDOWN_GRACE_MS: envVar.millisOr(0, DEFAULT_SHUTDOWN_GRACE_MS),
  LOG_LEVEL: envVar.oneOfOr(LOG_LEVELS, 'info'),
  // Readable lines by default, unlike the other services: the shell is mostly run by hand.
  LOG_FORMAT: envVar.oneOfOr(['json', 'pretty'], 'pretty'),
  ...metricsEnv('shell'),
} satisfies EnvShape;
const REMOTE_URL_ENV = /^MF_[A-Z]+_(PUBLIC_)?URL$/;

function dataDir(dir: string | undefined): string {
  return dir ? path.resolve(dir) : path.join(repoRoot, '.data');
}

/** The shell's settings from its environment (defaults for local runs); throws at start on a bad value, naming the variable. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ShellConfig {
  const remoteNames = Object.keys(env).filter((k) => REMOTE_URL_ENV.test(k));
  const remoteShape: EnvShape = Object.fromEntries(remoteNames.map((k) => [k, envVar.httpUrl()]));
  const vars = parseEnv({ ...SHELL_ENV, ...remoteShape }, env);
  const remoteVars = vars as Record<string, unknown>;
  const production = vars.NODE_ENV === 'production';
  const appEnv: PublicConfig['env'] = vars.APP_ENV ?? (production ? 'production' : 'localhost');
  const port = vars.SHELL_PORT;
  const publicOrigin = vars.PUBLIC_ORIGIN ?? `http://localhost:${port}`;
  return {
    port,
    host: vars.HOST,
    publicOrigin,
    hsts: vars.HSTS ?? publicOrigin.startsWith('https:'),
    gatewayTimeoutMs: vars.SHELL_GATEWAY_TIMEOUT_MS,
    proxyTimeoutMs: 10_000,
    imagesTimeoutMs: 5000,
    gatewayUrl: vars.GATEWAY_URL ?? `http://127.0.0.1:${vars.GATEWAY_PORT}/graphql`,
    bukkenImagesUrl: vars.BUKKEN_IMAGES_URL ?? `http://127.0.0.1:${vars.BUKKEN_PORT}`,
    companyImagesUrl: vars.COMPANY_IMAGES_URL ?? `http://127.0.0.1:${vars.COMPANY_PORT}`,
    issuer: vars.SHELL_JWT_ISSUER,
    signingKeyJson: vars.SHELL_SIGNING_KEY,
    devKeyFile: path.join(dataDir(vars.DATA_DIR), 'shell', 'signing-key.json'),
    remotesFile: vars.REMOTES_FILE,
    remoteEnv: Object.fromEntries(remoteNames.map((k) => [k, remoteVars[k] as string | undefined])),
    remoteCheckTtlMs: vars.REMOTE_CHECK_TTL_MS,
    remoteLoadTimeoutMs: vars.REMOTE_LOAD_TIMEOUT_MS,
    clientDir: vars.SHELL_CLIENT_DIR ?? defaultClientDir,
    production,
    log: { level: vars.LOG_LEVEL, pretty: vars.LOG_FORMAT === 'pretty' },
    metricsPort: vars.METRICS_PORT,
    metricsHost: vars.METRICS_HOST,
    publicConfig: {
      env: appEnv,
      ...(vars.RECAPTCHA_SITE_KEY ? { recaptchaSiteKey: vars.RECAPTCHA_SITE_KEY } : {}),
      ...(!production && !vars.RECAPTCHA_SITE_KEY ? { recaptchaTestToken: vars.RECAPTCHA_TEST_TOKEN } : {}),
      ...(vars.MAP_TILE_URL ? { mapTileUrl: vars.MAP_TILE_URL, ...(vars.MAP_TILE_ATTRIBUTION ? { mapTileAttribution: vars.MAP_TILE_ATTRIBUTION } : {}) } : {}),
    },
  };
}
