import { z } from 'zod';
import { cashbackCampaignAt } from '../domain/cashback.js';
import { daysBetween, jstDate, withCommas } from '../domain/jst.js';
import { PREFECTURE_NAMES } from '@sumika/domain';
import {
  email,
  GLOBAL_KEY,
  integerInRange,
  isoDate,
  kana,
  optionalText,
  phone,
  postalCode,
  prefectureId,
  recaptchaToken,
  requiredText,
} from '../validation/fields.js';
import { orDash, withoutToken, type FormDefinition } from './types.js';

/** Applications are accepted up to this many days after the contract. */
export const CASHBACK_DEADLINE_DAYS = 180;

export const CASHBACK_MESSAGES = {
  badKey: 'ご契約の物件の指定が正しくありません。',
  contractInFuture: 'ご契約日に未来の日付は指定できません。',
  contractTooOld: `ご契約日から${CASHBACK_DEADLINE_DAYS}日を過ぎたお申し込みは受け付けておりません。`,
  moveInBeforeContract: '入居日はご契約日以降の日付を入力してください。',
  moveInTooLate: '入居日はご契約日から1年以内の日付を入力してください。',
} as const;

/** The movers' cashback application (/cashback): who moved in where, through which company. */
export const cashbackSchema = (now: Date) => {
  const today = jstDate(now);
  return z
    .object({
      name: requiredText('お名前', { max: 50 }),
      kana: kana('フリガナ'),
      email: email(),
      phone: phone(),
      globalKey: z.preprocess(
        (v) => (v === null || v === undefined ? '' : v),
        z.string({ error: CASHBACK_MESSAGES.badKey }).trim().min(1, 'ご契約の物件を選択してください。').regex(GLOBAL_KEY, CASHBACK_MESSAGES.badKey),
      ),
      companyName: requiredText('ご契約の不動産会社名', { max: 100 }),
      storeName: optionalText('店舗名', { max: 100 }),
      contractDate: isoDate('ご契約日'),
      moveInDate: isoDate('入居日'),
      rent: integerInRange('月額賃料', 1_000, 9_999_999, '円'),
      postalCode: postalCode(),
      prefectureId: prefectureId(),
      address: requiredText('ご住所（市区町村以降）', { max: 200 }),
      freeText: optionalText('備考', { max: 1000, multiline: true }),
      recaptchaToken: recaptchaToken(),
    })
    .superRefine(
      (v, ctx) => {
        const dated = (s: unknown): s is string => typeof s === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(s);
        if (dated(v.contractDate)) {
          if (v.contractDate > today) {
            ctx.addIssue({ code: 'custom', path: ['contractDate'], message: CASHBACK_MESSAGES.contractInFuture });
            return; // the move-in date is compared with a contract date that is right
          }
          if (daysBetween(v.contractDate, today) > CASHBACK_DEADLINE_DAYS)
            ctx.addIssue({ code: 'custom', path: ['contractDate'], message: CASHBACK_MESSAGES.contractTooOld });
          if (dated(v.moveInDate)) {
            if (v.moveInDate < v.contractDate) ctx.addIssue({ code: 'custom', path: ['moveInDate'], message: CASHBACK_MESSAGES.moveInBeforeContract });
            else if (daysBetween(v.contractDate, v.moveInDate) > 365)
              ctx.addIssue({ code: 'custom', path: ['moveInDate'], message: CASHBACK_MESSAGES.moveInTooLate });
          }
        }
      },
      { when: () => true },
    );
};

export type CashbackFields = z.output<ReturnType<typeof cashbackSchema>>;
export type CashbackPayload = Omit<CashbackFields, 'recaptchaToken'> & {
  /** The campaign amount when the application was made (SPEC §9), e.g. 最大60,000円. */
  amountText: string;
  maxAmount: number;
  limitedCampaign: boolean;
};

export const cashbackForm: FormDefinition<CashbackFields, CashbackPayload> = {
  kind: 'cashback',
  title: 'お祝い金（キャッシュバック）のお申し込み',
  schema: cashbackSchema,
  toPayload: (fields, now) => {
    const campaign = cashbackCampaignAt(now);
    return { ...withoutToken(fields), amountText: campaign.amountText, maxAmount: campaign.maxAmount, limitedCampaign: campaign.limited };
  },
  senderName: (p) => p.name,
  summary: (p) => [
    { label: 'お祝い金', value: p.amountText },
    { label: 'お名前', value: p.name },
    { label: 'フリガナ', value: p.kana },
    { label: 'メールアドレス', value: p.email },
    { label: '電話番号', value: p.phone },
    { label: 'ご契約の物件', value: p.globalKey },
    { label: 'ご契約の不動産会社', value: p.storeName ? `${p.companyName} ${p.storeName}` : p.companyName },
    { label: 'ご契約日', value: p.contractDate },
    { label: '入居日', value: p.moveInDate },
    { label: '月額賃料', value: `${withCommas(p.rent)}円` },
    { label: 'ご住所', value: `〒${p.postalCode} ${PREFECTURE_NAMES[p.prefectureId - 1] ?? ''}${p.address}` },
    { label: '備考', value: orDash(p.freeText) },
  ],
  nextSteps:
    'ご契約内容を不動産会社に確認のうえ、審査結果を2〜4週間以内にメールでお知らせします。\n審査が完了しましたら、お祝い金のお受け取り方法をご案内いたします。',
};
