import type { Kysely } from 'kysely';
import {
  acquireScanLease,
  applyRents,
  enqueueMails,
  favoriteKeysAfter,
  lastAlertId,
  mailableAlertsAfter,
  recordNewListings,
  releaseScanLease,
  searchConditionsAfter,
  type ScannedSearch,
} from '../repositories/alert-scan.js';
import type { DB } from '../repositories/db.js';
import { alertMails, siteOrigin } from './mail.js';
import type { AlertSource } from './source.js';

export interface ScanOptions {
  /** How long the lease is held at most (a crashed scan frees it after this). */
  leaseSeconds?: number;
  /** Public origin for links in mails. */
  origin?: string;
  /** The time new-listing checks count up to (tests pin it). */
  now?: () => Date;
  log?: { warn: (obj: object, msg: string) => void };
}

export interface ScanReport {
  /** Another process holds the lease. */
  skipped: boolean;
  rentsChecked: number;
  priceDrops: number;
  searchesChecked: number;
  newListingAlerts: number;
  mails: number;
  /** Source calls that failed; their favorites and searches are retried next scan. */
  failures: number;
}

const RENT_BATCH = 100;
const SEARCH_BATCH = 200;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * One alert scan: price drops on favorites (the first scan records each favorite's baseline rent,
 * later scans compare against the last rent seen), new listings for saved searches (the first scan
 * records the time, later scans count arrivals since the last one), then one outbox mail per
 * visitor whose newsletter covers what was found (new listings by each saved search's alert mail setting:
 * off never, daily at most once a day, instant on each scan). A lease keeps scans from overlapping.
 */
export async function scanAlerts(db: Kysely<DB>, source: AlertSource, opts: ScanOptions = {}): Promise<ScanReport> {
  const report: ScanReport = { skipped: false, rentsChecked: 0, priceDrops: 0, searchesChecked: 0, newListingAlerts: 0, mails: 0, failures: 0 };
  if (!(await acquireScanLease(db, opts.leaseSeconds ?? 900))) return { ...report, skipped: true };
  const fail = (err: unknown, what: string) => {
    report.failures++;
    opts.log?.warn({ err: (err as Error).message }, `alert scan: ${what} failed`);
  };
  try {
    const startId = await lastAlertId(db);

    for (let after = ''; ;) {
      const keys = await favoriteKeysAfter(db, after, RENT_BATCH);
      if (keys.length === 0) break;
      after = keys[keys.length - 1] as string;
      let rents: Map<string, number | null>;
      try {
        rents = await source.currentRents(keys);
      } catch (err) {
        fail(err, 'currentRents');
        continue;
      }
      const seen = keys.flatMap((k) => {
        const rent = rents.get(k);
        return typeof rent === 'number' && Number.isFinite(rent) ? [{ globalKey: k, rent: Math.round(rent) }] : [];
      });
      report.rentsChecked += seen.length;
      report.priceDrops += (await applyRents(db, seen)).drops;
    }

    const checkedAt = (opts.now ?? (() => new Date()))();
    // Visitors who saved the same search at the same check time share one source call.
    const results = new Map<string, Promise<{ count: number; globalKeys: string[] }>>();
    for (let afterId = 0; ;) {
      const rows = await searchConditionsAfter(db, afterId, SEARCH_BATCH);
      if (rows.length === 0) break;
      afterId = (rows[rows.length - 1] as ScannedSearch).id;
      const done: number[] = [];
      const alerts: { uid: string; searchConditionId: number; count: number; globalKeys: string[] }[] = [];
      for (const row of rows) {
        if (!row.lastCheckedAt) {
          done.push(row.id); // baseline: only arrivals after now count
          continue;
        }
        const since = row.lastCheckedAt;
        const key = `${row.argsKey}|${since.toISOString()}`;
        let result = results.get(key);
        if (!result) results.set(key, (result = source.newListings(row.args, since, checkedAt)));
        try {
          const r = await result;
          report.searchesChecked++;
          done.push(row.id);
          if (r.count > 0) alerts.push({ uid: row.uid, searchConditionId: row.id, count: r.count, globalKeys: r.globalKeys.slice(0, 10) });
        } catch (err) {
          fail(err, 'newListings');
        }
      }
      await recordNewListings(db, checkedAt, done, alerts);
      report.newListingAlerts += alerts.length;
    }

    // Saved searches set to daily are mailed at most once in this long (search_condition.alert_mail).
    const dailyBefore = new Date(checkedAt.getTime() - DAY_MS);
    const mailable = await mailableAlertsAfter(db, startId, dailyBefore);
    const mails = alertMails(mailable, opts.origin ?? siteOrigin());
    const through = new Map<number, number>();
    for (const a of mailable) if (a.searchConditionId !== null) through.set(a.searchConditionId, Math.max(a.id, through.get(a.searchConditionId) ?? 0));
    await enqueueMails(
      db,
      mails,
      [...through].map(([id, throughAlertId]) => ({ id, throughAlertId })),
      checkedAt,
    );
    report.mails = mails.length;
    return report;
  } finally {
    await releaseScanLease(db);
  }
}
