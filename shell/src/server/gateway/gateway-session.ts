import { ERROR_STATUS, isErrorCode } from '@sumika/shell-kit';
import { parseCookie, parseSetCookie as parseSetCookieHeader } from 'cookie';
import { createHash } from 'node:crypto';
import { boundedSignal, clientSpan, type RequestTrace } from '@sumika/server-kit';
import { Agent, request, type Dispatcher } from 'undici';
import type { ShellSigner } from './token.js';

/**
 * The shell's connections to the gateway: kept alive and shared by every page. undici's request
 * rather than fetch: fetch turns each body into a stream written chunk by chunk and hands back a
 * stream the session had to tee to read the errors (issue 15: ~15% of the shell's CPU per page).
 */
const GATEWAY_AGENT = new Agent({ keepAliveTimeout: 30_000, connections: 128 });

/** The operation's name from Apollo's request body (`{"operationName":"X",…}` first), without parsing the document. */
const OPERATION_NAME = /^\{"operationName":"([_A-Za-z][_0-9A-Za-z]*)"/;

/** Apollo's automatic persisted queries: the hash-only request is refused with this code when the gateway does not know it. */
const PERSISTED_QUERY_NOT_FOUND = 'PERSISTED_QUERY_NOT_FOUND';

/** Each document's SHA-256 (the APQ and manifest id), by its text: the shell sends a fixed set, hashed once per process. */
const DOCUMENT_HASHES = new Map<string, string>();

function documentHash(query: string): string {
  let hash = DOCUMENT_HASHES.get(query);
  if (hash === undefined) {
    hash = createHash('sha256').update(query).digest('hex');
    DOCUMENT_HASHES.set(query, hash);
  }
  return hash;
}

/** The visitor's request facts the gateway must see (SPEC §7.1: cookie, referer, user-agent). */
export interface VisitorHeaders {
  cookie?: string;
  userAgent?: string;
  referer?: string;
  /** The X-Forwarded-For chain ending with the visitor's address. */
  forwardedFor?: string;
  /** The W3C traceparent carrying the page request's trace id to the gateway. */
  traceparent?: string;
}

export interface RecordedError {
  operationName: string | undefined;
  code: string;
  /** For the logs only: it may name an internal service or URL. */
  message: string;
  /** The operation's main content is missing: no data, or a root field with an error is null. */
  mainMissing: boolean;
}

interface Logger {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
}

/** The code recorded when the gateway cannot be reached in time (refused, reset, timed out). */
export const NETWORK_ERROR = 'NETWORK_ERROR';

export interface GraphQLBody {
  data?: Record<string, unknown> | null;
  errors?: { message?: string; path?: readonly (string | number)[]; extensions?: { code?: string } }[];
}

/**
 * Whether a response lost its main content. A page operation's first root field is its main
 * content (convention for every page document: `company` before `bukkensByCompany`, `prefecture`
 * before `prefectureRecommendBukkens`); a failure of a later root field is a degraded page the
 * remote shows a notice for. Missing: no data at all, or the first root field null with an error
 * on it (or an error without a path).
 */
export function mainContentMissing(json: GraphQLBody): boolean {
  const { data, errors = [] } = json;
  if (data == null) return true;
  const main = Object.keys(data)[0];
  if (main === undefined) return errors.length > 0;
  if (data[main] != null) return false;
  return errors.some((e) => !e.path?.length || String(e.path[0]) === main);
}

export const UID_COOKIE = '_uid';

/** Values stay as the visitor sent them: the jar is forwarded byte for byte (signed `_uid`). */
const raw = (value: string): string => value;

/** The visitor's Cookie header as name → raw value (the `cookie` package: the first occurrence of a name wins, as the gateway reads it). */
function parseCookieHeader(header: string | undefined): Map<string, string> {
  const jar = new Map<string, string>();
  for (const [name, value] of Object.entries(parseCookie(header ?? '', { decode: raw }))) {
    if (name && value !== undefined) jar.set(name, value);
  }
  return jar;
}

/** name, raw value and whether the Set-Cookie header deletes the cookie (the `cookie` package's parser). */
export function parseSetCookie(header: string): { name: string; value: string; deleted: boolean } | undefined {
  const parsed = parseSetCookieHeader(header, { decode: raw });
  if (!parsed.name) return undefined;
  const value = parsed.value ?? '';
  const deleted =
    value === '' || (parsed.maxAge !== undefined && parsed.maxAge <= 0) || (parsed.expires !== undefined && parsed.expires.getTime() < Date.now());
  return { name: parsed.name, value, deleted };
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
  /** Operations sent and not answered yet, by call. */
  private readonly inflight = new Map<number, string | undefined>();
  private calls = 0;

  constructor(
    private readonly opts: {
      gatewayUrl: string;
      signer: ShellSigner;
      visitor: VisitorHeaders;
      log: Logger;
      /** Per call (SHELL_GATEWAY_TIMEOUT_MS). */
      timeoutMs?: number;
      /** Epoch ms after which no call may wait: the page answers with what it has. */
      deadline?: number;
      /** The connection pool to the gateway (the shell's shared keep-alive agent unless told). */
      dispatcher?: Dispatcher;
      /** The page request's server span when tracing is on: each call to the gateway is a client span under it. */
      trace?: RequestTrace | undefined;
    },
  ) {
    this.jar = parseCookieHeader(opts.visitor.cookie);
  }

  /** The operations still waiting for the gateway (a data pass cut short by its deadline reads them). */
  pendingOperations(): (string | undefined)[] {
    return [...this.inflight.values()];
  }

  private callTimeout(): number {
    const perCall = this.opts.timeoutMs ?? 2500;
    return this.opts.deadline === undefined ? perCall : Math.min(perCall, this.opts.deadline - Date.now());
  }

  get setCookies(): string[] {
    return [...this.outgoing.values()];
  }

  cookieHeader(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private absorb(setCookies: readonly string[]): void {
    for (const header of setCookies) {
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
    if (visitor.traceparent) out.traceparent = visitor.traceparent;
    return out;
  }

  /**
   * A fetch for Apollo's HttpLink, over one undici request per attempt: the answer is read once as
   * text, checked for errors (parsed only when it has any) and handed to Apollo as a Response.
   */
  readonly fetch: typeof fetch = async (input, init) => {
    const body = typeof init?.body === 'string' ? init.body : undefined;
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const answer = await this.exchange(url, body, init);
    return new Response(answer.text, { status: answer.status, headers: { 'content-type': answer.contentType } });
  };

  /**
   * One operation straight to the gateway, its answer parsed: the shell's preloaded page queries,
   * which need neither Apollo's link chain nor a Response (issue 15). Recorded like every call.
   * Sent by hash only (APQ, decision 021: the build's manifest holds every document the shell sends),
   * with the text only after PERSISTED_QUERY_NOT_FOUND, so a gateway in either documents mode answers.
   */
  async operation(operation: { operationName: string | undefined; variables?: Record<string, unknown>; query: string }): Promise<OperationAnswer> {
    const { operationName, variables, query } = operation;
    const extensions = { persistedQuery: { version: 1, sha256Hash: documentHash(query) } };
    const answer = await this.exchange(
      this.opts.gatewayUrl,
      JSON.stringify({ operationName, variables, extensions }),
      { headers: { 'content-type': 'application/json' } },
      () => JSON.stringify({ operationName, variables, extensions, query }),
    );
    let result: GraphQLBody | undefined;
    try {
      result = JSON.parse(answer.text) as GraphQLBody;
    } catch {
      result = undefined;
    }
    return { status: answer.status, result, text: answer.text };
  }

  /**
   * A call with the visitor's cookies and the shell's token; a hash-only body the gateway does not know
   * sent again as `withText()` (built only then: it carries the document's text); USER_ID_ERROR retried
   * once with a fresh identity; errors recorded.
   */
  private async exchange(url: string, hashOnly: string | undefined, init: RequestInit | undefined, withText?: () => string): Promise<GatewayAnswer> {
    let body = hashOnly;
    const operationName = body ? operationNameOf(body) : undefined;
    const call = ++this.calls;
    this.inflight.set(call, operationName);
    try {
      let answer = await this.send(url, init, body);
      this.absorb(answer.setCookies);
      let first = firstError(answer);
      if (first?.code === PERSISTED_QUERY_NOT_FOUND && withText !== undefined) {
        body = withText();
        answer = await this.send(url, init, body);
        this.absorb(answer.setCookies);
        first = firstError(answer);
      }
      if (first?.code === 'USER_ID_ERROR') {
        this.opts.log.info({ operationName }, 'USER_ID_ERROR: retrying with a fresh identity');
        this.jar.delete(UID_COOKIE);
        answer = await this.send(url, init, body);
        this.absorb(answer.setCookies);
        first = firstError(answer);
      }
      if (first) this.errors.push({ operationName, ...first });
      return answer;
    } catch (err) {
      const message = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
      this.opts.log.warn({ operationName, gateway: this.opts.gatewayUrl, err: message }, 'gateway call failed');
      this.errors.push({ operationName, code: NETWORK_ERROR, message, mainMissing: true });
      throw err;
    } finally {
      this.inflight.delete(call);
    }
  }

  /** One POST to the gateway within the call's timeout (and the page's deadline), read to its end. */
  private async send(url: string, init: RequestInit | undefined, body: string | undefined): Promise<GatewayAnswer> {
    const timeout = this.callTimeout();
    if (timeout <= 0) throw new Error('the page deadline has passed');
    const given = Object.fromEntries(new Headers(init?.headers).entries());
    const headers = await this.headers(given);
    const bounded = boundedSignal(timeout, init?.signal ?? undefined);
    // With tracing on, the gateway's server span is a child of this call's span.
    const span = clientSpan(this.opts.trace, 'POST gateway', { 'http.method': 'POST', 'peer.service': 'gateway' });
    if (span) headers.traceparent = span.traceparent;
    let failed = true;
    try {
      const res = await request(url, { method: 'POST', headers, body, signal: bounded.signal, dispatcher: this.opts.dispatcher ?? GATEWAY_AGENT });
      const setCookie = res.headers['set-cookie'];
      const answer = {
        status: res.statusCode,
        contentType: String(res.headers['content-type'] ?? 'application/json'),
        setCookies: Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [],
        text: await res.body.text(),
      };
      failed = answer.status >= 500;
      return answer;
    } finally {
      span?.end(failed);
      bounded.release();
    }
  }
}

/** An operation's status and parsed body (undefined when the body was not JSON). */
export interface OperationAnswer {
  status: number;
  result: GraphQLBody | undefined;
  /** The body as the gateway sent it (the same text for the same answer: what the render's cache keys its reuse by). */
  text: string;
}

/** What one call to the gateway answered, read in full. */
interface GatewayAnswer {
  status: number;
  contentType: string;
  setCookies: string[];
  text: string;
}

function operationNameOf(body: string): string | undefined {
  const quick = OPERATION_NAME.exec(body)?.[1];
  if (quick) return quick;
  try {
    return (JSON.parse(body) as { operationName?: string }).operationName ?? undefined;
  } catch {
    return undefined;
  }
}

/** The answer's first GraphQL error as the page records it; a 2xx body without `"errors"` is not parsed at all. */
function firstError(answer: GatewayAnswer): Omit<RecordedError, 'operationName'> | undefined {
  const ok = answer.status >= 200 && answer.status < 300;
  if (ok && !answer.text.includes('"errors"')) return undefined;
  let json: GraphQLBody | undefined;
  try {
    json = JSON.parse(answer.text) as GraphQLBody;
  } catch {
    if (ok) return undefined;
    // A proxy's or the gateway's own non-GraphQL answer: 502/503/504 mean the gateway is down or slow.
    const code = answer.status === 502 || answer.status === 503 || answer.status === 504 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL_SERVER_ERROR';
    return { code, message: `Response not successful: Received status code ${answer.status}`, mainMissing: true };
  }
  const first = json?.errors?.[0];
  if (!first)
    return answer.status >= 300
      ? { code: 'INTERNAL_SERVER_ERROR', message: `Response not successful: Received status code ${answer.status}`, mainMissing: true }
      : undefined;
  return { code: first.extensions?.code ?? 'INTERNAL_SERVER_ERROR', message: first.message ?? '', mainMissing: mainContentMissing(json) };
}

/**
 * SPEC §8: the page status a GraphQL error code asks for, from the shared ERROR_STATUS; BAD_REQUEST is
 * 404 on detail pages; a part down (or the network) is 503; a code the page does not act on is 500.
 */
export function statusForErrorCode(code: string | undefined, opts: { badRequestAs404?: boolean } = {}): number | undefined {
  if (code === undefined) return undefined;
  if (code === NETWORK_ERROR) return 503;
  if (!isErrorCode(code)) return 500;
  if (code === 'BAD_REQUEST' && opts.badRequestAs404) return 404;
  // CONFLICT (409) and OVER_LIMIT (no status) are answered by a dialog inside the page, never by its status.
  if (code === 'CONFLICT') return undefined;
  return ERROR_STATUS[code] ?? undefined;
}

/**
 * The page's status from its operations' errors, in order: a 4xx code decides at once; a 5xx one
 * (503 for a part down or slow) only when it took the operation's main content. Errors on nested
 * paths with the data there leave a degraded page at 200.
 */
export function pageStatusForErrors(errors: readonly RecordedError[], opts: { badRequestAs404?: boolean } = {}): number | undefined {
  for (const e of errors) {
    const status = statusForErrorCode(e.code, opts);
    if (status === undefined) continue;
    if (status < 500 || e.mainMissing) return status;
  }
  return undefined;
}
