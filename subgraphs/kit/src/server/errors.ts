import { GraphQLError } from 'graphql';

/** The error codes of SPEC §8, plus the two every GraphQL server has. */
export type ErrorCode =
  | 'BAD_REQUEST'
  | 'USER_ID_ERROR'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'OVER_LIMIT'
  | 'UNAUTHENTICATED'
  | 'SERVICE_UNAVAILABLE'
  | 'INTERNAL_SERVER_ERROR';

/** HTTP status per code (SPEC §8: OVER_LIMIT has none, so it rides on 200). */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  USER_ID_ERROR: 400,
  NOT_FOUND: 404,
  CONFLICT: 409,
  OVER_LIMIT: 200,
  UNAUTHENTICATED: 401,
  // A dependency (a subgraph, PostgreSQL) is down or slow: retryable, the page says try again.
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_SERVER_ERROR: 500,
};

/** Log level per code (SPEC §8): expected outcomes at info, missing things at warn, the rest at error. */
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

/** User-facing messages of SPEC §8 used when a code has no more specific message. */
export const DEFAULT_MESSAGES: Record<ErrorCode, string> = {
  BAD_REQUEST: '不正なリクエストのため、表示できません。',
  USER_ID_ERROR: '不正なリクエストのため、表示できません。',
  NOT_FOUND: 'ページを表示できません。(404エラー)',
  CONFLICT: 'すでに追加されています。',
  OVER_LIMIT: '上限に達しています。',
  UNAUTHENTICATED: '認証が必要です。',
  SERVICE_UNAVAILABLE: '一時的に表示できません。しばらくしてから再度お試しください。',
  INTERNAL_SERVER_ERROR: 'サーバの内部エラーにより、表示できません。',
};

/** An expected failure with a code; resolvers throw these, never ad-hoc strings. */
export class AppError extends GraphQLError {
  readonly code: ErrorCode;

  constructor(code: ErrorCode, message?: string, extra: Record<string, unknown> = {}) {
    super(message ?? DEFAULT_MESSAGES[code], { extensions: { code, ...extra } });
    this.code = code;
  }
}

export const badRequest = (message?: string, extra?: Record<string, unknown>): AppError => new AppError('BAD_REQUEST', message, extra);
export const notFound = (message?: string): AppError => new AppError('NOT_FOUND', message);

export function isErrorCode(v: unknown): v is ErrorCode {
  return typeof v === 'string' && v in ERROR_STATUS;
}
