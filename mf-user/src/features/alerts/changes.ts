import type { UserAlertFieldsFragment } from '../../__generated__/operations.js';

/** A favorite's rent change since the visitor last looked: the rent before the first unread drop, and now. */
export interface PriceDrop {
  fromRent: number;
  toRent: number;
}

/** New listings for one saved search since the visitor last looked. */
export interface NewListings {
  count: number;
}

const unread = (alerts: readonly UserAlertFieldsFragment[], kind: UserAlertFieldsFragment['kind']) => alerts.filter((a) => !a.read && a.kind === kind);

/**
 * Unread price drops by listing key. Alerts come newest first: a listing dropped twice since the last
 * visit shows the rent before the older drop and the rent after the newer one.
 */
export function priceDropsByKey(alerts: readonly UserAlertFieldsFragment[]): Map<string, PriceDrop> {
  const drops = new Map<string, PriceDrop>();
  for (const a of unread(alerts, 'price_drop')) {
    if (!a.globalKey || a.fromRent === null || a.fromRent === undefined || a.toRent === null || a.toRent === undefined) continue;
    const newer = drops.get(a.globalKey);
    drops.set(a.globalKey, { fromRent: a.fromRent, toRent: newer?.toRent ?? a.toRent });
  }
  return drops;
}

/** Unread new-listing counts by saved search id, summed over the scans since the last visit. */
export function newListingsBySearch(alerts: readonly UserAlertFieldsFragment[]): Map<string, NewListings> {
  const found = new Map<string, NewListings>();
  for (const a of unread(alerts, 'new_listings')) {
    if (!a.searchConditionId || !a.newCount) continue;
    found.set(a.searchConditionId, { count: (found.get(a.searchConditionId)?.count ?? 0) + a.newCount });
  }
  return found;
}

/** Ids of the unread alerts of a kind: what a page marks read once it has shown them. */
export function unreadIds(alerts: readonly UserAlertFieldsFragment[], kind: UserAlertFieldsFragment['kind']): string[] {
  return unread(alerts, kind).map((a) => a.id);
}
