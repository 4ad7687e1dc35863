import type { LoggerOptions } from 'pino';
import { parseEnv } from './config.js';
import { LOG_ENV } from './env.js';

/**
 * Logger options for every service: JSON lines in production, one readable line per
 * event under the local runner (`LOG_FORMAT=pretty`).
 */
export function loggerOptions(env: NodeJS.ProcessEnv = process.env): LoggerOptions {
  const { LOG_LEVEL: level, LOG_FORMAT, LOG_NAME: name } = parseEnv(LOG_ENV, env);
  const base: LoggerOptions = { level, ...(name ? { name } : {}) };
  if (LOG_FORMAT !== 'pretty') return base;
  return {
    ...base,
    transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname', singleLine: true } },
  };
}

/**
 * The longest error message a log line carries. GraphQL's messages echo client input (an invalid
 * variable's value, a misspelt field), so an unbounded one lets a client size our logs: 110 KB lines from
 * the fuzz suite, 28 MB of gateway log for 2,800 requests.
 */
export const LOGGED_MESSAGE_MAX = 500;

/** At most this many errors of one request are logged one by one; the rest as one line counting them. */
export const LOGGED_ERRORS_MAX = 10;

/** `message` cut to LOGGED_MESSAGE_MAX characters (never inside a surrogate pair), saying how long it was. */
export function loggedMessage(message: string): string {
  if (message.length <= LOGGED_MESSAGE_MAX) return message;
  let end = LOGGED_MESSAGE_MAX;
  const last = message.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${message.slice(0, end)}… (${message.length} characters)`;
}
