import { Section, StaticArticle, useStaticMeta, type ShellPageProps } from './static-page.js';

const STEPS: { title: string; period: string; body: string }[] = [
  {
    title: '条件を整理する',
    period: '入居の1.5〜2か月前',
    body: '家賃の上限、エリア、間取り、入居希望日を決めます。ゆずれない条件を3つほどに絞っておくと、物件選びがスムーズです。',
  },
  {
    title: '物件を探す・比較する',
    period: '入居の1〜1.5か月前',
    body: '気になる物件はお気に入りに保存し、「比較する」で家賃・初期費用・広さ・駅からの距離を並べて比べましょう。家賃相場との差も参考になります。',
  },
  {
    title: '不動産会社に問い合わせる',
    period: '入居の1か月前',
    body: '空室状況や見学の日程を問い合わせます。複数の物件をまとめて問い合わせることもできます。',
  },
  {
    title: '内見（見学）する',
    period: '問い合わせの数日後',
    body: '実際に部屋を見て、日当たり・騒音・収納・周辺環境を確認します。内見チェックリストを持っていくと、確認漏れを防げます。',
  },
  {
    title: '入居を申し込む・審査',
    period: '内見当日〜1週間',
    body: '入居申込書を提出すると、大家さんや保証会社による入居審査が行われます。本人確認書類や収入を証明する書類を準備しておきましょう。審査には3日〜1週間ほどかかります。',
  },
  { title: '契約する', period: '審査通過後', body: '重要事項説明を受け、賃貸借契約を結びます。初期費用（敷金・礼金・前家賃・仲介手数料など）を支払います。' },
  {
    title: '引っ越し・入居',
    period: '契約後',
    body: '鍵を受け取り、電気・ガス・水道・インターネットの手続きをします。入居時に部屋の傷や汚れを写真に残しておくと、退去時のトラブル防止になります。',
  },
];

export default function FlowPage(props: ShellPageProps) {
  useStaticMeta(props, {
    title: 'お部屋探しから入居までの流れ',
    description: '賃貸物件の探し方から問い合わせ、内見、申し込み、審査、契約、入居までの流れとスケジュールの目安を解説します。',
    path: '/statics/flow',
  });
  return (
    <StaticArticle lead={<p>お部屋探しから入居までは、おおむね1〜2か月かかります。各ステップの目安の時期とやることを確認しておきましょう。</p>}>
      <ol className="shell-steps">
        {STEPS.map((s, i) => (
          <li key={s.title}>
            <Section title={`STEP${i + 1} ${s.title}`}>
              <p className="shell-steps__period">{s.period}</p>
              <p>{s.body}</p>
            </Section>
          </li>
        ))}
      </ol>
      <Section title="必要な書類の例">
        <ul>
          <li>本人確認書類（運転免許証、マイナンバーカード、パスポートなど）</li>
          <li>収入を証明する書類（源泉徴収票、課税証明書、内定通知書など）</li>
          <li>住民票（契約時に求められることがあります）</li>
          <li>連帯保証人の同意書・印鑑証明書（保証人が必要な物件の場合）</li>
        </ul>
      </Section>
    </StaticArticle>
  );
}
