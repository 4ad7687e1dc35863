import type { z } from 'zod';
import { validApply, validCashback, validInbound, validInquiry, validViolation } from '../testing/fixtures.js';
import { MESSAGES } from '../validation/fields.js';
import { fieldErrors } from '../validation/validate.js';
import { APPLY_MESSAGES, applySchema } from './apply.js';
import { CASHBACK_MESSAGES, cashbackSchema } from './cashback.js';
import { inboundInquirySchema } from './inbound-inquiry.js';
import { inquirySchema } from './inquiry.js';
import { CORPORATE_NAME_REQUIRED, violationSchema } from './violation.js';

const NOW = new Date('2025-06-02T10:00:00+09:00');

function errorsOf(schema: z.ZodType, input: Record<string, unknown>): Record<string, string> {
  const r = schema.safeParse(input);
  return r.success ? {} : fieldErrors(r.error);
}

type Case = [field: string, value: unknown, message: string];

/** Runs "valid as a whole", each broken field alone (exactly that field's message), and each optional field left out. */
function describeForm(name: string, schema: () => z.ZodType, valid: () => Record<string, unknown>, cases: Case[], optional: string[]) {
  describe(name, () => {
    it('accepts the valid input', () => {
      expect(errorsOf(schema(), valid())).toEqual({});
    });
    it.each(cases)('%s = %j → %s', (field, value, message) => {
      expect(errorsOf(schema(), { ...valid(), [field]: value })).toEqual({ [field]: message });
    });
    it.each(optional)('%s may be left out', (field) => {
      expect(errorsOf(schema(), { ...valid(), [field]: null })).toEqual({});
    });
  });
}

const long = (n: number) => 'あ'.repeat(n);

describeForm(
  'sendInquiry',
  inquirySchema,
  validInquiry,
  [
    ['name', '', 'お名前を入力してください。'],
    ['name', long(51), 'お名前は50文字以内で入力してください。'],
    ['name', '山田\n太郎', 'お名前に使用できない文字が含まれています。'],
    ['email', null, 'メールアドレスを入力してください。'],
    ['email', 'taro@example', MESSAGES.email],
    ['inquiryType', null, 'お問い合わせ種別を選択してください。'],
    ['inquiryType', 'billing', 'お問い合わせ種別の選択肢が正しくありません。'],
    ['inquiryContent', '  ', 'お問い合わせ内容を入力してください。'],
    ['inquiryContent', long(2001), 'お問い合わせ内容は2000文字以内で入力してください。'],
    ['recaptchaToken', '', MESSAGES.recaptchaRequired],
  ],
  ['isApp'],
);

describeForm(
  'sendInboundInquiries',
  inboundInquirySchema,
  validInbound,
  [
    ['type', null, '業種を選択してください。'],
    ['type', 'bank', '業種の選択肢が正しくありません。'],
    ['clientName', '', '会社名を入力してください。'],
    ['clientName', long(101), '会社名は100文字以内で入力してください。'],
    ['storeName', long(101), '店舗名は100文字以内で入力してください。'],
    ['tantoName', null, 'ご担当者名を入力してください。'],
    ['tantoName', long(51), 'ご担当者名は50文字以内で入力してください。'],
    ['position', long(51), '役職は50文字以内で入力してください。'],
    ['tel', '', '電話番号を入力してください。'],
    ['tel', '03-123-456', MESSAGES.phone],
    ['hasLicense', null, '宅地建物取引業免許の有無を選択してください。'],
    ['email', 'sato@', MESSAGES.email],
    ['siteUrl', 'sumika-fudosan.example.jp', MESSAGES.url],
    ['referenceMedium', 'tv', '当サイトを知ったきっかけの選択肢が正しくありません。'],
    ['category', '', 'お問い合わせ項目を選択してください。'],
    ['category', 'hack', 'お問い合わせ項目の選択肢が正しくありません。'],
    ['content', '', 'お問い合わせ内容を入力してください。'],
    ['content', long(2001), 'お問い合わせ内容は2000文字以内で入力してください。'],
    ['recaptchaToken', null, MESSAGES.recaptchaRequired],
    ['utmSource', 'a'.repeat(201), 'utm_sourceは200文字以内で入力してください。'],
    ['utmCampaign', 'x\ny', 'utm_campaignに使用できない文字が含まれています。'],
  ],
  ['storeName', 'position', 'siteUrl', 'referenceMedium', 'utmSource', 'utmMedium', 'utmCampaign', 'utmTerm', 'utmContent'],
);

describeForm(
  'sendViolation',
  violationSchema,
  validViolation,
  [
    ['violateKindId', null, '違反の種類を選択してください。'],
    ['violateKindId', 0, '違反の種類の選択肢が正しくありません。'],
    ['bukkenKankeiId', null, '物件との関係を選択してください。'],
    ['bukkenKankeiId', 9, '物件との関係の選択肢が正しくありません。'],
    ['corporateName', long(101), '会社名は100文字以内で入力してください。'],
    ['nameSei', '', 'お名前（姓）を入力してください。'],
    ['nameSei', long(26), 'お名前（姓）は25文字以内で入力してください。'],
    ['nameMei', null, 'お名前（名）を入力してください。'],
    ['prefectureId', 0, MESSAGES.prefecture],
    ['prefectureId', 48, MESSAGES.prefecture],
    ['prefectureId', null, MESSAGES.prefecture],
    ['email', 'ichiro@@example.jp', MESSAGES.email],
    ['phone', '090-1234', MESSAGES.phone],
    ['violateUrl', '', '違反のある掲載ページのURLを入力してください。'],
    ['violateUrl', 'javascript:alert(1)', MESSAGES.url],
    ['dwellingName', long(101), '物件名は100文字以内で入力してください。'],
    ['free', '', '違反の内容を入力してください。'],
    ['free', long(2001), '違反の内容は2000文字以内で入力してください。'],
    ['recaptchaToken', '', MESSAGES.recaptchaRequired],
  ],
  ['corporateName', 'phone', 'dwellingName'],
);

describe('sendViolation: company name by relation', () => {
  it('is required when the reporter is the managing or another real-estate company', () => {
    for (const relation of [4, 5]) {
      expect(errorsOf(violationSchema(), { ...validViolation(), bukkenKankeiId: relation })).toEqual({ corporateName: CORPORATE_NAME_REQUIRED });
      expect(errorsOf(violationSchema(), { ...validViolation(), bukkenKankeiId: relation, corporateName: '株式会社すみか管理' })).toEqual({});
    }
  });
  it('is reported together with other fields’ errors', () => {
    expect(errorsOf(violationSchema(), { ...validViolation(), bukkenKankeiId: 4, email: 'x' })).toEqual({
      corporateName: CORPORATE_NAME_REQUIRED,
      email: MESSAGES.email,
    });
  });
});

describeForm(
  'createApply',
  applySchema,
  validApply,
  [
    ['globalKeys', [], APPLY_MESSAGES.noBukken],
    ['globalKeys', null, APPLY_MESSAGES.noBukken],
    ['globalKeys', ['bk123'], APPLY_MESSAGES.badKey],
    ['globalKeys', ['bk000000001', 'BK000000002'], APPLY_MESSAGES.badKey],
    ['globalKeys', Array.from({ length: 11 }, (_, i) => `bk${String(i + 1).padStart(9, '0')}`), APPLY_MESSAGES.tooMany],
    ['listKind', 'history_bukken', '一覧の種類の選択肢が正しくありません。'],
    ['name', '', 'お名前を入力してください。'],
    ['name', long(51), 'お名前は50文字以内で入力してください。'],
    ['kana', '田中 美咲', 'フリガナは全角カタカナで入力してください。'],
    ['kana', null, 'フリガナを入力してください。'],
    ['email', 'misaki', MESSAGES.email],
    ['phone', '080-9876', MESSAGES.phone],
    ['contactMethod', null, '希望連絡方法を選択してください。'],
    ['contactMethod', 'fax', '希望連絡方法の選択肢が正しくありません。'],
    ['moveInTiming', '', '入居希望時期を選択してください。'],
    ['moveInTiming', 'next_year', '入居希望時期の選択肢が正しくありません。'],
    ['requests', ['viewing', 'discount'], 'ご質問・ご要望の選択肢が正しくありません。'],
    ['freeText', long(1001), 'その他のご質問・ご要望は1000文字以内で入力してください。'],
    ['recaptchaToken', null, MESSAGES.recaptchaRequired],
  ],
  ['requests', 'freeText', 'isApp'],
);

describe('createApply: phone by contact method', () => {
  it('needs a phone number for phone or either, not for e-mail only', () => {
    expect(errorsOf(applySchema(), { ...validApply(), contactMethod: 'phone', phone: null })).toEqual({ phone: APPLY_MESSAGES.phoneNeeded });
    expect(errorsOf(applySchema(), { ...validApply(), contactMethod: 'any', phone: '' })).toEqual({ phone: APPLY_MESSAGES.phoneNeeded });
    expect(errorsOf(applySchema(), { ...validApply(), contactMethod: 'email', phone: null })).toEqual({});
  });
  it('drops duplicate listing keys', () => {
    const r = applySchema().parse({ ...validApply(), globalKeys: ['bk000000123', 'bk000000123', 'bk000004567'] });
    expect(r.globalKeys).toEqual(['bk000000123', 'bk000004567']);
  });
});

describeForm(
  'createCashbackApplication',
  () => cashbackSchema(NOW),
  validCashback,
  [
    ['name', null, 'お名前を入力してください。'],
    ['kana', 'Takahashi', 'フリガナは全角カタカナで入力してください。'],
    ['email', 'kenta@example', MESSAGES.email],
    ['phone', null, '電話番号を入力してください。'],
    ['phone', '0701112222', MESSAGES.phone],
    ['globalKey', null, 'ご契約の物件を選択してください。'],
    ['globalKey', 'bk12', CASHBACK_MESSAGES.badKey],
    ['companyName', '', 'ご契約の不動産会社名を入力してください。'],
    ['storeName', long(101), '店舗名は100文字以内で入力してください。'],
    ['contractDate', '2025-02-30', MESSAGES.date('ご契約日')],
    ['contractDate', '2025-06-03', CASHBACK_MESSAGES.contractInFuture],
    ['contractDate', '2024-12-03', CASHBACK_MESSAGES.contractTooOld],
    ['moveInDate', '', '入居日を入力してください。'],
    ['moveInDate', '2025-05-19', CASHBACK_MESSAGES.moveInBeforeContract],
    ['moveInDate', '2026-05-21', CASHBACK_MESSAGES.moveInTooLate],
    ['rent', 500, '月額賃料は1,000〜9,999,999円の範囲で入力してください。'],
    ['rent', null, '月額賃料を入力してください。'],
    ['postalCode', '150-00', MESSAGES.postalCode],
    ['prefectureId', 99, MESSAGES.prefecture],
    ['address', '', 'ご住所（市区町村以降）を入力してください。'],
    ['address', long(201), 'ご住所（市区町村以降）は200文字以内で入力してください。'],
    ['freeText', long(1001), '備考は1000文字以内で入力してください。'],
    ['recaptchaToken', '', MESSAGES.recaptchaRequired],
  ],
  ['storeName', 'freeText'],
);

describe('createCashbackApplication: dates against the JST calendar', () => {
  it('accepts a contract made today in Japan even when it is still yesterday in UTC', () => {
    const earlyMorningJst = new Date('2025-06-02T00:30:00+09:00');
    expect(errorsOf(cashbackSchema(earlyMorningJst), { ...validCashback(), contractDate: '2025-06-02', moveInDate: '2025-06-02' })).toEqual({});
  });
  it('accepts exactly 180 days after the contract, not 181', () => {
    expect(errorsOf(cashbackSchema(NOW), { ...validCashback(), contractDate: '2024-12-04', moveInDate: '2024-12-10' })).toEqual({});
    expect(errorsOf(cashbackSchema(NOW), { ...validCashback(), contractDate: '2024-12-03', moveInDate: '2024-12-10' })).toEqual({
      contractDate: CASHBACK_MESSAGES.contractTooOld,
    });
  });
});
