import { AppError, boundedSignal, envVar, isErrorCode, parseEnv, type EnvShape } from '@sumika/server-kit';

/** The gateway's public GraphQL endpoint, which the user subgraph asks like any client would. */
export const DEFAULT_GATEWAY_URL = 'http://127.0.0.1:4000/graphql';

/** The client's variable; the user subgraph's start check spreads it into its shape. */
export const GATEWAY_CLIENT_ENV = { GATEWAY_URL: envVar.httpUrlOr(DEFAULT_GATEWAY_URL) } satisfies EnvShape;

/** The gateway could not be asked (network, status, or a body that is not GraphQL). */
export class GatewayUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GatewayUnavailable';
  }
}

export type GraphQLRequester = <T>(query: string, variables?: Record<string, unknown>) => Promise<T>;

export interface GatewayClientOptions {
  url?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * A minimal GraphQL client for the gateway. Errors with a SPEC §8 code come back as AppError
 * (the caller's input was wrong); anything else is GatewayUnavailable.
 */
export function gatewayClient(opts: GatewayClientOptions = {}): GraphQLRequester {
  const url = opts.url ?? parseEnv(GATEWAY_CLIENT_ENV).GATEWAY_URL;
  const timeoutMs = opts.timeoutMs ?? 5_000;
  const doFetch = opts.fetch ?? fetch;
  return async <T>(query: string, variables: Record<string, unknown> = {}): Promise<T> => {
    let res: Response;
    let body: { data?: T | null; errors?: { message: string; extensions?: { code?: unknown } }[] };
    // Not AbortSignal.timeout: its timer outlives the request with the request's context (boundedSignal).
    const bounded = boundedSignal(timeoutMs);
    try {
      try {
        res = await doFetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json', 'x-sumika-client': 'subgraph-user' },
          body: JSON.stringify({ query, variables }),
          signal: bounded.signal,
        });
      } catch (err) {
        throw new GatewayUnavailable(`gateway request failed: ${(err as Error).message}`, { cause: err });
      }
      try {
        body = (await res.json()) as typeof body;
      } catch (err) {
        throw new GatewayUnavailable(`gateway answered ${res.status} without JSON`, { cause: err });
      }
    } finally {
      bounded.release();
    }
    const first = body.errors?.[0];
    if (first) {
      const code = first.extensions?.code;
      if (isErrorCode(code) && code !== 'INTERNAL_SERVER_ERROR' && code !== 'UNAUTHENTICATED') throw new AppError(code, first.message);
      throw new GatewayUnavailable(`gateway error: ${first.message}`);
    }
    if (!res.ok || !body.data) throw new GatewayUnavailable(`gateway answered ${res.status} without data`);
    return body.data;
  };
}
