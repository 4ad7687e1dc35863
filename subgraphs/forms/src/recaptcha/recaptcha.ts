import { timingSafeEqual } from 'node:crypto';
import { COMMON_ENV, envVar, parseEnv, type EnvShape } from '@sumika/server-kit';

/** Checks a reCAPTCHA response token from a form page. */
export interface RecaptchaVerifier {
  readonly kind: string;
  verify(token: string, ip?: string): Promise<boolean>;
}

/** The token the local default accepts (override with RECAPTCHA_TEST_TOKEN). */
export const DEFAULT_RECAPTCHA_TEST_TOKEN = 'test-recaptcha-token';

/** reCAPTCHA's variables (README's table); the forms start check spreads them into FORMS_ENV. */
export const RECAPTCHA_ENV = {
  RECAPTCHA_SECRET: envVar.text(),
  RECAPTCHA_MIN_SCORE: envVar.number(0, 1),
  RECAPTCHA_TEST_TOKEN: envVar.textOr(DEFAULT_RECAPTCHA_TEST_TOKEN),
} satisfies EnvShape;
export const SITEVERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

export const RECAPTCHA_FAILED = 'reCAPTCHAによる確認に失敗しました。ページを再読み込みして、もう一度お試しください。';

/**
 * The default without RECAPTCHA_SECRET (local runs, tests): accepts exactly one documented
 * token and rejects everything else, so the pipeline behaves as in production.
 */
export class TestTokenVerifier implements RecaptchaVerifier {
  readonly kind = 'test-token';
  private readonly expected: Buffer;

  constructor(token: string = DEFAULT_RECAPTCHA_TEST_TOKEN) {
    this.expected = Buffer.from(token);
  }

  async verify(token: string, _ip?: string): Promise<boolean> {
    const given = Buffer.from(token);
    return given.length === this.expected.length && timingSafeEqual(given, this.expected);
  }
}

export interface GoogleVerifierOptions {
  secret: string;
  /** Injected in tests (a local fake siteverify server). */
  fetch?: typeof fetch;
  endpoint?: string;
  /** reCAPTCHA v3 scores below this fail; v2 responses carry no score (default 0.5). */
  minScore?: number;
  /** When set, the token must come from this action (v3). */
  expectedAction?: string;
  timeoutMs?: number;
  onError?: (err: unknown) => void;
}

interface SiteverifyResponse {
  success?: boolean;
  score?: number;
  action?: string;
  hostname?: string;
  'error-codes'?: string[];
}

/** Production: asks Google's siteverify API. Network errors and timeouts fail closed. */
export class GoogleRecaptchaVerifier implements RecaptchaVerifier {
  readonly kind = 'google';
  private readonly fetch: typeof fetch;
  private readonly endpoint: string;

  constructor(private readonly opts: GoogleVerifierOptions) {
    this.fetch = opts.fetch ?? globalThis.fetch;
    this.endpoint = opts.endpoint ?? SITEVERIFY_URL;
  }

  async verify(token: string, ip?: string): Promise<boolean> {
    const body = new URLSearchParams({ secret: this.opts.secret, response: token });
    if (ip) body.set('remoteip', ip);
    try {
      const res = await this.fetch(this.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: body.toString(),
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 5_000),
      });
      if (!res.ok) {
        this.opts.onError?.(new Error(`siteverify answered ${res.status}`));
        return false;
      }
      const data = (await res.json()) as SiteverifyResponse;
      if (data.success !== true) return false;
      if (typeof data.score === 'number' && data.score < (this.opts.minScore ?? 0.5)) return false;
      if (this.opts.expectedAction && data.action !== this.opts.expectedAction) return false;
      return true;
    } catch (err) {
      this.opts.onError?.(err);
      return false;
    }
  }
}

/**
 * Google's verifier when RECAPTCHA_SECRET is set, else the test-token verifier; in
 * production a missing secret is a configuration error, never a silent bypass.
 */
export function recaptchaFromEnv(env: NodeJS.ProcessEnv = process.env, onError?: (err: unknown) => void): RecaptchaVerifier {
  const vars = parseEnv({ ...RECAPTCHA_ENV, NODE_ENV: COMMON_ENV.NODE_ENV }, env);
  const secret = vars.RECAPTCHA_SECRET;
  if (secret) {
    return new GoogleRecaptchaVerifier({
      secret,
      ...(vars.RECAPTCHA_MIN_SCORE !== undefined ? { minScore: vars.RECAPTCHA_MIN_SCORE } : {}),
      ...(onError ? { onError } : {}),
    });
  }
  if (vars.NODE_ENV === 'production') throw new Error('RECAPTCHA_SECRET must be set in production');
  return new TestTokenVerifier(vars.RECAPTCHA_TEST_TOKEN);
}
