import { Section, StaticArticle, useStaticMeta, type ShellPageProps } from './static-page.js';

export default function SamplesPage(props: ShellPageProps) {
  useStaticMeta(props, {
    title: '掲載サンプル',
    description: '不動産会社さま向け：すみかの物件一覧・物件詳細・店舗ページの掲載イメージと、掲載できる情報の一覧です。',
    path: '/samples',
    parents: [{ text: '事業者の方へ', path: '/statics/business' }],
  });
  return (
    <StaticArticle
      lead={<p>すみかに物件を掲載した場合の表示イメージです。写真や間取り図、設備の情報を充実させるほど、お問い合わせにつながりやすくなります。</p>}
    >
      <Section title="物件一覧での表示">
        <div className="shell-sample-card">
          <div className="shell-sample-card__image" aria-hidden="true">
            外観写真
          </div>
          <div>
            <p className="shell-sample-card__name">サンプルマンション 201</p>
            <p>
              <strong className="shell-sample-card__rent">8.5万円</strong> 管理費 5,000円 ／ 敷1 礼1
            </p>
            <p>1LDK ／ 35.2m² ／ 南向き ／ 築8年</p>
            <p>JR山手線 渋谷駅 徒歩7分</p>
          </div>
        </div>
        <p>一覧では、外観写真、家賃と管理費、敷金・礼金、間取り、専有面積、最寄り駅からの徒歩分数が表示されます。</p>
      </Section>
      <Section title="物件詳細で掲載できる情報">
        <ul>
          <li>写真（外観・間取り図・室内・共用部分・周辺環境）</li>
          <li>賃料条件（家賃、管理費・共益費、敷金・礼金、保証金、更新料）</li>
          <li>建物情報（構造、階建、築年月、総戸数）と部屋情報（階、向き、間取り詳細）</li>
          <li>設備・条件（バス・トイレ別、オートロック、ペット可など9カテゴリ）</li>
          <li>店舗からのおすすめコメント</li>
        </ul>
      </Section>
      <Section title="関連ページ">
        <ul>
          <li>
            <a href="/samples/features">特集ページの掲載サンプル</a>
          </li>
          <li>
            <a href="/inbound_inquiries">掲載のお問い合わせ</a>
          </li>
        </ul>
      </Section>
    </StaticArticle>
  );
}
