/** What onShutdown logs through: pino's signature (object, message) or a console stand-in. */
export interface ShutdownLog {
  info(obj: object | string, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

/** SHUTDOWN_GRACE_MS when unset (10 s). */
export const DEFAULT_SHUTDOWN_GRACE_MS: number;

/** How long a shutdown may take before the process is ended anyway (SHUTDOWN_GRACE_MS, default 10 s). */
export function shutdownGraceMs(env?: NodeJS.ProcessEnv): number;

/** The one shutdown path of every process: see shutdown.js. */
export function onShutdown(opts: { log: ShutdownLog; close: () => Promise<void>; env?: NodeJS.ProcessEnv }): { close(): void };
