/** The error codes of SPEC §8, plus the two every GraphQL server has. */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'USER_ID_ERROR',
  'NOT_FOUND',
  'CONFLICT',
  'OVER_LIMIT',
  'UNAUTHENTICATED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_SERVER_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
export const isErrorCode = (v: unknown): v is ErrorCode => typeof v === 'string' && (ERROR_CODES as readonly string[]).includes(v);

/** SPEC §8 HTTP status per code; OVER_LIMIT has none (null). */
export const ERROR_STATUS: Record<ErrorCode, number | null> = {
  BAD_REQUEST: 400,
  USER_ID_ERROR: 400,
  NOT_FOUND: 404,
  CONFLICT: 409,
  OVER_LIMIT: null,
  UNAUTHENTICATED: 401,
  // A dependency (a subgraph, PostgreSQL) is down or slow: retryable, the page says try again.
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_SERVER_ERROR: 500,
};

/** SPEC §8 log levels: expected outcomes at info, missing things at warn, the rest at error. */
export const ERROR_LOG_LEVEL: Record<ErrorCode, 'info' | 'warn' | 'error'> = {
  CONFLICT: 'info',
  OVER_LIMIT: 'info',
  USER_ID_ERROR: 'info',
  NOT_FOUND: 'warn',
  BAD_REQUEST: 'error',
  UNAUTHENTICATED: 'error',
  SERVICE_UNAVAILABLE: 'error',
  INTERNAL_SERVER_ERROR: 'error',
};
