import type { RemoteName } from '../routes.js';

/**
 * The browser's handler for a remote that failed to load or render: logs each distinct failure
 * once (a retry that fails the same way, or one error caught by React twice, is not news).
 */
export function remoteErrorLogger(log: (line: string, message: string) => void = (line, message) => console.error(line, message)) {
  const logged = new Set<string>();
  return (remote: RemoteName, error: unknown): void => {
    const message = error instanceof Error ? error.message : String(error);
    if (logged.has(`${remote}:${message}`)) return;
    logged.add(`${remote}:${message}`);
    log(`[shell] remote ${remote} failed:`, message);
  };
}
