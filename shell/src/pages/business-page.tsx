import { Section, StaticArticle, useStaticMeta, type ShellPageProps } from './static-page.js';

export default function BusinessPage(props: ShellPageProps) {
  useStaticMeta(props, {
    title: '会社概要・事業者の方へ',
    description: 'すみかを運営する会社の概要と、不動産会社さま向けの物件掲載・広告掲載のご案内です。',
    path: '/statics/business',
  });
  return (
    <StaticArticle lead={<p>すみかは、部屋を探すすべての人が、自分らしい住まいに出会えることを目指す賃貸住宅情報サイトです。</p>}>
      <Section title="会社概要">
        <table className="shell-table">
          <tbody>
            <tr>
              <th>会社名</th>
              <td>株式会社すみか</td>
            </tr>
            <tr>
              <th>所在地</th>
              <td>〒150-0002 東京都渋谷区渋谷二丁目1番1号</td>
            </tr>
            <tr>
              <th>設立</th>
              <td>2012年4月</td>
            </tr>
            <tr>
              <th>資本金</th>
              <td>1億円</td>
            </tr>
            <tr>
              <th>事業内容</th>
              <td>不動産情報サイトの企画・運営、不動産会社向け広告事業、引っ越し関連サービスの紹介</td>
            </tr>
            <tr>
              <th>加盟団体</th>
              <td>公益社団法人 首都圏不動産公正取引協議会（賛助会員）</td>
            </tr>
          </tbody>
        </table>
      </Section>
      <Section title="不動産会社さまへ：物件掲載のご案内">
        <p>
          すみかには、全国の賃貸物件を探すユーザーが毎月多数訪れています。物件情報の掲載、特集ページへの掲載、店舗ページの作成など、集客に役立つプランをご用意しています。
        </p>
        <ul>
          <li>掲載料金は、掲載物件数に応じた月額プランと、反響課金プランからお選びいただけます。</li>
          <li>掲載物件は管理画面または各種データ連携サービスから登録できます。</li>
          <li>反響（お問い合わせ）はメールと管理画面でリアルタイムにお届けします。</li>
        </ul>
        <p>
          <a className="sk-button sk-button--primary" href="/inbound_inquiries">
            掲載のお問い合わせ
          </a>
        </p>
      </Section>
      <Section title="掲載基準について">
        <p>
          すみかでは、不動産の表示に関する公正競争規約に基づき、おとり広告や事実と異なる表示を禁止しています。不適切な掲載を見つけた場合は
          <a href="/violate">掲載110番</a>からお知らせください。
        </p>
      </Section>
    </StaticArticle>
  );
}
