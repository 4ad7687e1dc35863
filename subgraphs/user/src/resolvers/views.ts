import type { FavoriteRecord } from '../repositories/favorites.js';
import type { HistoryRecord } from '../repositories/histories.js';
import type { IncompleteInquiryRecord } from '../repositories/inquiries.js';

/** ISO-8601 for GraphQL; null stays null. */
export function iso(d: Date | string | null | undefined): string | null {
  if (d === null || d === undefined) return null;
  return (d instanceof Date ? d : new Date(d)).toISOString();
}

export const isoOrThrow = (d: Date | string): string => iso(d) as string;

/** A Bukken reference the bukken subgraph resolves (and this one adds the visitor's flags to). */
export const bukkenRef = (globalKey: string) => ({ globalKey });

export const favoriteView = (f: FavoriteRecord) => ({ globalKey: f.globalKey, addedAt: isoOrThrow(f.addedAt), bukken: bukkenRef(f.globalKey) });
export const historyView = (h: HistoryRecord) => ({ globalKey: h.globalKey, kind: h.kind, viewedAt: isoOrThrow(h.viewedAt), bukken: bukkenRef(h.globalKey) });
export const inquiryView = (i: IncompleteInquiryRecord) => ({
  globalKey: i.globalKey,
  listKind: i.listKind,
  startedAt: isoOrThrow(i.startedAt),
  bukken: bukkenRef(i.globalKey),
});

/** Parses an ID argument that must be a positive integer (a row id); undefined otherwise. */
export function rowId(id: string | number): number | undefined {
  const text = String(id);
  return /^[1-9]\d{0,15}$/.test(text) && Number(text) <= Number.MAX_SAFE_INTEGER ? Number(text) : undefined;
}
