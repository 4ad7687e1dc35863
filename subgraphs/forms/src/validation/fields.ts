import { z } from 'zod';
import { withCommas } from '../domain/jst.js';
import type { MasterOption } from '../domain/masters.js';

/**
 * Field schemas of the forms, each failing with the Japanese message the form shows under
 * the field. Arguments arrive nullable from GraphQL, so "missing" is null, undefined or
 * blank, and is reported here rather than as a GraphQL type error.
 */

export const MESSAGES = {
  summary: '入力内容に誤りがあります。各項目をご確認ください。',
  required: (label: string) => `${label}を入力してください。`,
  select: (label: string) => `${label}を選択してください。`,
  unknownChoice: (label: string) => `${label}の選択肢が正しくありません。`,
  tooLong: (label: string, max: number) => `${label}は${max}文字以内で入力してください。`,
  badChars: (label: string) => `${label}に使用できない文字が含まれています。`,
  invalid: (label: string) => `${label}の形式が正しくありません。`,
  email: 'メールアドレスの形式が正しくありません。',
  phone: '電話番号の形式が正しくありません。（例: 03-1234-5678、090-1234-5678）',
  url: 'URLの形式が正しくありません。http:// または https:// から始まるURLを入力してください。',
  kana: (label: string) => `${label}は全角カタカナで入力してください。`,
  prefecture: '都道府県を選択してください。',
  postalCode: '郵便番号の形式が正しくありません。（例: 123-4567）',
  date: (label: string) => `${label}を正しい日付で入力してください。（例: 2024-10-03）`,
  recaptchaRequired: 'reCAPTCHAによる確認を行ってください。',
} as const;

const isBlank = (v: unknown): boolean => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
/** null / undefined → '' so a required field fails its "required" check, not a type check. */
const blankToEmpty = (v: unknown): unknown => (v === null || v === undefined ? '' : v);
/** Blank → undefined so an optional field is simply absent. */
const blankToUndefined = (v: unknown): unknown => (isBlank(v) ? undefined : v);

// Control characters break mails and logs; NUL and unpaired surrogates cannot be stored in PostgreSQL text or JSONB.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const SINGLE_LINE_BAD = /[\u0000-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// eslint-disable-next-line no-control-regex -- as above
const MULTI_LINE_BAD = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Length as people count it: one per character, so an emoji is one, not two UTF-16 units. */
const charLength = (v: string): number => [...v].length;

export interface TextOptions {
  max: number;
  multiline?: boolean;
}

/**
 * Free text, kept verbatim apart from surrounding whitespace: HTML such as `<script>` is
 * stored as the characters typed and escaped wherever it is rendered, never stripped.
 */
function textBase(label: string, o: TextOptions) {
  return z
    .string({ error: MESSAGES.invalid(label) })
    .trim()
    .refine((v) => !(o.multiline ? MULTI_LINE_BAD : SINGLE_LINE_BAD).test(v), MESSAGES.badChars(label))
    .refine((v) => charLength(v) <= o.max, MESSAGES.tooLong(label, o.max));
}

export function requiredText(label: string, o: TextOptions) {
  return z.preprocess(
    blankToEmpty,
    z
      .string({ error: MESSAGES.invalid(label) })
      .trim()
      .min(1, MESSAGES.required(label))
      .pipe(textBase(label, o)),
  );
}

export function optionalText(label: string, o: TextOptions) {
  return z.preprocess(blankToUndefined, textBase(label, o).optional());
}

// Dots anywhere in the local part: older Japanese mobile addresses (taro..yamada.@docomo.ne.jp) are real and still in use.
const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/** An e-mail address; full-width characters typed through an IME (ｔａｒｏ＠example.jp) are normalised first. */
export function email(label = 'メールアドレス') {
  return z.preprocess(
    blankToEmpty,
    z
      .string({ error: MESSAGES.email })
      .trim()
      .overwrite((v) => v.normalize('NFKC'))
      .min(1, MESSAGES.required(label))
      .max(254, MESSAGES.tooLong(label, 254))
      .regex(EMAIL, MESSAGES.email),
  );
}

// Hyphen look-alikes an IME produces (全角ハイフン, minus sign, 長音符 typed by mistake).
const DASHES = /[\u2010-\u2015\u2212\u30FC\uFF0D\uFF70]/g;

/**
 * A Japanese phone number, with or without hyphens: fixed lines (03-1234-5678,
 * 0465-12-3456), mobiles 070/080/090 and IP phones 050 (11 digits), toll-free 0120
 * (10 digits) and 0800 (11), navi dial 0570 (10).
 */
export function isJapanesePhone(v: string): boolean {
  if (v.includes('-')) {
    // 03-1234-5678 or 090-12345678 (area code, then the rest in one group).
    if (!/^0\d{1,4}-\d{1,4}-\d{3,4}$/.test(v) && !/^0\d{1,4}-\d{6,8}$/.test(v)) return false;
  } else if (!/^\d+$/.test(v)) return false;
  const d = v.replace(/-/g, '');
  if (/^0[5789]0\d{8}$/.test(d)) return true;
  if (/^0120\d{6}$/.test(d) || /^0570\d{6}$/.test(d) || /^0800\d{7}$/.test(d)) return true;
  // Geographic: 10 digits; 0X0 prefixes are non-geographic services.
  return /^0[1-9]\d{8}$/.test(d) && !/^0[2-9]0/.test(d);
}

export const normalisePhone = (v: string): string => v.normalize('NFKC').replace(DASHES, '-').trim();

function phoneBase() {
  return z.string({ error: MESSAGES.phone }).overwrite(normalisePhone).refine(isJapanesePhone, MESSAGES.phone);
}

export function phone(label = '電話番号') {
  return z.preprocess(blankToEmpty, z.string({ error: MESSAGES.phone }).trim().min(1, MESSAGES.required(label)).pipe(phoneBase()));
}

export function optionalPhone() {
  return z.preprocess(blankToUndefined, phoneBase().optional());
}

function isHttpUrl(v: string): boolean {
  if (/\s/.test(v)) return false;
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.includes('.') && !u.hostname.endsWith('.');
  } catch {
    return false;
  }
}

function urlBase(label: string, max: number) {
  return z
    .string({ error: MESSAGES.url })
    .trim()
    .refine((v) => v.length <= max, MESSAGES.tooLong(label, max))
    .refine(isHttpUrl, MESSAGES.url);
}

export function requiredUrl(label: string, max = 500) {
  return z.preprocess(blankToEmpty, z.string({ error: MESSAGES.url }).trim().min(1, MESSAGES.required(label)).pipe(urlBase(label, max)));
}

export function optionalUrl(label: string, max = 500) {
  return z.preprocess(blankToUndefined, urlBase(label, max).optional());
}

/** Katakana for フリガナ; half-width katakana and hiragana are accepted and converted. */
export function kana(label: string, max = 50) {
  const toKatakana = (v: string) =>
    v
      .normalize('NFKC')
      .replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60))
      .replace(/\s+/g, ' ')
      .trim();
  return z.preprocess(
    blankToEmpty,
    z
      .string({ error: MESSAGES.kana(label) })
      .overwrite(toKatakana)
      .min(1, MESSAGES.required(label))
      .refine((v) => /^[\u30A1-\u30F6\u30FC\u30FB ]*$/.test(v), MESSAGES.kana(label))
      .refine((v) => charLength(v) <= max, MESSAGES.tooLong(label, max)),
  );
}

/** One code from a master list. */
export function choice(label: string, options: readonly MasterOption[]) {
  const codes = new Set(options.map((o) => o.code));
  return z.preprocess(
    blankToEmpty,
    z
      .string({ error: MESSAGES.unknownChoice(label) })
      .min(1, MESSAGES.select(label))
      .refine((v) => codes.has(v), MESSAGES.unknownChoice(label)),
  );
}

export function optionalChoice(label: string, options: readonly MasterOption[]) {
  const codes = new Set(options.map((o) => o.code));
  return z.preprocess(
    blankToUndefined,
    z
      .string({ error: MESSAGES.unknownChoice(label) })
      .refine((v) => codes.has(v), MESSAGES.unknownChoice(label))
      .optional(),
  );
}

/** One numeric code from a master list (violation kinds and relations). */
export function intChoice(label: string, options: readonly MasterOption<number>[]) {
  const codes = new Set(options.map((o) => o.code));
  return z.preprocess(
    (v) => (v === null ? undefined : v),
    z
      .number({ error: (iss) => (iss.input === undefined ? MESSAGES.select(label) : MESSAGES.unknownChoice(label)) })
      .refine((v) => codes.has(v), MESSAGES.unknownChoice(label)),
  );
}

/** Several codes from a master list (checkboxes); duplicates are dropped, none is fine. */
export function multiChoice(label: string, options: readonly MasterOption[]) {
  const codes = new Set(options.map((o) => o.code));
  return z.preprocess(
    (v) => (v === null || v === undefined ? [] : v),
    z
      .array(z.string(), { error: MESSAGES.unknownChoice(label) })
      .refine((v) => v.every((c) => codes.has(c)), MESSAGES.unknownChoice(label))
      .transform((v) => options.map((o) => o.code).filter((c) => v.includes(c))),
  );
}

/** JIS prefecture code 1–47. */
export function prefectureId() {
  return z.preprocess(
    (v) => (v === null ? undefined : v),
    z.number({ error: MESSAGES.prefecture }).int(MESSAGES.prefecture).min(1, MESSAGES.prefecture).max(47, MESSAGES.prefecture),
  );
}

export function requiredBoolean(label: string) {
  return z.preprocess((v) => (v === null ? undefined : v), z.boolean({ error: MESSAGES.select(label) }));
}

export function optionalBoolean() {
  return z.preprocess((v) => (v === null || v === undefined ? false : v), z.boolean());
}

/** A calendar date YYYY-MM-DD that exists (no 2024-02-30). */
export function isoDate(label: string) {
  return z.preprocess(
    blankToEmpty,
    z
      .string({ error: MESSAGES.date(label) })
      .trim()
      .overwrite((v) => v.normalize('NFKC').replace(/\//g, '-'))
      .min(1, MESSAGES.required(label))
      .refine((v) => {
        const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
        if (!m) return false;
        const d = new Date(`${v}T00:00:00Z`);
        return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
      }, MESSAGES.date(label)),
  );
}

export function postalCode(label = '郵便番号') {
  return z.preprocess(
    blankToEmpty,
    z
      .string({ error: MESSAGES.postalCode })
      .trim()
      .overwrite((v) => v.normalize('NFKC').replace(DASHES, '-'))
      .min(1, MESSAGES.required(label))
      .regex(/^\d{3}-?\d{4}$/, MESSAGES.postalCode)
      .transform((v) => `${v.replace('-', '').slice(0, 3)}-${v.replace('-', '').slice(3)}`),
  );
}

export function integerInRange(label: string, min: number, max: number, unit: string) {
  const range = `${label}は${withCommas(min)}〜${withCommas(max)}${unit}の範囲で入力してください。`;
  return z.preprocess(
    (v) => (v === null ? undefined : v),
    z
      .number({ error: (iss) => (iss.input === undefined ? MESSAGES.required(label) : range) })
      .int(range)
      .min(min, range)
      .max(max, range),
  );
}

/** The reCAPTCHA response token from the page; verified separately. */
export function recaptchaToken() {
  return z.preprocess(blankToEmpty, z.string({ error: MESSAGES.recaptchaRequired }).min(1, MESSAGES.recaptchaRequired).max(4000, MESSAGES.recaptchaRequired));
}

/** `bk` + 9 digits, the listing key format (kit keys.ts). */
export const GLOBAL_KEY = /^bk\d{9}$/;
