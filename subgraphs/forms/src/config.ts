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

export function mailConfigFromEnv(env: NodeJS.ProcessEnv = process.env): MailConfig {
  return {
    operators: {
      inquiry: env.FORMS_NOTIFY_INQUIRY || DEFAULT_OPERATORS.inquiry,
      inbound_inquiry: env.FORMS_NOTIFY_INBOUND || DEFAULT_OPERATORS.inbound_inquiry,
      violation: env.FORMS_NOTIFY_VIOLATION || DEFAULT_OPERATORS.violation,
      apply: env.FORMS_NOTIFY_APPLY || DEFAULT_OPERATORS.apply,
      cashback: env.FORMS_NOTIFY_CASHBACK || DEFAULT_OPERATORS.cashback,
    },
    supportAddress: env.FORMS_SUPPORT_ADDRESS || DEFAULT_OPERATORS.inquiry,
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

export function outboxConfigFromEnv(env: NodeJS.ProcessEnv = process.env): OutboxConfig {
  const n = (name: string, fallback: number) => {
    const v = Number(env[name]);
    return Number.isFinite(v) && v > 0 ? v : fallback;
  };
  return {
    from: env.MAIL_FROM || DEFAULT_MAIL_FROM,
    intervalMs: n('OUTBOX_INTERVAL_MS', 5_000),
    batchSize: n('OUTBOX_BATCH_SIZE', 20),
    leaseMs: n('OUTBOX_LEASE_MS', 5 * 60_000),
    maxAttempts: n('OUTBOX_MAX_ATTEMPTS', 10),
  };
}
