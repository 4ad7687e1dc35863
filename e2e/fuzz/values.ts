/**
 * Hostile values for arguments, query strings and headers. JSON text the serializer cannot make
 * (1e400, a bare NaN, a lone surrogate written out) is carried as RawJson and spliced in as is.
 */
import type { Rng } from './prng.js';

export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON.stringify that writes RawJson values verbatim. */
export function toJson(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export const KB100 = 100 * 1024;

/** Control characters the shared input rule must refuse (contracts: U+0000–U+001F except \t \n \r, and U+007F). */
export const CONTROL_CHARS = ['\u0000', '\u0007', '\u001b', '\u0008', '\u000b', '\u007f'];

export const BOUNDARY_NUMBERS: readonly unknown[] = [
  0,
  -1,
  1,
  2147483647,
  2147483648,
  -2147483649,
  new RawJson('9007199254740993'),
  1.5,
  -0.0001,
  1e308,
  new RawJson('1e400'),
  new RawJson('-1e400'),
  new RawJson('1e-400'),
  'NaN',
  'Infinity',
  '-Infinity',
  '0x10',
  '1e5',
  '１３１０１',
  '',
  ' 1',
];

export const ODD_STRINGS: readonly string[] = [
  '',
  ' ',
  '🏠🚃',
  '\ud800',
  '\udfff',
  'a\ud83db',
  '\u202etokyo',
  'to\u200bkyo',
  'ｔｏｋｙｏ',
  'e\u0301\u0301\u0301',
  "' OR '1'='1",
  '"; --',
  '%',
  '_',
  '\\',
  '\\u0000',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '${7*7}',
  '../../../../etc/passwd',
  '%00',
  '%zz',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  'tokyo\t',
  'tokyo\r\n',
  '渋谷'.repeat(200),
];

/** A string of `bytes` UTF-8 bytes or so, with some variety so no layer can compress it to nothing. */
export function hugeString(rng: Rng, bytes = KB100): string {
  const alphabet = ['あ', 'ア', '渋', 'a', 'Z', '9', ' ', '🏠', '-', '%'];
  const parts: string[] = [];
  let size = 0;
  while (size < bytes) {
    const s = rng.pick(alphabet).repeat(1 + rng.int(64));
    parts.push(s);
    size += Buffer.byteLength(s);
  }
  return parts.join('');
}

/** `valid` with a control character put somewhere in it. */
export function withControl(rng: Rng, valid: string, char = rng.pick(CONTROL_CHARS)): string {
  const at = rng.int(valid.length + 1);
  return `${valid.slice(0, at)}${char}${valid.slice(at)}`;
}

/** A JSON object nested `depth` levels deep under `key` (built as text: no recursion on either side). */
export function deepObjectJson(depth: number, key = 'a', leaf = '1'): RawJson {
  return new RawJson(`${`{"${key}":`.repeat(depth)}${leaf}${'}'.repeat(depth)}`);
}

export function deepArrayJson(depth: number, leaf = '1'): RawJson {
  return new RawJson(`${'['.repeat(depth)}${leaf}${']'.repeat(depth)}`);
}
