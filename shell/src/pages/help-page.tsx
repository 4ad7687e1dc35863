import { FAVORITE_LIMIT } from '@sumika/shell-kit';
import { Section, StaticArticle, useStaticMeta, type ShellPageProps } from './static-page.js';

const FAQ: { q: string; a: string }[] = [
  {
    q: '会員登録は必要ですか？',
    a: '会員登録は不要です。お気に入り・閲覧履歴・検索条件の保存は、ご利用のブラウザに紐づけて保存されます。ブラウザのCookieを削除すると、保存した内容が表示されなくなることがあります。',
  },
  {
    q: 'お気に入りは何件まで保存できますか？',
    a: `お気に入り物件は最大${FAVORITE_LIMIT}件まで保存できます。上限に達した状態で追加すると、いちばん古いお気に入りを削除して追加するかどうかを確認するメッセージが表示されます。`,
  },
  {
    q: '検索条件を保存するには？',
    a: '検索結果画面の「この条件を保存する」ボタンから保存できます。保存した条件は、ヘッダーの「保存した条件」（スマートフォンではヘッダーの「マイメニュー」の「保存した条件」）から呼び出せます。新着物件のお知らせメールを受け取ることもでき、条件ごとに「新着のたびに」「1日1回」「配信しない」を選べます。',
  },
  {
    q: '物件の問い合わせをすると費用はかかりますか？',
    a: 'お問い合わせは無料です。お問い合わせ内容は、物件を掲載している不動産会社に直接届きます。見学や契約の条件は不動産会社とご相談ください。',
  },
  {
    q: '掲載されている物件がすでに契約済みだった',
    a: '掲載情報は不動産会社が随時更新していますが、タイミングによっては募集が終了している場合があります。お手数ですが、不動産会社に最新の空室状況をご確認ください。募集終了が続く物件は「掲載110番」からお知らせいただけます。',
  },
  {
    q: '表示される「家賃相場」とは何ですか？',
    a: '同じ駅（駅の物件が少ない場合は同じ市区町村）で、間取りが同じ掲載中の物件の「家賃＋管理費」の中央値です。物件の家賃が相場と比べて高いか安いかの目安としてご利用ください。',
  },
  {
    q: '初期費用の目安はどのように計算していますか？',
    a: '敷金・礼金・前家賃（1か月分）・仲介手数料（家賃1か月分＋消費税）・保証会社の初回保証料・鍵交換費用の合計を目安として表示しています。実際の金額は不動産会社にご確認ください。',
  },
  {
    q: 'スマートフォンアプリはありますか？',
    a: 'iPhone・Android向けの公式アプリがあります。アプリでは新着物件や値下げのプッシュ通知を受け取れます。お気に入りや検索条件はアプリでもご利用いただけます。',
  },
  {
    q: '推奨環境を教えてください',
    a: 'パソコンでは最新版のGoogle Chrome、Microsoft Edge、Safari、Firefox。スマートフォンではiOS・Androidの最新版の標準ブラウザを推奨しています。JavaScriptとCookieを有効にしてご利用ください。',
  },
];

export default function HelpPage(props: ShellPageProps) {
  useStaticMeta(props, {
    title: 'ヘルプ・よくある質問',
    description: 'すみかの使い方やよくある質問。お気に入り・検索条件の保存、問い合わせ、家賃相場や初期費用の見方、推奨環境をご案内します。',
    path: '/statics/help',
  });
  return (
    <StaticArticle
      lead={
        <p>
          すみかをご利用いただく際によくいただくご質問をまとめました。解決しない場合は<a href="/users_inquiry">お問い合わせフォーム</a>からご連絡ください。
        </p>
      }
    >
      <Section title="よくある質問">
        <dl className="shell-faq">
          {FAQ.map((f) => (
            <div key={f.q} className="shell-faq__item">
              <dt>Q. {f.q}</dt>
              <dd>A. {f.a}</dd>
            </div>
          ))}
        </dl>
      </Section>
      <Section title="関連ページ">
        <ul>
          <li>
            <a href="/statics/beginner">はじめての部屋探しガイド</a>
          </li>
          <li>
            <a href="/statics/flow">お部屋探しから入居までの流れ</a>
          </li>
          <li>
            <a href="/checklist">内見チェックリスト</a>
          </li>
          <li>
            <a href="/specific/terms">利用規約</a>
          </li>
          <li>
            <a href="/specific/privacy">プライバシーポリシー</a>
          </li>
        </ul>
      </Section>
    </StaticArticle>
  );
}
