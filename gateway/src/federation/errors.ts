import type { FastifyBaseLogger } from 'fastify';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { DEFAULT_MESSAGES, isErrorCode } from '@sumika/server-kit';

// What the visitor sees of an error: SPEC §8's codes and messages, never a subgraph's name, URL or body.

/** Apollo's request-parsing codes that are the client's fault: SPEC §8 BAD_REQUEST (the original kept in `reason`). */
export const CLIENT_ERROR_CODES: ReadonlySet<string> = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'OPERATION_RESOLUTION_FAILURE',
  'INVALID_GRAPHQL',
]);

/** Codes that are the client's fault after formatting: a response with only these and no data is a 400. */
export const CLIENT_CODES: ReadonlySet<string> = new Set(['BAD_REQUEST', 'QUERY_TOO_COSTLY']);

/** Codes the client gets as they are, besides SPEC §8's. */
const PASSED_CODES = new Set(['PERSISTED_QUERY_NOT_FOUND', 'PERSISTED_QUERY_NOT_SUPPORTED', 'QUERY_TOO_COSTLY']);

/** Apollo's formatError: which subgraph failed, and its URL and body, stay in the logs. */
export function formatGatewayError(log: FastifyBaseLogger): (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError {
  return (formatted, error) => {
    const { serviceName: _service, response: _response, ...extensions } = formatted.extensions ?? {};
    const code = extensions.code;
    const path = formatted.path ? { path: formatted.path } : {};
    if (typeof code === 'string' && CLIENT_ERROR_CODES.has(code)) {
      return { ...formatted, extensions: { ...extensions, code: 'BAD_REQUEST', reason: code } };
    }
    // Apollo's own request errors without a code (a persisted-query hash that does not match, an unknown version).
    const httpStatus = (error as GraphQLError | undefined)?.extensions?.http as { status?: number } | undefined;
    if ((code === undefined || code === 'INTERNAL_SERVER_ERROR') && httpStatus?.status !== undefined && httpStatus.status >= 400 && httpStatus.status < 500) {
      return { ...formatted, extensions: { ...extensions, code: 'BAD_REQUEST' } };
    }
    if (code === 'SERVICE_UNAVAILABLE') return { message: DEFAULT_MESSAGES.SERVICE_UNAVAILABLE, ...path, extensions: { code } };
    if (isErrorCode(code) || (typeof code === 'string' && PASSED_CODES.has(code))) return { ...formatted, extensions };
    log.error({ err: error instanceof GraphQLError ? (error.originalError ?? error) : error, service: _service }, 'unexpected gateway error');
    return { message: DEFAULT_MESSAGES.INTERNAL_SERVER_ERROR, ...path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
  };
}
