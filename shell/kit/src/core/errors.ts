/**
 * Errors are values with codes (SPEC §8, STYLE rule 12): this is the one place the client side
 * reads an error's code, its page status and its log level.
 */
import { ERROR_LOG_LEVEL, ERROR_STATUS } from '@sumika/spec';
import { MESSAGES } from './messages.js';

// SPEC §8's status and log level per code are owned by @sumika/spec, shared with the servers.
export { ERROR_LOG_LEVEL, ERROR_STATUS };

/** The codes a page acts on (a subset of SPEC §8's); the others show the 500 page. */
export const ERROR_CODES = ['BAD_REQUEST', 'USER_ID_ERROR', 'NOT_FOUND', 'CONFLICT', 'OVER_LIMIT', 'SERVICE_UNAVAILABLE'] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
export const isErrorCode = (v: unknown): v is ErrorCode => typeof v === 'string' && (ERROR_CODES as readonly string[]).includes(v);

export type ErrorPageStatus = 400 | 404 | 500 | 503;

/** The status of an error page: 400, 404 and 503 have their own pages, anything else is 500; none given means 404 (SPEC §2.2). */
export function errorPageStatus(status: number | null | undefined): ErrorPageStatus {
  if (status == null || status === 404) return 404;
  if (status === 400 || status === 503) return status;
  return 500;
}

/** Seconds a 503 page asks the visitor's browser and crawlers to wait (Retry-After). */
export const RETRY_AFTER_SECONDS = 30;

const PAGE_MESSAGES: Record<ErrorPageStatus, string> = {
  400: MESSAGES.badRequest,
  404: MESSAGES.notFound,
  500: MESSAGES.internalError,
  503: MESSAGES.serviceUnavailable,
};

/** SPEC §8 message of an error page. */
export function errorPageMessage(status: number | null | undefined): string {
  return PAGE_MESSAGES[errorPageStatus(status)];
}

interface GraphQLErrorLike {
  message?: unknown;
  extensions?: { code?: unknown } | null;
}

function graphQLErrorsOf(error: unknown): GraphQLErrorLike[] {
  if (!error || typeof error !== 'object') return [];
  // Apollo Client 4's CombinedGraphQLErrors carries `errors`; a raw response body does too; v3 used `graphQLErrors`.
  const e = error as { errors?: unknown; graphQLErrors?: unknown };
  const list = Array.isArray(e.errors) ? e.errors : Array.isArray(e.graphQLErrors) ? e.graphQLErrors : [];
  return list.filter((x): x is GraphQLErrorLike => !!x && typeof x === 'object');
}

/** The first SPEC §8 code carried by an Apollo error, a GraphQL response or a GraphQL error; null when none. */
export function errorCodeOf(error: unknown): ErrorCode | null {
  const direct = (error as GraphQLErrorLike | null)?.extensions?.code;
  if (isErrorCode(direct)) return direct;
  for (const e of graphQLErrorsOf(error)) {
    const code = e.extensions?.code;
    if (isErrorCode(code)) return code;
  }
  return null;
}

/** The `extensions` of the first GraphQL error, e.g. CONFLICT's `globalKeys`. */
export function errorExtensionsOf(error: unknown): Record<string, unknown> {
  const first = graphQLErrorsOf(error)[0] ?? (error as GraphQLErrorLike | null);
  const ext = first?.extensions;
  return ext && typeof ext === 'object' ? (ext as Record<string, unknown>) : {};
}
