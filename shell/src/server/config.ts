import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PublicConfig } from '../contract.js';

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

function positive(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? n : fallback;
}

function dataDir(env: NodeJS.ProcessEnv): string {
  return env.DATA_DIR ? path.resolve(env.DATA_DIR) : path.join(repoRoot, '.data');
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ShellConfig {
  const production = env.NODE_ENV === 'production';
  const appEnv = (ENV_NAMES as readonly string[]).includes(env.APP_ENV ?? '') ? (env.APP_ENV as PublicConfig['env']) : production ? 'production' : 'localhost';
  const gatewayPort = env.GATEWAY_PORT ?? '4000';
  const port = Number(env.SHELL_PORT ?? 3000);
  const publicOrigin = parsePublicOrigin(env.PUBLIC_ORIGIN || `http://localhost:${port}`);
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    publicOrigin,
    hsts: env.HSTS ? env.HSTS === 'true' : publicOrigin.startsWith('https:'),
    // Below the page's budget, above the gateway's own 2 s per subgraph call.
    gatewayTimeoutMs: positive(env.SHELL_GATEWAY_TIMEOUT_MS, 2500),
    proxyTimeoutMs: 10_000,
    imagesTimeoutMs: 5000,
    gatewayUrl: env.GATEWAY_URL ?? `http://127.0.0.1:${gatewayPort}/graphql`,
    bukkenImagesUrl: env.BUKKEN_IMAGES_URL ?? `http://127.0.0.1:${env.BUKKEN_PORT ?? 4002}`,
    companyImagesUrl: env.COMPANY_IMAGES_URL ?? `http://127.0.0.1:${env.COMPANY_PORT ?? 4004}`,
    issuer: env.SHELL_JWT_ISSUER ?? 'sumika-shell',
    signingKeyJson: env.SHELL_SIGNING_KEY || undefined,
    devKeyFile: path.join(dataDir(env), 'shell', 'signing-key.json'),
    remotesFile: env.REMOTES_FILE || undefined,
    remoteEnv: Object.fromEntries(Object.entries(env).filter(([k]) => /^MF_[A-Z]+_(PUBLIC_)?URL$/.test(k))),
    remoteCheckTtlMs: Number(env.REMOTE_CHECK_TTL_MS ?? 2000),
    remoteLoadTimeoutMs: Number(env.REMOTE_LOAD_TIMEOUT_MS ?? 5000),
    clientDir: env.SHELL_CLIENT_DIR ?? path.join(shellDir, 'dist', 'client'),
    production,
    publicConfig: {
      env: appEnv,
      ...(env.RECAPTCHA_SITE_KEY ? { recaptchaSiteKey: env.RECAPTCHA_SITE_KEY } : {}),
      // The forms subgraph's local verifier accepts this token when it has no RECAPTCHA_SECRET.
      ...(!production && !env.RECAPTCHA_SITE_KEY ? { recaptchaTestToken: env.RECAPTCHA_TEST_TOKEN ?? 'test-recaptcha-token' } : {}),
    },
  };
}
