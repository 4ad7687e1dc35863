import { z } from 'zod';
import { INBOUND_CATEGORIES, INBOUND_TYPES, nameOf, REFERENCE_MEDIA } from '../domain/masters.js';
import { choice, email, optionalChoice, optionalText, optionalUrl, phone, recaptchaToken, requiredBoolean, requiredText } from '../validation/fields.js';
import { orDash, withoutToken, yesNo, type FormDefinition } from './types.js';

const utm = (name: string) => optionalText(name, { max: 200 });

/** SPEC §7.1 sendInboundInquiries: a real-estate company contacting the operator (/inbound_inquiries). */
export const inboundInquirySchema = () =>
  z.object({
    type: choice('業種', INBOUND_TYPES),
    clientName: requiredText('会社名', { max: 100 }),
    storeName: optionalText('店舗名', { max: 100 }),
    tantoName: requiredText('ご担当者名', { max: 50 }),
    position: optionalText('役職', { max: 50 }),
    tel: phone('電話番号'),
    hasLicense: requiredBoolean('宅地建物取引業免許の有無'),
    email: email(),
    siteUrl: optionalUrl('ホームページURL'),
    referenceMedium: optionalChoice('当サイトを知ったきっかけ', REFERENCE_MEDIA),
    category: choice('お問い合わせ項目', INBOUND_CATEGORIES),
    content: requiredText('お問い合わせ内容', { max: 2000, multiline: true }),
    recaptchaToken: recaptchaToken(),
    utmSource: utm('utm_source'),
    utmMedium: utm('utm_medium'),
    utmCampaign: utm('utm_campaign'),
    utmTerm: utm('utm_term'),
    utmContent: utm('utm_content'),
  });

export type InboundInquiryFields = z.output<ReturnType<typeof inboundInquirySchema>>;
export type InboundInquiryPayload = Omit<InboundInquiryFields, 'recaptchaToken'>;

export const inboundInquiryForm: FormDefinition<InboundInquiryFields, InboundInquiryPayload> = {
  kind: 'inbound_inquiry',
  title: '掲載に関するお問い合わせ',
  schema: inboundInquirySchema,
  toPayload: withoutToken,
  senderName: (p) => `${p.clientName} ${p.tantoName}`,
  summary: (p) => [
    { label: '業種', value: nameOf(INBOUND_TYPES, p.type) },
    { label: '会社名', value: p.clientName },
    { label: '店舗名', value: orDash(p.storeName) },
    { label: 'ご担当者名', value: p.tantoName },
    { label: '役職', value: orDash(p.position) },
    { label: '電話番号', value: p.tel },
    { label: 'メールアドレス', value: p.email },
    { label: '宅地建物取引業免許', value: yesNo(p.hasLicense) },
    { label: 'ホームページURL', value: orDash(p.siteUrl) },
    { label: '当サイトを知ったきっかけ', value: orDash(nameOf(REFERENCE_MEDIA, p.referenceMedium)) },
    { label: 'お問い合わせ項目', value: nameOf(INBOUND_CATEGORIES, p.category) },
    { label: 'お問い合わせ内容', value: p.content },
  ],
  nextSteps: '担当の営業より、2営業日以内にお電話またはメールにてご連絡いたします。',
};
