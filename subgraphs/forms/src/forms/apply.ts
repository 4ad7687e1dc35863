import { z } from 'zod';
import {
  APPLY_LIST_KINDS,
  APPLY_REQUESTS,
  CONTACT_METHODS,
  CONTACT_METHODS_NEEDING_PHONE,
  MAX_APPLY_BUKKENS,
  MOVE_IN_TIMINGS,
  nameOf,
} from '../domain/masters.js';
import {
  choice,
  email,
  GLOBAL_KEY,
  kana,
  multiChoice,
  optionalBoolean,
  optionalPhone,
  optionalText,
  recaptchaToken,
  requiredText,
} from '../validation/fields.js';
import { orDash, withoutToken, type FormDefinition } from './types.js';

export const APPLY_MESSAGES = {
  noBukken: 'お問い合わせする物件を選択してください。',
  badKey: '物件の指定が正しくありません。',
  tooMany: `一度にお問い合わせできる物件は${MAX_APPLY_BUKKENS}件までです。`,
  phoneNeeded: '電話でのご連絡を希望される場合は電話番号を入力してください。',
} as const;

/** Listing keys: at least one, at most MAX_APPLY_BUKKENS, each `bk` + 9 digits; duplicates dropped. */
const globalKeys = () =>
  z.preprocess(
    (v) => (v === null || v === undefined ? [] : v),
    z
      .array(z.string(), { error: APPLY_MESSAGES.badKey })
      .transform((keys) => [...new Set(keys.map((k) => k.trim()))])
      .refine((keys) => keys.length > 0, APPLY_MESSAGES.noBukken)
      .refine((keys) => keys.every((k) => GLOBAL_KEY.test(k)), APPLY_MESSAGES.badKey)
      .refine((keys) => keys.length <= MAX_APPLY_BUKKENS, APPLY_MESSAGES.tooMany),
  );

/** The apply form (/apply/create): an inquiry to the real-estate companies about one or more listings. */
export const applySchema = () =>
  z
    .object({
      globalKeys: globalKeys(),
      listKind: choice('一覧の種類', APPLY_LIST_KINDS),
      name: requiredText('お名前', { max: 50 }),
      kana: kana('フリガナ'),
      email: email(),
      phone: optionalPhone(),
      contactMethod: choice('希望連絡方法', CONTACT_METHODS),
      moveInTiming: choice('入居希望時期', MOVE_IN_TIMINGS),
      requests: multiChoice('ご質問・ご要望', APPLY_REQUESTS),
      freeText: optionalText('その他のご質問・ご要望', { max: 1000, multiline: true }),
      recaptchaToken: recaptchaToken(),
      isApp: optionalBoolean(),
    })
    .superRefine(
      (v, ctx) => {
        if (typeof v.contactMethod === 'string' && CONTACT_METHODS_NEEDING_PHONE.has(v.contactMethod) && !v.phone) {
          ctx.addIssue({ code: 'custom', path: ['phone'], message: APPLY_MESSAGES.phoneNeeded });
        }
      },
      { when: () => true },
    );

export type ApplyFields = z.output<ReturnType<typeof applySchema>>;
export type ApplyPayload = Omit<ApplyFields, 'recaptchaToken'>;

export const applyForm: FormDefinition<ApplyFields, ApplyPayload> = {
  kind: 'apply',
  title: '物件のお問い合わせ',
  schema: applySchema,
  toPayload: withoutToken,
  senderName: (p) => p.name,
  summary: (p) => [
    { label: 'お問い合わせ物件', value: p.globalKeys.join('\n') },
    { label: 'お名前', value: p.name },
    { label: 'フリガナ', value: p.kana },
    { label: 'メールアドレス', value: p.email },
    { label: '電話番号', value: orDash(p.phone) },
    { label: '希望連絡方法', value: nameOf(CONTACT_METHODS, p.contactMethod) },
    { label: '入居希望時期', value: nameOf(MOVE_IN_TIMINGS, p.moveInTiming) },
    { label: 'ご質問・ご要望', value: p.requests.length ? p.requests.map((c) => nameOf(APPLY_REQUESTS, c)).join('\n') : '（選択なし）' },
    { label: 'その他のご質問・ご要望', value: orDash(p.freeText) },
  ],
  nextSteps:
    'お問い合わせ内容は、各物件を取り扱う不動産会社へお伝えしました。\n不動産会社より、ご希望の連絡方法で直接ご連絡いたします。\nご入居が決まりましたら、お祝い金（キャッシュバック）の申請をお忘れなく。',
};
