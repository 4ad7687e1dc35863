import { CASHBACK_CAMPAIGN as CAMPAIGN, CASHBACK_DEFAULT_AMOUNT } from '@sumika/spec';
import { formatDate, formatNumber } from '@sumika/shell-kit';

const MINUTE_MS = 60 * 1000;

/** SPEC §9's campaign window in Japan time: 2024年10月3日 15:00〜2024年10月17日 14:59 (the end is the last whole minute). */
export function campaignWindowText(): string {
  const lastMinute = Date.parse(CAMPAIGN.endsBefore) - MINUTE_MS;
  return `${formatDate(CAMPAIGN.startsAt, 'yyyy年M月d日 HH:mm')}〜${formatDate(lastMinute, 'yyyy年M月d日 HH:mm')}`;
}

const DEFAULT_TEXT = `最大${formatNumber(CASHBACK_DEFAULT_AMOUNT)}円`;
const CAMPAIGN_TEXT = `最大${formatNumber(CAMPAIGN.amount)}円`;

/** How the movers' cashback works, in order (the /apply start page and /cashback show the same steps). */
export const CASHBACK_STEPS: readonly { title: string; text: string }[] = [
  { title: '1. すみかで物件を問い合わせる', text: '気になる物件の詳細ページから、不動産会社へ無料で問い合わせます。' },
  { title: '2. 内見・契約する', text: '不動産会社と内見や条件の相談をして、賃貸借契約を結びます。' },
  { title: '3. 入居後に申請する', text: '入居したら、このページのフォームから契約内容と新住所を添えて申請します。' },
  { title: '4. お祝い金を受け取る', text: '不動産会社への確認と審査のうえ、お祝い金をお支払いします。結果はメールでお知らせします。' },
];

/** Who can apply. */
export const CASHBACK_CONDITIONS: readonly string[] = [
  'すみか経由で問い合わせた物件と、同じ物件で賃貸借契約を結び、入居していること',
  '申請者ご本人が契約者であること',
  '契約した不動産会社・契約日・入居日・月額賃料が確認できること',
  'お祝い金の申請は1つの契約につき1回までです',
];

/** The cashback page's FAQ (a <details> list). */
export const CASHBACK_FAQ: readonly { q: string; a: string }[] = [
  {
    q: 'お祝い金はいくらもらえますか？',
    a: `通常は${DEFAULT_TEXT}です。キャンペーン期間（${campaignWindowText()}）中の申請は${CAMPAIGN_TEXT}です。`,
  },
  {
    q: 'キャンペーン期間中に問い合わせて、期間後に申請した場合は？',
    a: '申請額は申請した時点の金額で確定します。申請完了画面と受付メールに申請額を記載します。',
  },
  {
    q: 'すみか以外で見つけた物件も対象になりますか？',
    a: 'すみかで問い合わせた物件が対象です。問い合わせた物件は「問い合わせた物件」の一覧から確認できます。',
  },
  { q: '物件番号はどこで確認できますか？', a: '物件詳細ページのURLの末尾（bkから始まる番号）です。' },
  { q: '申請後、いつ結果がわかりますか？', a: '不動産会社への契約確認が済みしだい、申請時のメールアドレスへご連絡します。' },
];
