import { CombinedGraphQLErrors } from '@apollo/client';

/** What a failed submission shows: per-field Japanese messages (extensions.fields) and a summary. */
export interface FormErrors {
  fields: Record<string, string>;
  summary?: string;
}

const RATE_LIMITED = '短時間に送信が続いたため、受け付けられませんでした。しばらくしてから再度お試しください。';
const FAILED = 'エラーのため送信できませんでした。時間をおいて再度お試しください。';

/** The forms subgraph answers BAD_REQUEST with extensions.fields; anything else is a general failure. */
export function formErrorsOf(err: unknown): FormErrors {
  if (!CombinedGraphQLErrors.is(err)) return { fields: {}, summary: FAILED };
  const first = err.errors[0];
  const ext = (first?.extensions ?? {}) as { code?: string; fields?: Record<string, string>; reason?: string; retryAfter?: number };
  if (ext.reason === 'TOO_MANY_REQUESTS') return { fields: {}, summary: RATE_LIMITED };
  if (ext.code === 'BAD_REQUEST' && ext.fields && typeof ext.fields === 'object') {
    const fields = Object.fromEntries(Object.entries(ext.fields).map(([k, v]) => [k.replace(/^input\./, ''), String(v)]));
    return { fields, summary: '入力内容をご確認ください。' };
  }
  return { fields: {}, summary: first?.message || FAILED };
}
