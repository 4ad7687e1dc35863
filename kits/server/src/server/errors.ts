import { GraphQLError } from 'graphql';
import { ERROR_LOG_LEVEL, ERROR_STATUS, SPEC_MESSAGES, isErrorCode, type ErrorCode } from '@sumika/spec';

// The codes, their statuses and log levels are SPEC §8's, owned by @sumika/spec.
export { ERROR_LOG_LEVEL, ERROR_STATUS, isErrorCode, type ErrorCode };

/** User-facing messages of SPEC §8 used when a code has no more specific message. */
export const DEFAULT_MESSAGES: Record<ErrorCode, string> = {
  BAD_REQUEST: SPEC_MESSAGES.badRequest,
  USER_ID_ERROR: SPEC_MESSAGES.badRequest,
  NOT_FOUND: SPEC_MESSAGES.notFound,
  CONFLICT: 'すでに追加されています。',
  OVER_LIMIT: '上限に達しています。',
  UNAUTHENTICATED: SPEC_MESSAGES.unauthenticated,
  SERVICE_UNAVAILABLE: SPEC_MESSAGES.serviceUnavailable,
  INTERNAL_SERVER_ERROR: SPEC_MESSAGES.internalError,
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
