import { envVar, parseEnv, type EnvShape } from '@sumika/server-kit';
import { OUTBOX_ENV, SMTP_ENV } from '@sumika/mail-kit';
import type { FormKind } from './domain/receipt.js';
import type { MailConfig } from './mail/compose.js';
import { RATE_LIMIT_ENV } from './rate-limit/rate-limit.js';
import { RECAPTCHA_ENV } from './recaptcha/recaptcha.js';

/** The operator's desks, each overridable: FORMS_NOTIFY_INQUIRY, _INBOUND, _VIOLATION, _APPLY, _CASHBACK. */
export const DEFAULT_OPERATORS: Record<FormKind, string> = {
  inquiry: 'support@sumika.example',
  inbound_inquiry: 'sales@sumika.example',
  violation: 'keisai110@sumika.example',
  apply: 'apply@sumika.example',
  cashback: 'cashback@sumika.example',
};

/** The mail settings: the operators' desks and the address shown for support (README's table). */
export const MAIL_ENV = {
  FORMS_NOTIFY_INQUIRY: envVar.textOr(DEFAULT_OPERATORS.inquiry),
  FORMS_NOTIFY_INBOUND: envVar.textOr(DEFAULT_OPERATORS.inbound_inquiry),
  FORMS_NOTIFY_VIOLATION: envVar.textOr(DEFAULT_OPERATORS.violation),
  FORMS_NOTIFY_APPLY: envVar.textOr(DEFAULT_OPERATORS.apply),
  FORMS_NOTIFY_CASHBACK: envVar.textOr(DEFAULT_OPERATORS.cashback),
  FORMS_SUPPORT_ADDRESS: envVar.textOr(DEFAULT_OPERATORS.inquiry),
} satisfies EnvShape;

export function mailConfigFromEnv(env: NodeJS.ProcessEnv = process.env): MailConfig {
  const vars = parseEnv(MAIL_ENV, env);
  return {
    operators: {
      inquiry: vars.FORMS_NOTIFY_INQUIRY,
      inbound_inquiry: vars.FORMS_NOTIFY_INBOUND,
      violation: vars.FORMS_NOTIFY_VIOLATION,
      apply: vars.FORMS_NOTIFY_APPLY,
      cashback: vars.FORMS_NOTIFY_CASHBACK,
    },
    supportAddress: vars.FORMS_SUPPORT_ADDRESS,
  };
}

export const DEFAULT_MAIL_CONFIG: MailConfig = mailConfigFromEnv({});

/**
 * Everything the forms subgraph reads besides the common variables, checked at start: mail,
 * outbox, rate limits (rate-limit.ts), reCAPTCHA (recaptcha.ts) and SMTP (the mail kit).
 */
export const FORMS_ENV = {
  ...MAIL_ENV,
  ...OUTBOX_ENV,
  ...RATE_LIMIT_ENV,
  ...RECAPTCHA_ENV,
  ...SMTP_ENV,
} satisfies EnvShape;
