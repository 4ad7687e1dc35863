import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { from as copyFrom } from 'pg-copy-streams';
import type pg from 'pg';

/** A value as it goes into COPY text format. Arrays become PostgreSQL array literals; pass JSON columns as strings. */
export type CopyValue = string | number | boolean | null | Date | readonly (number | string)[] | object;

function escapeText(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

function arrayLiteral(items: readonly (number | string)[]): string {
  const parts = items.map((v) => (typeof v === 'number' ? String(v) : `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`));
  return `{${parts.join(',')}}`;
}

/** Encodes one value as a field of PostgreSQL's COPY text format. */
export function copyField(v: CopyValue): string {
  if (v === null) return '\\N';
  if (typeof v === 'string') return escapeText(v);
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '\\N';
  if (typeof v === 'boolean') return v ? 't' : 'f';
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v)) return escapeText(arrayLiteral(v as readonly (number | string)[]));
  return escapeText(JSON.stringify(v));
}

/** Encodes a row as one line of COPY text format. */
export function copyLine(values: readonly CopyValue[]): string {
  return values.map(copyField).join('\t') + '\n';
}

/** Yields the COPY text of `rows` in chunks of about `chunkBytes` characters. */
export function* copyChunks(rows: Iterable<readonly CopyValue[]>, chunkBytes = 1 << 16): Generator<string> {
  let chunk = '';
  for (const row of rows) {
    chunk += copyLine(row);
    if (chunk.length >= chunkBytes) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/** Streams rows into a PostgreSQL table with COPY FROM STDIN; the iterable is consumed lazily. */
export async function copyRowsPg(
  client: pg.PoolClient | pg.Client,
  table: string,
  columns: readonly string[],
  rows: Iterable<readonly CopyValue[]>,
): Promise<void> {
  const stream = client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN`));
  await pipeline(Readable.from(copyChunks(rows)), stream);
}
