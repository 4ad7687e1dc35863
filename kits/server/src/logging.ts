import type { LoggerOptions } from 'pino';

/**
 * Logger options for every service: JSON lines in production, one readable line per
 * event under the local runner (`LOG_FORMAT=pretty`).
 */
export function loggerOptions(env: NodeJS.ProcessEnv = process.env): LoggerOptions {
  const level = env.LOG_LEVEL ?? 'info';
  if (env.LOG_FORMAT !== 'pretty') return { level };
  return {
    level,
    transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname', singleLine: true } },
  };
}
