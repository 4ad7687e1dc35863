import type { Kysely } from 'kysely';
import type { DB } from '../repositories/db.js';
import { scanAlerts, type ScanReport } from './scan.js';
import type { AlertSource } from './source.js';

export interface AlertScannerOptions {
  db: Kysely<DB>;
  source: AlertSource;
  /** Seconds between scans; 0 turns scanning off. */
  intervalSeconds: number;
  log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
}

/** Runs scanAlerts every interval (never two at once in this process); stop() waits for a running scan. */
export function startAlertScanner(opts: AlertScannerOptions): { stop: () => Promise<void> } {
  if (!(opts.intervalSeconds > 0)) return { stop: async () => undefined };
  let running: Promise<ScanReport | void> | undefined;
  const tick = () => {
    if (running) return;
    running = scanAlerts(opts.db, opts.source, { log: opts.log })
      .then((r) => {
        if (!r.skipped) opts.log.info({ ...r }, 'alert scan finished');
        return r;
      })
      .catch((err: unknown) => opts.log.error({ err }, 'alert scan failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, opts.intervalSeconds * 1000);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
