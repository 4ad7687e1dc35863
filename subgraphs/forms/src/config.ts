import { envVar, parseEnv, type EnvShape } from '@sumika/server-kit';
import type { FormKind } from './domain/receipt.js';
import type { MailConfig } from './mail/compose.js';

export const DEFAULT_MAIL_FROM = 'sumika <no-reply@sumika.example>';

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

export interface OutboxConfig {
  from: string;
  intervalMs: number;
  batchSize: number;
  leaseMs: number;
  maxAttempts: number;
}

/** The outbox worker's settings. */
export const OUTBOX_ENV = {
  MAIL_FROM: envVar.textOr(DEFAULT_MAIL_FROM),
  OUTBOX_INTERVAL_MS: envVar.millisOr(1, 5_000),
  OUTBOX_BATCH_SIZE: envVar.intOr(1, 20),
  OUTBOX_LEASE_MS: envVar.millisOr(1, 5 * 60_000),
  OUTBOX_MAX_ATTEMPTS: envVar.intOr(1, 10),
} satisfies EnvShape;

export function outboxConfigFromEnv(env: NodeJS.ProcessEnv = process.env): OutboxConfig {
  const vars = parseEnv(OUTBOX_ENV, env);
  return {
    from: vars.MAIL_FROM,
    intervalMs: vars.OUTBOX_INTERVAL_MS,
    batchSize: vars.OUTBOX_BATCH_SIZE,
    leaseMs: vars.OUTBOX_LEASE_MS,
    maxAttempts: vars.OUTBOX_MAX_ATTEMPTS,
  };
}

/**
 * Everything the forms subgraph reads besides the common variables, checked at start: mail,
 * outbox, rate limits (rate-limit.ts), reCAPTCHA (recaptcha.ts) and SMTP (the mail kit).
 */
export const FORMS_ENV = {
  ...MAIL_ENV,
  ...OUTBOX_ENV,
  FORMS_RATE_VISITOR_POINTS: envVar.int(1),
  FORMS_RATE_VISITOR_WINDOW_SEC: envVar.int(1),
  FORMS_RATE_IP_POINTS: envVar.int(1),
  FORMS_RATE_IP_WINDOW_SEC: envVar.int(1),
  RECAPTCHA_SECRET: envVar.text(),
  RECAPTCHA_MIN_SCORE: envVar.number(0, 1),
  RECAPTCHA_TEST_TOKEN: envVar.text(),
  SMTP_URL: envVar.url(),
} satisfies EnvShape;
