/**
 * Which errors mean the database is unavailable, so the app answers SERVICE_UNAVAILABLE.
 * Pure classification of driver errors (node-postgres codes and messages): the server kit needs it
 * to map errors, without depending on the storage kit that owns the pools.
 */

const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNABORTED']);
// Class 08 (connection exception), 57P01–03 (admin/crash shutdown, starting up), 53300 (too many connections).
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;
const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|connection timeout|is not queryable|Query read timeout|Client was closed/i;

function codeOf(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The connection to PostgreSQL failed or was lost (the statement may or may not have run). */
export function isConnectionError(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const code = codeOf(err);
  if (code && (SOCKET_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
  // Wrapped: an error's cause, graphql's NonErrorThrown (an Error from another realm), an AggregateError.
  const { cause, thrownValue, errors, message } = err as { cause?: unknown; thrownValue?: unknown; errors?: unknown; message?: unknown };
  for (const inner of [cause, thrownValue]) if (inner && inner !== err && isConnectionError(inner)) return true;
  if (Array.isArray(errors) && errors.some(isConnectionError)) return true;
  return typeof message === 'string' && CONNECTION_MESSAGES.test(message);
}

/** The database is down or too slow (a statement timeout): the client should try again later. */
export function isDatabaseUnavailable(err: unknown): boolean {
  const inner = (err as { thrownValue?: unknown } | null)?.thrownValue;
  return isConnectionError(err) || codeOf(err) === '57014' || codeOf(inner) === '57014';
}
