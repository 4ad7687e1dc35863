import { z } from 'zod';
import { INQUIRY_TYPES, nameOf } from '../domain/masters.js';
import { choice, email, optionalBoolean, recaptchaToken, requiredText } from '../validation/fields.js';
import { withoutToken, type FormDefinition } from './types.js';

/** SPEC §7.1 sendInquiry: a visitor's question to the operator (/users_inquiry). */
export const inquirySchema = () =>
  z.object({
    name: requiredText('お名前', { max: 50 }),
    email: email(),
    inquiryType: choice('お問い合わせ種別', INQUIRY_TYPES),
    inquiryContent: requiredText('お問い合わせ内容', { max: 2000, multiline: true }),
    recaptchaToken: recaptchaToken(),
    isApp: optionalBoolean(),
  });

export type InquiryFields = z.output<ReturnType<typeof inquirySchema>>;
export type InquiryPayload = Omit<InquiryFields, 'recaptchaToken'>;

export const inquiryForm: FormDefinition<InquiryFields, InquiryPayload> = {
  kind: 'inquiry',
  title: 'お問い合わせ',
  schema: inquirySchema,
  toPayload: withoutToken,
  senderName: (p) => p.name,
  summary: (p) => [
    { label: 'お名前', value: p.name },
    { label: 'メールアドレス', value: p.email },
    { label: 'お問い合わせ種別', value: nameOf(INQUIRY_TYPES, p.inquiryType) },
    { label: 'お問い合わせ内容', value: p.inquiryContent },
  ],
  nextSteps: '内容を確認のうえ、担当者より通常3営業日以内にご返信いたします。\nお問い合わせの内容によっては、ご返信までにお時間をいただく場合がございます。',
};
