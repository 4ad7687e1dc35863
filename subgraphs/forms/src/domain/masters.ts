/** A choice on a form: `code` is what the form sends, `name` what it shows. */
export interface MasterOption<C extends string | number = string> {
  readonly code: C;
  readonly name: string;
}

/** SPEC §3 inquiry types (name, code) of the visitors' inquiry form (/users_inquiry). */
export const INQUIRY_TYPES: readonly MasterOption[] = [
  { code: 'usage', name: 'サイトの使い方について' },
  { code: 'bukken', name: '掲載物件の情報について' },
  { code: 'company', name: '不動産会社の対応について' },
  { code: 'favorite', name: 'お気に入り・検索条件の保存について' },
  { code: 'app', name: 'スマートフォンアプリについて' },
  { code: 'cashback', name: 'お祝い金（キャッシュバック）について' },
  { code: 'mail', name: 'メールマガジン・お知らせメールについて' },
  { code: 'privacy', name: '個人情報の取り扱いについて' },
  { code: 'request', name: 'ご意見・ご要望' },
  { code: 'other', name: 'その他' },
];

export interface ViolationKind extends MasterOption<number> {
  readonly description: string;
}

/** SPEC §3 violation kinds of the violation report (/violate, 掲載110番): the usual breaches of the real-estate advertising rules. */
export const VIOLATION_KINDS: readonly ViolationKind[] = [
  {
    code: 1,
    name: 'おとり広告の疑い（成約済み・実在しない物件）',
    description: '問い合わせると「すでに決まった」と言われた、来店すると別の物件を勧められた など',
  },
  { code: 2, name: '賃料・管理費・初期費用の表示が実際と異なる', description: '敷金・礼金・仲介手数料・保証料など、表示にない費用を請求された場合も含みます' },
  { code: 3, name: '間取り・面積・設備の表示が実際と異なる', description: 'エアコン・バストイレ別・オートロックなどの設備の有無を含みます' },
  { code: 4, name: '所在地・交通（駅からの徒歩分数）の表示が実際と異なる', description: '最寄り駅や徒歩分数が実際と大きく異なる など' },
  { code: 5, name: '写真・画像が実際の物件と異なる', description: '別の部屋・別の建物の写真が使われている など' },
  { code: 6, name: '築年数・構造など建物の情報が実際と異なる', description: '築年月・階数・構造（鉄筋コンクリートなど）の誤り' },
  { code: 7, name: '不動産会社の対応に問題がある', description: '来店の強要、説明のない費用の請求、強引な勧誘 など' },
  { code: 8, name: 'その他', description: '上記にあてはまらない掲載内容の問題' },
];

export interface BukkenKankei extends MasterOption<number> {
  /** The reporter speaks for a company, so the form asks for its name. */
  readonly requiresCorporateName: boolean;
}

/** SPEC §3 relations of the reporter to the listing (物件との関係). */
export const BUKKEN_KANKEI: readonly BukkenKankei[] = [
  { code: 1, name: 'この物件に問い合わせた・入居を検討した', requiresCorporateName: false },
  { code: 2, name: 'この物件の入居者（現在・過去）', requiresCorporateName: false },
  { code: 3, name: 'この物件の貸主（オーナー）', requiresCorporateName: false },
  { code: 4, name: 'この物件の管理会社', requiresCorporateName: true },
  { code: 5, name: 'ほかの不動産会社（同業者）', requiresCorporateName: true },
  { code: 6, name: 'その他', requiresCorporateName: false },
];

/** Business types of the companies that contact the operator (/inbound_inquiries `type`). */
export const INBOUND_TYPES: readonly MasterOption[] = [
  { code: 'rental_brokerage', name: '賃貸仲介会社' },
  { code: 'rental_management', name: '賃貸管理会社' },
  { code: 'sales_brokerage', name: '売買仲介会社' },
  { code: 'developer', name: '不動産開発・分譲会社' },
  { code: 'owner', name: '大家・オーナー' },
  { code: 'other', name: 'その他の事業者' },
];

/** SPEC §3 inbound-inquiry categories: what the company asks about. */
export const INBOUND_CATEGORIES: readonly MasterOption[] = [
  { code: 'listing', name: '物件掲載のお申し込み・ご相談' },
  { code: 'pricing', name: '掲載料金・プランについて' },
  { code: 'document', name: '資料請求' },
  { code: 'feed', name: '物件データの連携（入稿システム）について' },
  { code: 'contract', name: 'ご契約中の掲載について' },
  { code: 'partnership', name: '広告掲載・業務提携のご相談' },
  { code: 'other', name: 'その他' },
];

/** SPEC §3 inbound-inquiry reference media: how the company heard of the site. */
export const REFERENCE_MEDIA: readonly MasterOption[] = [
  { code: 'search_engine', name: '検索エンジン（Google・Yahoo!など）' },
  { code: 'web_ad', name: 'Web広告' },
  { code: 'sns', name: 'SNS（X・Instagram・LINEなど）' },
  { code: 'seminar', name: '展示会・セミナー' },
  { code: 'trade_press', name: '業界紙・専門誌' },
  { code: 'referral', name: '取引先・知人からの紹介' },
  { code: 'sales', name: '弊社営業担当からのご案内' },
  { code: 'site_user', name: '物件探しでサイトを利用して' },
  { code: 'other', name: 'その他' },
];

/** SPEC §3 inquiry list kinds: which list the listings of an apply were picked from. */
export const APPLY_LIST_KINDS: readonly MasterOption[] = [
  { code: 'building_page_bukken', name: '建物ページの空室' },
  { code: 'contacted_bukken', name: 'お問い合わせ済みの物件' },
  { code: 'favorite_bukken', name: 'お気に入りの物件' },
];

/** How the visitor wants the real-estate company to reply. */
export const CONTACT_METHODS: readonly MasterOption[] = [
  { code: 'email', name: 'メール' },
  { code: 'phone', name: '電話' },
  { code: 'any', name: 'メール・電話どちらでも' },
];

/** Contact methods for which the company needs a phone number. */
export const CONTACT_METHODS_NEEDING_PHONE: ReadonlySet<string> = new Set(['phone', 'any']);

export const MOVE_IN_TIMINGS: readonly MasterOption[] = [
  { code: 'asap', name: 'すぐにでも' },
  { code: 'within_1_month', name: '1ヶ月以内' },
  { code: 'within_2_months', name: '2ヶ月以内' },
  { code: 'within_3_months', name: '3ヶ月以内' },
  { code: 'within_6_months', name: '半年以内' },
  { code: 'undecided', name: '未定' },
];

/** The questions / requests checkboxes of the apply form. */
export const APPLY_REQUESTS: readonly MasterOption[] = [
  { code: 'vacancy', name: '最新の空室状況を知りたい' },
  { code: 'viewing', name: '実際に見学したい' },
  { code: 'initial_cost', name: '初期費用の見積もりを知りたい' },
  { code: 'conditions', name: '入居条件（ペット・楽器・保証人など）を確認したい' },
  { code: 'parking', name: '駐車場・駐輪場の空き状況を知りたい' },
  { code: 'similar', name: '条件の近いほかの物件も紹介してほしい' },
  { code: 'online', name: 'オンライン内見・IT重説を希望する' },
  { code: 'other', name: 'その他（自由記入欄に記入）' },
];

/** Listings one apply may ask about at once (each goes to its real-estate company). */
export const MAX_APPLY_BUKKENS = 10;

export function nameOf<C extends string | number>(options: readonly MasterOption<C>[], code: C | null | undefined): string {
  return options.find((o) => o.code === code)?.name ?? '';
}
