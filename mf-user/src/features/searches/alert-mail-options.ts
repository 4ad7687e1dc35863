import type { AlertMail } from '../../__generated__/operations.js';

/** The alert mail choices of a saved search, in the order the select shows them. */
export const ALERT_MAIL_OPTIONS: readonly { value: AlertMail; label: string }[] = [
  { value: 'instant', label: '新着のたびに' },
  { value: 'daily', label: '1日1回' },
  { value: 'off', label: '配信しない' },
];
