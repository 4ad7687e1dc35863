import { Section, StaticArticle, useStaticMeta, type ShellPageProps } from './static-page.js';

export default function PrivacyPage(props: ShellPageProps) {
  useStaticMeta(props, {
    title: 'プライバシーポリシー',
    description: 'すみかにおける個人情報の取り扱い、Cookieの利用、第三者提供、開示請求の方法について定めたプライバシーポリシーです。',
    path: '/specific/privacy',
  });
  return (
    <StaticArticle
      lead={
        <p>
          株式会社すみか（以下「当社」）は、利用者の個人情報の重要性を認識し、個人情報の保護に関する法律その他の関係法令を遵守して、以下のとおり個人情報を取り扱います。
        </p>
      }
    >
      <Section title="1. 取得する情報">
        <ul>
          <li>お問い合わせの際に入力いただく氏名、メールアドレス、電話番号、お問い合わせ内容</li>
          <li>お気に入り、閲覧履歴、保存した検索条件などのご利用履歴</li>
          <li>Cookie、端末の識別子、IPアドレス、ブラウザの種類、参照元URLなどのアクセス情報</li>
        </ul>
      </Section>
      <Section title="2. 利用目的">
        <ul>
          <li>物件のお問い合わせを掲載会社に取り次ぐため</li>
          <li>お気に入りや検索条件の保存など、本サービスの機能を提供するため</li>
          <li>新着物件や値下げ情報などのお知らせを配信するため（ご希望の方のみ）</li>
          <li>お問い合わせへの回答、本人確認のため</li>
          <li>サービスの改善、新サービスの開発、利用状況の統計的な分析のため</li>
          <li>不正利用の防止、セキュリティの確保のため</li>
        </ul>
      </Section>
      <Section title="3. 第三者提供">
        <p>当社は、次の場合を除き、あらかじめ本人の同意を得ることなく個人情報を第三者に提供しません。</p>
        <ul>
          <li>物件のお問い合わせにおいて、問い合わせ先の掲載会社に提供する場合</li>
          <li>法令に基づく場合</li>
          <li>人の生命、身体または財産の保護のために必要であって、本人の同意を得ることが困難な場合</li>
        </ul>
      </Section>
      <Section title="4. Cookieの利用">
        <p>
          本サービスでは、お気に入りや検索条件を保存するため、また利用状況の分析のためにCookieを使用しています。Cookieにより個人を特定する情報を取得することはありません。ブラウザの設定でCookieを無効にできますが、一部の機能がご利用いただけなくなります。
        </p>
      </Section>
      <Section title="5. 安全管理">
        <p>
          当社は、個人情報への不正アクセス、紛失、漏えい等を防止するため、アクセス制御、通信の暗号化、従業員への教育など、必要かつ適切な安全管理措置を講じます。
        </p>
      </Section>
      <Section title="6. 開示・訂正・利用停止">
        <p>
          本人から個人情報の開示、訂正、追加、削除、利用停止のご請求があった場合は、本人確認のうえ、法令に従い遅滞なく対応します。
          <a href="/users_inquiry">お問い合わせフォーム</a>からご連絡ください。
        </p>
      </Section>
      <Section title="7. お問い合わせ窓口">
        <p>
          株式会社すみか 個人情報保護管理者
          <br />
          〒150-0002 東京都渋谷区渋谷二丁目1番1号
        </p>
      </Section>
      <p className="shell-static__date">制定：2012年4月1日／最終改定：2024年10月1日</p>
    </StaticArticle>
  );
}
