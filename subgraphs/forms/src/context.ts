import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { MailConfig } from './mail/compose.js';
import type { FormRateLimiter } from './rate-limit/rate-limit.js';
import type { RecaptchaVerifier } from './recaptcha/recaptcha.js';
import type { DB } from './repositories/db.js';

/** What the resolvers need besides the request: injected, so tests swap each one. */
export interface Deps {
  db: Kysely<DB>;
  recaptcha: RecaptchaVerifier;
  limiter: FormRateLimiter;
  mail: MailConfig;
  /** The clock (cashback campaign, dates, receipt numbers). */
  now?: () => Date;
  /** Called after a submission and its mails are committed (the server kicks the outbox worker). */
  onEnqueued?: () => void;
}

export interface Context {
  db: Kysely<DB>;
  recaptcha: RecaptchaVerifier;
  limiter: FormRateLimiter;
  mail: MailConfig;
  now: () => Date;
  onEnqueued: () => void;
  /** The visitor and client IP from the gateway's verified token; nothing else is trusted. */
  uid: string | undefined;
  ip: string | undefined;
}

export function createContext(deps: Deps, req: FastifyRequest): Context {
  return {
    db: deps.db,
    recaptcha: deps.recaptcha,
    limiter: deps.limiter,
    mail: deps.mail,
    now: deps.now ?? (() => new Date()),
    onEnqueued: deps.onEnqueued ?? (() => {}),
    uid: req.identity.uid,
    ip: req.identity.ip,
  };
}
