import { AppError } from '@sumika/server-kit';
import { jstIso } from '../domain/jst.js';
import { receiptNumber } from '../domain/receipt.js';
import type { BaseFields, FormDefinition, SummaryRow } from '../forms/types.js';
import { composeMails } from '../mail/compose.js';
import { RECAPTCHA_FAILED } from '../recaptcha/recaptcha.js';
import { insertSubmission, isReceiptCollision, type StoredSubmission } from '../repositories/submissions.js';
import { invalidInput, validate } from '../validation/validate.js';
import type { Context } from '../context.js';

/** The fields every receipt type shares (FormReceipt). */
export interface Receipt {
  id: string;
  receiptNumber: string;
  receivedAt: string;
  email: string;
  summary: SummaryRow[];
}

export interface Submitted<P> {
  receipt: Receipt;
  /** The payload as stored. */
  payload: P;
  stored: StoredSubmission;
}

/**
 * Every form mutation: rate limit per IP, validate, verify reCAPTCHA, rate limit per visitor,
 * then store the submission and its mails in one transaction before answering.
 */
export async function submitForm<F extends BaseFields, P extends { email: string }>(
  ctx: Context,
  form: FormDefinition<F, P>,
  input: Record<string, unknown>,
): Promise<Submitted<P>> {
  const uid = ctx.uid;
  // The gateway gives every visitor a uid; a request without one did not come through it.
  if (!uid) throw new AppError('USER_ID_ERROR');
  await ctx.limiter.attempt(ctx.ip);
  const now = ctx.now();
  const fields = validate(form.schema(now), input);
  if (!(await ctx.recaptcha.verify(fields.recaptchaToken, ctx.ip))) {
    throw invalidInput({ recaptchaToken: RECAPTCHA_FAILED }, RECAPTCHA_FAILED);
  }
  await ctx.limiter.submission(form.kind, uid);

  const payload = form.toPayload(fields, now);
  for (let tries = 0; ; tries++) {
    const number = receiptNumber(form.kind, now);
    const mails = composeMails(
      {
        kind: form.kind,
        title: form.title,
        nextSteps: form.nextSteps,
        receiptNumber: number,
        receivedAt: now,
        senderName: form.senderName(payload),
        senderEmail: payload.email,
        rows: form.summary(payload),
        uid,
        ip: ctx.ip,
      },
      ctx.mail,
    );
    try {
      const stored = await insertSubmission(
        ctx.db,
        { kind: form.kind, receiptNumber: number, uid, ip: ctx.ip, email: payload.email, payload, receivedAt: now },
        mails,
      );
      ctx.onEnqueued();
      const storedPayload = stored.payload as P;
      return {
        stored,
        payload: storedPayload,
        receipt: {
          id: String(stored.id),
          receiptNumber: stored.receiptNumber,
          receivedAt: jstIso(stored.createdAt),
          email: stored.email,
          summary: form.summary(storedPayload),
        },
      };
    } catch (err) {
      // Six random characters a day per kind: a collision is rare, and a new number fixes it.
      if (tries < 3 && isReceiptCollision(err)) continue;
      throw err;
    }
  }
}
