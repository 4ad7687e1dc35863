import { Section, StaticArticle, useStaticMeta, type ShellPageProps } from './static-page.js';

const GROUPS: { title: string; items: string[] }[] = [
  {
    title: '持ち物',
    items: [
      'メジャー（5m以上あると安心）',
      'スマートフォン（写真・動画・方位の確認に）',
      '間取り図のコピーと筆記用具',
      'スリッパ',
      'ビー玉（床の傾きの確認に）',
    ],
  },
  {
    title: '室内',
    items: [
      '日当たりと窓の向き（方位）',
      '窓・網戸・カーテンレールのサイズ',
      '冷蔵庫・洗濯機置場の幅と奥行き、防水パンの有無',
      'コンセントとテレビ端子の位置と数',
      '収納の広さと奥行き',
      '壁や床の傷・汚れ（入居前からのものか確認）',
      'エアコンの製造年と動作',
      '携帯電話の電波状況',
    ],
  },
  {
    title: '水まわり',
    items: [
      '水の出と排水の流れ、においがしないか',
      'キッチンのコンロの種類（ガス・IH）と口数',
      '浴室の換気扇、カビの有無',
      '独立洗面台の有無と収納',
      'トイレの温水洗浄便座の有無',
    ],
  },
  {
    title: '共用部分・建物',
    items: [
      'エントランスとオートロック、宅配ボックス',
      'ゴミ置き場の場所と清潔さ（24時間出せるか）',
      '郵便受けや駐輪場の管理状態',
      'エレベーターの有無と大きさ',
      '掲示板の注意書き（騒音などのトラブルの手がかり）',
    ],
  },
  {
    title: '周辺環境',
    items: [
      '駅までの実際の所要時間と道の明るさ',
      'スーパー・コンビニ・ドラッグストアまでの距離',
      '病院・役所・郵便局',
      '線路や幹線道路からの騒音',
      '昼と夜の雰囲気の違い',
    ],
  },
];

export default function ChecklistPage(props: ShellPageProps) {
  useStaticMeta(props, {
    title: '内見チェックリスト',
    description: '賃貸物件の内見（見学）で確認したいポイントのチェックリスト。持ち物、室内、水まわり、共用部分、周辺環境のチェック項目をまとめました。',
    path: '/checklist',
  });
  return (
    <StaticArticle
      lead={<p>内見は、写真や間取り図だけではわからない部屋の状態を確かめる大切な機会です。印刷したり、スマートフォンで開いたりしてご活用ください。</p>}
    >
      {GROUPS.map((g) => (
        <Section key={g.title} title={g.title}>
          <ul className="shell-checklist">
            {g.items.map((item) => (
              <li key={item}>
                <label>
                  <input type="checkbox" /> {item}
                </label>
              </li>
            ))}
          </ul>
        </Section>
      ))}
      <Section title="内見のあとに">
        <p>
          気に入った物件は人気があり、すぐに申し込みが入ることもあります。迷っている場合は、不動産会社に申し込みの期限や他の申し込み状況を確認しておきましょう。
        </p>
      </Section>
    </StaticArticle>
  );
}
