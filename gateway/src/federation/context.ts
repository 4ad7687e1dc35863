import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseCookie } from 'cookie';
import { outgoingTraceparent, requestTrace, type RequestTrace } from '@sumika/server-kit';
import type { GraphQLFormattedError } from 'graphql';
import { UID_COOKIE } from '../plugins/identity.js';

// What a GraphQL request carries through the gateway: the visitor, the headers subgraphs see, and
// what subgraphs answer back to the visitor (set-cookie).

export interface GatewayContext {
  /** The verified visitor id (identity plugin); reaches subgraphs only inside the signed token. */
  uid?: string;
  fresh?: boolean;
  ip?: string;
  /** Visitor headers forwarded to subgraphs: cookie (without `_uid`), user-agent, referer. */
  forward: Record<string, string>;
  /** set-cookie headers from subgraph responses, copied to the visitor. */
  setCookies: string[];
  /** A subgraph answered USER_ID_ERROR: the cookie names no known visitor. */
  userIdError?: boolean;
  reply?: FastifyReply;
  cacheKey?: string;
  /** The W3C `traceparent` subgraph fetches carry: the request's trace id (its log lines' `traceId`). */
  traceparent?: string;
  /** The request's server span when tracing is on: each subgraph fetch is a client span under it. */
  trace?: RequestTrace;
}

/** The visitor's cookie header without `_uid`: subgraphs get the uid only from the token. */
export function forwardedCookies(header: string | undefined): string | undefined {
  if (!header) return undefined;
  // Values pass as the visitor sent them (no decoding): only `_uid` is taken out.
  const kept = Object.entries(parseCookie(header, { decode: (v) => v })).filter(([name, value]) => name !== UID_COOKIE && value !== undefined);
  return kept.length ? kept.map(([name, value]) => `${name}=${value}`).join('; ') : undefined;
}

const traceOf = (req: FastifyRequest): { trace?: RequestTrace } => {
  const trace = requestTrace(req);
  return trace ? { trace } : {};
};

export function contextFor(req: FastifyRequest, reply: FastifyReply): GatewayContext {
  const forward: Record<string, string> = {};
  const cookie = forwardedCookies(req.headers.cookie);
  if (cookie) forward.cookie = cookie;
  for (const name of ['user-agent', 'referer'] as const) {
    const value = req.headers[name];
    if (typeof value === 'string') forward[name] = value;
  }
  const visitor = req.visitor ?? { fresh: false, ip: req.clientIp || req.ip };
  return {
    ...(visitor.uid ? { uid: visitor.uid } : {}),
    fresh: visitor.fresh,
    ip: visitor.ip,
    forward,
    setCookies: [],
    reply,
    traceparent: outgoingTraceparent(req),
    ...traceOf(req),
  };
}

/** What running a fixed operation (REST paths) answers. */
export interface GraphQLResponseLike {
  status: number | undefined;
  headers: Iterable<[string, string]>;
  result: { data?: Record<string, unknown> | null; errors?: readonly GraphQLFormattedError[] };
}
