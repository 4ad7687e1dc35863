import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { PublicConfig } from '@sumika/shell-kit';

const shellDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const repoRoot = path.resolve(shellDir, '..');

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

// An empty variable counts as unset, as in a compose file's `NAME=`.
const unsetIfEmpty = (v: unknown) => (v === '' ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(unsetIfEmpty, schema.optional());
const text = optional(z.string());
const port = optional(z.coerce.number({ error: 'must be a port number' }).int('must be a port number').min(0, 'must be a port number').max(65535, 'must be a port number'));
const millis = (min: number) => optional(z.coerce.number({ error: 'must be a number of milliseconds' }).int('must be a whole number of milliseconds').min(min, `must be at least ${min} ms`));
const httpUrl = optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }));

/** Every variable the shell reads, checked at start: a bad value stops it with the variable's name. */
const EnvSchema = z.object({
  NODE_ENV: text,
  APP_ENV: optional(z.enum(ENV_NAMES, { error: `must be one of ${ENV_NAMES.join(', ')}` })),
  HOST: text,
  SHELL_PORT: port,
  PUBLIC_ORIGIN: optional(z.string().transform((v, ctx) => {
    try {
      return parsePublicOrigin(v);
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: err instanceof Error ? err.message.replace(/^PUBLIC_ORIGIN /, '') : String(err) });
      return z.NEVER;
    }
  })),
  HSTS: optional(z.enum(['true', 'false'], { error: 'must be true or false' })),
  SHELL_GATEWAY_TIMEOUT_MS: millis(1),
  GATEWAY_URL: httpUrl,
  GATEWAY_PORT: port,
  BUKKEN_IMAGES_URL: httpUrl,
  BUKKEN_PORT: port,
  COMPANY_IMAGES_URL: httpUrl,
  COMPANY_PORT: port,
  SHELL_JWT_ISSUER: text,
  SHELL_SIGNING_KEY: text,
  DATA_DIR: text,
  REMOTES_FILE: text,
  REMOTE_CHECK_TTL_MS: millis(0),
  REMOTE_LOAD_TIMEOUT_MS: millis(1),
  SHELL_CLIENT_DIR: text,
  RECAPTCHA_SITE_KEY: text,
  RECAPTCHA_TEST_TOKEN: text,
});
const REMOTE_URL_ENV = /^MF_[A-Z]+_(PUBLIC_)?URL$/;

/** The environment checked against the schema, or an error naming every bad variable and its value. */
function parseEnv(env: NodeJS.ProcessEnv): { vars: z.infer<typeof EnvSchema>; remoteEnv: Record<string, string | undefined> } {
  const remoteNames = Object.keys(env).filter((k) => REMOTE_URL_ENV.test(k));
  const schema = EnvSchema.extend(Object.fromEntries(remoteNames.map((k) => [k, httpUrl])));
  const result = schema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? '?');
      return `${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`;
    });
    throw new Error(`bad environment\n  ${lines.join('\n  ')}`);
  }
  const data = result.data as Record<string, string | undefined>;
  return { vars: result.data, remoteEnv: Object.fromEntries(remoteNames.map((k) => [k, data[k]])) };
}

function dataDir(dir: string | undefined): string {
  return dir ? path.resolve(dir) : path.join(repoRoot, '.data');
}

/** The shell's settings from its environment (defaults for local runs); throws at start on a bad value, naming the variable. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ShellConfig {
  const { vars, remoteEnv } = parseEnv(env);
  const production = vars.NODE_ENV === 'production';
  const appEnv: PublicConfig['env'] = vars.APP_ENV ?? (production ? 'production' : 'localhost');
  const gatewayPort = vars.GATEWAY_PORT ?? 4000;
  const port = vars.SHELL_PORT ?? 3000;
  const publicOrigin = vars.PUBLIC_ORIGIN ?? `http://localhost:${port}`;
  return {
    port,
    host: vars.HOST ?? '127.0.0.1',
    publicOrigin,
    hsts: vars.HSTS ? vars.HSTS === 'true' : publicOrigin.startsWith('https:'),
    // Below the page's budget, above the gateway's own 2 s per subgraph call.
    gatewayTimeoutMs: vars.SHELL_GATEWAY_TIMEOUT_MS ?? 2500,
    proxyTimeoutMs: 10_000,
    imagesTimeoutMs: 5000,
    gatewayUrl: vars.GATEWAY_URL ?? `http://127.0.0.1:${gatewayPort}/graphql`,
    bukkenImagesUrl: vars.BUKKEN_IMAGES_URL ?? `http://127.0.0.1:${vars.BUKKEN_PORT ?? 4002}`,
    companyImagesUrl: vars.COMPANY_IMAGES_URL ?? `http://127.0.0.1:${vars.COMPANY_PORT ?? 4004}`,
    issuer: vars.SHELL_JWT_ISSUER ?? 'sumika-shell',
    signingKeyJson: vars.SHELL_SIGNING_KEY,
    devKeyFile: path.join(dataDir(vars.DATA_DIR), 'shell', 'signing-key.json'),
    remotesFile: vars.REMOTES_FILE,
    remoteEnv,
    remoteCheckTtlMs: vars.REMOTE_CHECK_TTL_MS ?? 2000,
    remoteLoadTimeoutMs: vars.REMOTE_LOAD_TIMEOUT_MS ?? 5000,
    clientDir: vars.SHELL_CLIENT_DIR ?? path.join(shellDir, 'dist', 'client'),
    production,
    publicConfig: {
      env: appEnv,
      ...(vars.RECAPTCHA_SITE_KEY ? { recaptchaSiteKey: vars.RECAPTCHA_SITE_KEY } : {}),
      // The forms subgraph's local verifier accepts this token when it has no RECAPTCHA_SECRET.
      ...(!production && !vars.RECAPTCHA_SITE_KEY ? { recaptchaTestToken: vars.RECAPTCHA_TEST_TOKEN ?? 'test-recaptcha-token' } : {}),
    },
  };
}
