import type { z } from 'zod';
import type { FormKind } from '../domain/receipt.js';

/** One line of 送信内容: the completed page and the mails list these. */
export interface SummaryRow {
  label: string;
  value: string;
}

/** What every form's validated fields have. */
export interface BaseFields {
  email: string;
  recaptchaToken: string;
}

/**
 * One form: its validation, what is stored, how it reads back in the receipt and mails.
 * The submission pipeline (resolvers/submit.ts) is the same for all of them.
 */
export interface FormDefinition<F extends BaseFields, P extends { email: string }> {
  kind: FormKind;
  /** Used in subjects and the confirmation text: 「お問い合わせ」「違反報告」… */
  title: string;
  /** Built per request: some rules depend on the date (cashback). */
  schema(now: Date): z.ZodType<F>;
  /** The stored JSONB: validated fields without the reCAPTCHA token, plus anything derived. */
  toPayload(fields: F, now: Date): P;
  /** 「山田 太郎」: how the confirmation mail addresses the sender. */
  senderName(payload: P): string;
  summary(payload: P): SummaryRow[];
  /** What happens next, for the confirmation mail. */
  nextSteps: string;
}

/** Drops the reCAPTCHA token: it is verified, never stored. */
export function withoutToken<F extends BaseFields>(fields: F): Omit<F, 'recaptchaToken'> {
  const { recaptchaToken: _token, ...rest } = fields;
  return rest;
}

export const yesNo = (v: boolean): string => (v ? 'あり' : 'なし');
export const orDash = (v: string | undefined | null): string => (v ? v : '（未入力）');
