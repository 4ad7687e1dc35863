import type { ShellSigner } from './token.js';

/** The visitor's request facts the gateway must see (SPEC §7.1: cookie, referer, user-agent). */
export interface VisitorHeaders {
  cookie?: string;
  userAgent?: string;
  referer?: string;
  /** The X-Forwarded-For chain ending with the visitor's address. */
  forwardedFor?: string;
}

export interface RecordedError {
  operationName: string | undefined;
  code: string;
  message: string;
}

interface Logger {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
}

export const UID_COOKIE = '_uid';

function parseCookieHeader(header: string | undefined): Map<string, string> {
  const jar = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i <= 0) continue;
    jar.set(part.slice(0, i).trim(), part.slice(i + 1).trim());
  }
  return jar;
}

/** name, value and whether the Set-Cookie header deletes the cookie. */
export function parseSetCookie(header: string): { name: string; value: string; deleted: boolean } | undefined {
  const [pair = '', ...attrs] = header.split(';');
  const i = pair.indexOf('=');
  if (i <= 0) return undefined;
  const name = pair.slice(0, i).trim();
  const value = pair.slice(i + 1).trim();
  let deleted = value === '';
  for (const attr of attrs) {
    const [k = '', v = ''] = attr.split('=').map((s) => s.trim());
    if (k.toLowerCase() === 'max-age' && Number(v) <= 0) deleted = true;
    if (k.toLowerCase() === 'expires' && Date.parse(v) < Date.now()) deleted = true;
  }
  return { name, value, deleted };
}

/**
 * One page render's conversation with the gateway: the visitor's cookies (updated by the
 * gateway's Set-Cookie, so a `_uid` minted by the first call is used by the next), the shell's
 * bearer token, the error codes the page's operations got (for the HTTP status), and the
 * Set-Cookie headers to copy to the visitor. USER_ID_ERROR: retried once without `_uid`, which
 * gives the visitor a fresh identity.
 */
export class GatewaySession {
  private readonly jar: Map<string, string>;
  /** Last Set-Cookie per cookie name, in order. */
  private readonly outgoing = new Map<string, string>();
  errors: RecordedError[] = [];

  constructor(
    private readonly opts: { gatewayUrl: string; signer: ShellSigner; visitor: VisitorHeaders; log: Logger; timeoutMs?: number },
  ) {
    this.jar = parseCookieHeader(opts.visitor.cookie);
  }

  get setCookies(): string[] {
    return [...this.outgoing.values()];
  }

  cookieHeader(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private absorb(headers: Headers): void {
    for (const header of headers.getSetCookie()) {
      const parsed = parseSetCookie(header);
      if (!parsed) continue;
      if (parsed.deleted) this.jar.delete(parsed.name);
      else this.jar.set(parsed.name, parsed.value);
      this.outgoing.delete(parsed.name);
      this.outgoing.set(parsed.name, header);
    }
  }

  /** Headers for a request to the gateway on the visitor's behalf. */
  async headers(extra: Record<string, string> = {}): Promise<Record<string, string>> {
    const { visitor } = this.opts;
    const out: Record<string, string> = { ...extra, authorization: `Bearer ${await this.opts.signer.token()}` };
    const cookie = this.cookieHeader();
    if (cookie) out.cookie = cookie;
    if (visitor.userAgent) out['user-agent'] = visitor.userAgent;
    if (visitor.referer) out.referer = visitor.referer;
    if (visitor.forwardedFor) out['x-forwarded-for'] = visitor.forwardedFor;
    return out;
  }

  /** A fetch for Apollo's HttpLink. */
  readonly fetch: typeof fetch = async (input, init) => {
    const body = typeof init?.body === 'string' ? init.body : undefined;
    const operationName = body ? ((JSON.parse(body) as { operationName?: string }).operationName ?? undefined) : undefined;
    const send = async () => {
      const given = Object.fromEntries(new Headers(init?.headers).entries());
      return fetch(input, { ...init, headers: await this.headers(given), signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000) });
    };
    let res: Response;
    try {
      res = await send();
      this.absorb(res.headers);
      let first = await this.firstError(res);
      if (first?.code === 'USER_ID_ERROR') {
        // The cookie names no known visitor: start a fresh identity and ask again (SPEC §8).
        this.opts.log.info({ operationName }, 'USER_ID_ERROR: retrying with a fresh identity');
        this.jar.delete(UID_COOKIE);
        res = await send();
        this.absorb(res.headers);
        first = await this.firstError(res);
      }
      if (first) this.errors.push({ operationName, ...first });
      return res;
    } catch (err) {
      this.errors.push({ operationName, code: 'NETWORK_ERROR', message: err instanceof Error ? err.message : String(err) });
      throw err;
    }
  };

  private async firstError(res: Response): Promise<{ code: string; message: string } | undefined> {
    let json: { errors?: { message?: string; extensions?: { code?: string } }[] } | undefined;
    try {
      json = (await res.clone().json()) as typeof json;
    } catch {
      return res.ok ? undefined : { code: 'INTERNAL_SERVER_ERROR', message: `Response not successful: Received status code ${res.status}` };
    }
    const first = json?.errors?.[0];
    if (!first) return res.status >= 300 ? { code: 'INTERNAL_SERVER_ERROR', message: `Response not successful: Received status code ${res.status}` } : undefined;
    return { code: first.extensions?.code ?? 'INTERNAL_SERVER_ERROR', message: first.message ?? '' };
  }
}

/** SPEC §8: the page status from the first GraphQL error code; BAD_REQUEST is 404 on detail pages. */
export function statusForErrorCode(code: string | undefined, opts: { badRequestAs404?: boolean } = {}): number | undefined {
  switch (code) {
    case undefined:
    case 'CONFLICT':
    case 'OVER_LIMIT':
      return undefined;
    case 'NOT_FOUND':
      return 404;
    case 'BAD_REQUEST':
      return opts.badRequestAs404 ? 404 : 400;
    case 'USER_ID_ERROR':
      return 400;
    default:
      return 500;
  }
}
