import { z } from 'zod';
import { BUKKEN_KANKEI, nameOf, VIOLATION_KINDS } from '../domain/masters.js';
import { email, intChoice, optionalPhone, optionalText, prefectureId, recaptchaToken, requiredText, requiredUrl } from '../validation/fields.js';
import { orDash, withoutToken, type FormDefinition } from './types.js';
import { PREFECTURE_NAMES } from '@sumika/domain';

export const CORPORATE_NAME_REQUIRED = '管理会社・不動産会社の方は会社名を入力してください。';

/** SPEC §7.1 sendViolation: a report of a listing that breaks the advertising rules (/violate, 掲載110番). */
export const violationSchema = () =>
  z
    .object({
      violateKindId: intChoice('違反の種類', VIOLATION_KINDS),
      bukkenKankeiId: intChoice('物件との関係', BUKKEN_KANKEI),
      corporateName: optionalText('会社名', { max: 100 }),
      nameSei: requiredText('お名前（姓）', { max: 25 }),
      nameMei: requiredText('お名前（名）', { max: 25 }),
      prefectureId: prefectureId(),
      email: email(),
      phone: optionalPhone(),
      violateUrl: requiredUrl('違反のある掲載ページのURL'),
      dwellingName: optionalText('物件名', { max: 100 }),
      free: requiredText('違反の内容', { max: 2000, multiline: true }),
      recaptchaToken: recaptchaToken(),
    })
    .superRefine(
      (v, ctx) => {
        const relation = BUKKEN_KANKEI.find((k) => k.code === v.bukkenKankeiId);
        if (relation?.requiresCorporateName && !v.corporateName) ctx.addIssue({ code: 'custom', path: ['corporateName'], message: CORPORATE_NAME_REQUIRED });
      },
      { when: () => true },
    );

export type ViolationFields = z.output<ReturnType<typeof violationSchema>>;
export type ViolationPayload = Omit<ViolationFields, 'recaptchaToken'>;

export const violationForm: FormDefinition<ViolationFields, ViolationPayload> = {
  kind: 'violation',
  title: '違反報告',
  schema: violationSchema,
  toPayload: withoutToken,
  senderName: (p) => `${p.nameSei} ${p.nameMei}`,
  summary: (p) => [
    { label: '違反の種類', value: nameOf(VIOLATION_KINDS, p.violateKindId) },
    { label: '物件との関係', value: nameOf(BUKKEN_KANKEI, p.bukkenKankeiId) },
    { label: '会社名', value: orDash(p.corporateName) },
    { label: 'お名前', value: `${p.nameSei} ${p.nameMei}` },
    { label: '物件所在地（都道府県）', value: PREFECTURE_NAMES[p.prefectureId - 1] ?? '' },
    { label: 'メールアドレス', value: p.email },
    { label: '電話番号', value: orDash(p.phone) },
    { label: '違反のある掲載ページのURL', value: p.violateUrl },
    { label: '物件名', value: orDash(p.dwellingName) },
    { label: '違反の内容', value: p.free },
  ],
  nextSteps:
    'いただいた情報をもとに、掲載元の不動産会社への確認と是正の依頼を行います。\n調査の結果を個別にご報告できない場合がございます。あらかじめご了承ください。',
};
