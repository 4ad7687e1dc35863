import { DEFAULT_MAIL_FROM, outboxConfigFromEnv } from '@sumika/mail-kit';
import { subgraphEnv } from '@sumika/server-kit';
import { DEFAULT_MAIL_CONFIG, FORMS_ENV, mailConfigFromEnv } from './config.js';

describe('forms config from the environment', () => {
  it('keeps the defaults', () => {
    expect(DEFAULT_MAIL_CONFIG).toEqual({
      operators: {
        inquiry: 'support@sumika.example',
        inbound_inquiry: 'sales@sumika.example',
        violation: 'keisai110@sumika.example',
        apply: 'apply@sumika.example',
        cashback: 'cashback@sumika.example',
      },
      supportAddress: 'support@sumika.example',
    });
    expect(outboxConfigFromEnv({})).toEqual({ from: DEFAULT_MAIL_FROM, intervalMs: 5000, batchSize: 20, leaseMs: 300_000, maxAttempts: 10 });
    expect(subgraphEnv('forms', FORMS_ENV, {}).port).toBe(4005);
  });

  it('reads each variable by name; an empty one counts as unset', () => {
    expect(mailConfigFromEnv({ FORMS_NOTIFY_APPLY: 'a@x.example', FORMS_SUPPORT_ADDRESS: '' })).toMatchObject({
      operators: { apply: 'a@x.example' },
      supportAddress: 'support@sumika.example',
    });
    expect(outboxConfigFromEnv({ MAIL_FROM: 'x <x@x.example>', OUTBOX_INTERVAL_MS: '250', OUTBOX_MAX_ATTEMPTS: '3' })).toMatchObject({
      from: 'x <x@x.example>',
      intervalMs: 250,
      maxAttempts: 3,
    });
  });

  it('refuses bad values at start, naming each', () => {
    expect(() => outboxConfigFromEnv({ OUTBOX_INTERVAL_MS: '0' })).toThrow(/OUTBOX_INTERVAL_MS="0": must be a whole number of milliseconds >= 1/);
    expect(() => subgraphEnv('forms', FORMS_ENV, { FORMS_RATE_IP_POINTS: 'x', RECAPTCHA_MIN_SCORE: '5', SMTP_URL: 'mail' })).toThrow(
      /FORMS_RATE_IP_POINTS="x": must be a whole number >= 1\n {2}RECAPTCHA_MIN_SCORE="5": must be a number from 0 to 1\n {2}SMTP_URL="mail": must be a URL$/,
    );
  });
});
