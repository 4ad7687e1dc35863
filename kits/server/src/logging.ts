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
