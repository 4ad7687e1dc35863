import { gql, type TypedDocumentNode } from '@apollo/client';
import type { ShellAwardsQuery, ShellAwardsQueryVariables } from '../__generated__/operations.js';
import { useQuery } from '@apollo/client/react';
import { ErrorBox } from '@sumika/shell-kit';
import { Section, StaticArticle, useStaticMeta, type ShellPageProps } from './static-page.js';

export const AWARDS: TypedDocumentNode<ShellAwardsQuery, ShellAwardsQueryVariables> = gql`
  query ShellAwards {
    awards {
      year
      companies {
        id
        key
        clientName
        companyName
        address
      }
    }
  }
`;

export default function AwardPage(props: ShellPageProps) {
  useStaticMeta(props, {
    title: 'すみかアワード 優良店舗表彰',
    description: 'お客様の評価や対応品質が特に優れた不動産会社の店舗を表彰する「すみかアワード」の受賞店舗一覧です。',
    path: '/award',
  });
  const { data, error, refetch } = useQuery(AWARDS);
  return (
    <StaticArticle
      lead={
        <p>
          すみかアワードは、お問い合わせへの対応の速さと丁寧さ、お客様からの口コミ評価、掲載情報の正確さをもとに、年に一度、優れた不動産会社の店舗を表彰するものです。
        </p>
      }
    >
      <Section title="選考基準">
        <ul>
          <li>お問い合わせへの初回返信までの時間と内容</li>
          <li>ご来店・内見されたお客様からの口コミ評価</li>
          <li>掲載情報の正確さ（募集終了物件の速やかな非掲載など）</li>
        </ul>
      </Section>
      {error && !data && <ErrorBox message="受賞店舗を読み込めませんでした。" onRetry={() => void refetch()} />}
      {(data?.awards ?? []).map((y) => (
        <Section key={y.year} title={`${y.year}年 受賞店舗（${y.companies.length}店舗）`}>
          <ul className="shell-company-list">
            {y.companies.map((c) => (
              <li key={c.id}>
                <a href={`/bukken/company/${encodeURIComponent(c.key)}`}>{c.clientName}</a>
                <span>{c.address}</span>
              </li>
            ))}
          </ul>
        </Section>
      ))}
    </StaticArticle>
  );
}
