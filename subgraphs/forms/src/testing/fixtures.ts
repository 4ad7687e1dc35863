/** Valid inputs of every form; tests spread these and break one field at a time. */

export const XSS_SCRIPT = '<script>alert(1)</script>';
export const XSS_IMG = '<img src=x onerror=alert(1)>';

export const validInquiry = () => ({
  name: '山田 太郎',
  email: 'taro.yamada@example.jp',
  inquiryType: 'bukken',
  inquiryContent: '掲載されている物件の設備について教えてください。\nエアコンは何台ありますか。',
  recaptchaToken: 'test-recaptcha-token',
  isApp: false,
});

export const validInbound = () => ({
  type: 'rental_brokerage',
  clientName: '株式会社すみか不動産',
  storeName: '渋谷駅前店',
  tantoName: '佐藤 花子',
  position: '店長',
  tel: '03-1234-5678',
  hasLicense: true,
  email: 'sato@sumika-fudosan.example.jp',
  siteUrl: 'https://sumika-fudosan.example.jp/',
  referenceMedium: 'search_engine',
  category: 'listing',
  content: '物件の掲載を検討しています。料金プランの資料をお送りください。',
  recaptchaToken: 'test-recaptcha-token',
  utmSource: 'google',
  utmMedium: 'cpc',
  utmCampaign: 'keisai_2024',
  utmTerm: '賃貸 掲載',
  utmContent: 'banner_a',
});

export const validViolation = () => ({
  violateKindId: 1,
  bukkenKankeiId: 1,
  corporateName: null,
  nameSei: '鈴木',
  nameMei: '一郎',
  prefectureId: 13,
  email: 'ichiro.suzuki@example.jp',
  phone: '090-1234-5678',
  violateUrl: 'https://sumika.example/bukken/detail/bk000000123',
  dwellingName: 'サンシャイン渋谷 203号室',
  free: '問い合わせたところ、すでに成約済みと言われ、別の物件を勧められました。',
  recaptchaToken: 'test-recaptcha-token',
});

export const validApply = () => ({
  globalKeys: ['bk000000123', 'bk000004567'],
  listKind: 'favorite_bukken',
  name: '田中 美咲',
  kana: 'タナカ ミサキ',
  email: 'misaki.tanaka@example.jp',
  phone: '080-9876-5432',
  contactMethod: 'any',
  moveInTiming: 'within_1_month',
  requests: ['vacancy', 'viewing'],
  freeText: '土日に内見できますか。',
  recaptchaToken: 'test-recaptcha-token',
  isApp: false,
});

/** Dates relative to the harness clock (2025-06-02 JST). */
export const validCashback = () => ({
  name: '高橋 健太',
  kana: 'タカハシ ケンタ',
  email: 'kenta.takahashi@example.jp',
  phone: '070-1111-2222',
  globalKey: 'bk000000123',
  companyName: '株式会社すみか不動産',
  storeName: '渋谷駅前店',
  contractDate: '2025-05-20',
  moveInDate: '2025-06-01',
  rent: 85_000,
  postalCode: '150-0002',
  prefectureId: 13,
  address: '渋谷区渋谷2-1-1 サンシャイン渋谷203',
  freeText: null,
  recaptchaToken: 'test-recaptcha-token',
});

export const SEND_INQUIRY = `mutation($name: String, $email: String, $inquiryType: String, $inquiryContent: String, $recaptchaToken: String, $isApp: Boolean) {
  sendInquiry(name: $name, email: $email, inquiryType: $inquiryType, inquiryContent: $inquiryContent, recaptchaToken: $recaptchaToken, isApp: $isApp) {
    id receiptNumber receivedAt email isApp summary { label value }
  }
}`;

export const SEND_INBOUND = `mutation($type: String, $clientName: String, $storeName: String, $tantoName: String, $position: String, $tel: String,
  $hasLicense: Boolean, $email: String, $siteUrl: String, $referenceMedium: String, $category: String, $content: String, $recaptchaToken: String,
  $utmSource: String, $utmMedium: String, $utmCampaign: String, $utmTerm: String, $utmContent: String) {
  sendInboundInquiries(type: $type, clientName: $clientName, storeName: $storeName, tantoName: $tantoName, position: $position, tel: $tel,
    hasLicense: $hasLicense, email: $email, siteUrl: $siteUrl, referenceMedium: $referenceMedium, category: $category, content: $content,
    recaptchaToken: $recaptchaToken, utmSource: $utmSource, utmMedium: $utmMedium, utmCampaign: $utmCampaign, utmTerm: $utmTerm, utmContent: $utmContent) {
    id receiptNumber receivedAt email summary { label value }
  }
}`;

export const SEND_VIOLATION = `mutation($violateKindId: Int, $bukkenKankeiId: Int, $corporateName: String, $nameSei: String, $nameMei: String, $prefectureId: Int,
  $email: String, $phone: String, $violateUrl: String, $dwellingName: String, $free: String, $recaptchaToken: String) {
  sendViolation(violateKindId: $violateKindId, bukkenKankeiId: $bukkenKankeiId, corporateName: $corporateName, nameSei: $nameSei, nameMei: $nameMei,
    prefectureId: $prefectureId, email: $email, phone: $phone, violateUrl: $violateUrl, dwellingName: $dwellingName, free: $free, recaptchaToken: $recaptchaToken) {
    id receiptNumber receivedAt email summary { label value }
  }
}`;

export const CREATE_APPLY = `mutation($input: ApplyInput!) {
  createApply(input: $input) {
    id receiptNumber receivedAt email listKind globalKeys bukkens { globalKey } summary { label value }
    cashbackCampaign { amountText limited }
  }
}`;

export const CREATE_CASHBACK = `mutation($input: CashbackApplicationInput!) {
  createCashbackApplication(input: $input) { id receiptNumber receivedAt email amountText maxAmount summary { label value } }
}`;
